import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameEvent, GameState, LegalAction } from '../../board/index.ts';
import { applyEvent, legalActions, newGame } from '../../board/index.ts';
import { randomEvent } from './random-games.ts';
import { tinyScenario } from './helpers.ts';

/** Actions that move the game on; passing, alliance talk and the clock only shuffle whose turn it is. */
const PROGRESS = new Set<GameEvent['type']>([
  'setup',
  'first.call',
  'first.readout',
  'homeland',
  'ally.home',
  'ally.buy',
  'attack',
  'weapon',
  'battle',
  'endgame.start',
]);

/**
 * A state has a way forward when some player may take a progress action now, or after the players
 * in turn pass (at most once round the table). This is what the 1982 world's deadlock broke: two
 * allies left, every attack refused by rule 11A, Pass the only move for ever.
 */
function hasWayForward(s: GameState): boolean {
  let t = s;
  for (let round = 0; round <= t.players.length; round++) {
    const acts = legalActions(t);
    if (acts.some((a) => PROGRESS.has(a.type))) return true;
    const pass = acts.find((a) => a.type === 'pass');
    if (!pass) return false;
    const r = applyEvent(t, { type: 'pass', player: pass.player! });
    if (!r.ok) return false;
    t = r.state;
  }
  return false;
}

/** An event from the engine's own list, attacks and battles favoured so homelands fall and players go out. */
function fromLegal(s: GameState, acts: LegalAction[], pick: (n: number) => number): GameEvent | null {
  const weight = (a: LegalAction): number =>
    (({ attack: 6, battle: 4, weapon: 4, 'ally.buy': 2, 'alliance.form': 6, pass: 1 }) as Record<string, number>)[
      a.type
    ] ?? 0;
  const pool = acts.flatMap((a) => Array<LegalAction>(weight(a)).fill(a));
  if (!pool.length) return null;
  const a = pool[pick(pool.length)];
  const one = <T>(xs: readonly T[]): T => xs[pick(xs.length)];
  switch (a.type) {
    case 'attack':
    case 'ally.buy':
      return { type: a.type, player: a.player!, country: String(one(a.choices)) };
    case 'weapon':
      return a.choices.length ? { type: 'weapon', player: a.player!, weapon: one(a.choices) as never } : null;
    case 'alliance.form':
      return { type: 'alliance.form', players: [a.player!, String(one(a.choices))] };
    case 'pass':
      return { type: 'pass', player: a.player! };
    default:
      return randomEvent(s, pick); // battles and the rest: the random generator fills in figures
  }
}

describe('a game always has a way forward', { timeout: 120_000 }, () => {
  it('in random games driven by the legal actions, eliminations included (fast-check)', () => {
    let eliminations = 0;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0x7fffffff }), { minLength: 64, maxLength: 64 }), (seeds) => {
        let i = 0;
        const pick = (n: number): number => (n <= 1 ? 0 : seeds[i++ % seeds.length] % n);
        let s = newGame(tinyScenario);
        for (let k = 0; k < 400 && s.phase !== 'over'; k++) {
          const acts = legalActions(s);
          // Three players with deep pockets: alliances of two and homeland conquests come quickly.
          const e =
            s.phase === 'setup'
              ? {
                  type: 'setup' as const,
                  players: ['Ann', 'Bob', 'Cy'].map((name, c) => ({ name, color: `c${c}` })),
                  chips: { '1000': 60, '500': 20, '100': 40 },
                }
              : ((['first-player', 'homelands', 'home-alliances', 'awaiting-endgame', 'endgame'].includes(s.phase)
                  ? null
                  : fromLegal(s, acts, pick)) ?? randomEvent(s, pick));
          const r = applyEvent(s, e);
          if (!r.ok) continue;
          s = r.state;
          if (s.phase !== 'over')
            expect(
              hasWayForward(s),
              `stuck at ${s.phase}, turn ${s.turn}, alliances ${JSON.stringify(s.alliances)}`,
            ).toBe(true);
        }
        if (s.players.some((p) => p.eliminated)) eliminations++;
      }),
      { numRuns: 25, seed: 1982 },
    );
    // The generator must reach eliminations, or the property says nothing about them.
    expect(eliminations).toBeGreaterThan(0);
  });
});
