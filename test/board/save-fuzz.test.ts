import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { GameState } from '../../board/index.ts';
import { applyEvent, deserializeGame, gameMachine, newGame, serializeGame, world1982 } from '../../board/index.ts';
import { randomEvent } from './random-games.ts';
import { tinyScenario } from './helpers.ts';
import { prngPick } from '../harness/prng.ts';

/** Saved games from random play: the opening, wars in progress, end games. */
function savedGames(pick: (n: number) => number): GameState[] {
  const out: GameState[] = [];
  for (const scenario of [tinyScenario, world1982()]) {
    let s = newGame(scenario);
    for (let k = 0; k < 400 && s.phase !== 'over'; k++) {
      const r = applyEvent(s, randomEvent(s, pick));
      if (!r.ok) continue;
      s = r.state;
      if (k % 20 === 0 || s.war || s.endgame) out.push(s);
    }
  }
  return out;
}

/** Every leaf of a JSON value with the path to it. */
function leaves(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof v === 'object' && v !== null) {
    out.push(path);
    for (const [k, x] of Object.entries(v)) leaves(x, [...path, Array.isArray(v) ? Number(k) : k], out);
  } else out.push(path);
  return out;
}

const JUNK: unknown[] = [null, -1, 0, 1e300, 2 ** 53, 0.5, '', 'Zed', 'tank', 'Ann', [], {}, [1], { a: 1 }, true];

describe('a corrupt board save (issue: 2,197 of 20,000 mutations were accepted, 80 then threw)', () => {
  it(
    'is refused with a sentence, or loads into a game whose machine never reaches its error state',
    { timeout: 120_000 },
    () => {
      const pick = prngPick(1982);
      // Each saved game's text and the paths to its fields, worked out once: serializing a game and
      // walking its leaves anew for each of the 3000 tries gave the same text and paths every time.
      const saves = savedGames(pick).map((game) => {
        const text = serializeGame(game);
        const doc = JSON.parse(text) as { state: Record<string, unknown> };
        const paths = leaves(doc.state).filter((p) => p.length > 0 && p[0] !== 'log' && p[0] !== 'scenario');
        return { text, paths };
      });
      let accepted = 0;
      const tries = 3000;
      for (let t = 0; t < tries; t++) {
        const { text, paths } = saves[pick(saves.length)];
        const doc = JSON.parse(text) as { state: Record<string, unknown> };
        const path = paths[pick(paths.length)];
        let at: Record<string | number, unknown> = doc.state;
        for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
        const last = path[path.length - 1];
        if (pick(8) === 0) delete at[last];
        else at[last] = JUNK[pick(JUNK.length)];
        const r = deserializeGame(JSON.stringify(doc));
        if (!r.ok) {
          expect(r.error).toMatch(/nothing was loaded$/);
          continue;
        }
        accepted++;
        const actor = createActor(gameMachine, { input: { state: r.state } }).start();
        for (let k = 0; k < 25; k++) {
          const state = actor.getSnapshot().context.state;
          if (state.phase === 'over') break;
          actor.send(randomEvent(state, pick));
          expect(actor.getSnapshot().status, `after ${path.join('.')} = ${JSON.stringify(at[last])}`).not.toBe('error');
        }
        actor.stop();
      }
      // Most single-field damage is caught at load; what loads is played on without a fault.
      expect(accepted).toBeLessThan(tries);
    },
  );
});

describe('the deep checks of a save', () => {
  it('name the field and the missing player or malformed war in a sentence', async () => {
    const { threeOpening, play } = await import('./helpers.ts');
    const s = play([{ type: 'attack', player: 'Cy', country: 'India' }], threeOpening());
    const load = (edit: (d: { state: Record<string, unknown> & { war: Record<string, unknown> } }) => void) => {
      const d = JSON.parse(serializeGame(s));
      edit(d);
      return deserializeGame(JSON.stringify(d));
    };
    expect(
      load((d) => {
        d.state.turn = 'Zed';
      }),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"turn" names "Zed", who is not a player of this game/),
    });
    expect(
      load((d) => {
        d.state.banker = 'Zed';
      }),
    ).toMatchObject({ ok: false, error: expect.stringMatching(/"banker" names "Zed"/) });
    expect(
      load((d) => {
        d.state.war.weapons = { attacker: 'spear', defender: null };
      }),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/the war's attacker weapon must be tank, sub, plane or none/),
    });
    expect(
      load((d) => {
        d.state.war.country = 'Atlantis';
      }),
    ).toMatchObject({ ok: false, error: expect.stringMatching(/the war's country is not a country of this board/) });
  });
});
