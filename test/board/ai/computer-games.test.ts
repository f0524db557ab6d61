import { describe, expect, it } from 'vitest';
import { ModelBattlePort, playComputerGame } from '../../../board/ai/index.ts';
import type { ComputerSeat, Level } from '../../../board/ai/index.ts';
import { checkInvariants, world1982 } from '../../../board/index.ts';
import type { GameState, Scenario } from '../../../board/index.ts';
import { fourZones, threeZones } from './scenarios.ts';

const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'];
const LEVEL_CYCLE: Level[] = ['hard', 'easy', 'medium'];

/** A whole seeded game, every invariant checked after every event; returns the end and the event count. */
export async function checkedGame(
  scenario: Scenario,
  seats: ComputerSeat[],
  seed: number,
): Promise<{ end: GameState; events: number; types: Set<string> }> {
  let events = 0;
  const types = new Set<string>();
  const end = await playComputerGame({
    scenario,
    seats,
    seed,
    battles: new ModelBattlePort(seed),
    onEvent: (s, e) => {
      events++;
      types.add(e.type);
      const broken = checkInvariants(s);
      if (broken.length)
        throw new Error(`seed ${seed}, after event ${events} (${JSON.stringify(e)}): ${broken.join('; ')}`);
    },
  });
  return { end, events, types };
}

// 24 games: 2-6 players, every level in every seat position, mostly on small boards; two on the world.
const GAMES = Array.from({ length: 24 }, (_, g) => {
  const players = 2 + (g % 5);
  const scenario = g >= 22 ? world1982() : g % 3 === 2 ? fourZones : threeZones;
  const seats = NAMES.slice(0, players).map((name, i) => ({ name, level: LEVEL_CYCLE[(g + i) % 3] }));
  return { g, seed: 1000 + g, players, scenario, seats };
});

describe('computer-only games', () => {
  it('24 seeded games of 2-6 players end with a winner or a tie, every invariant holding after every event', async () => {
    const t0 = performance.now();
    const seen = new Set<string>();
    let total = 0;
    for (const { seed, scenario, seats } of GAMES) {
      const { end, events, types } = await checkedGame(scenario, seats, seed);
      total += events;
      for (const t of types) seen.add(t);
      expect(end.phase, `seed ${seed}`).toBe('over');
      if (end.winner === null)
        expect(end.winners.length, `seed ${seed}: a tie names the tied players`).toBeGreaterThan(1);
      else expect(end.winners).toEqual([end.winner]);
    }
    // The games go through every part of the rules the computer players decide.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'ally.buy',
        'ally.home',
        'alliance.form',
        'attack',
        'battle',
        'endgame.start',
        'first.call',
        'first.readout',
        'homeland',
        'pass',
        'weapon',
      ]),
    );
    console.log(
      `${GAMES.length} computer-only games, ${total} events, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }, 120_000);

  it('the same seed plays the same game; another seed plays another', async () => {
    const seats: ComputerSeat[] = [
      { name: 'Ann', level: 'hard' },
      { name: 'Bob', level: 'easy' },
      { name: 'Cy', level: 'medium' },
    ];
    const a = await checkedGame(fourZones, seats, 7);
    const b = await checkedGame(fourZones, seats, 7);
    const c = await checkedGame(fourZones, seats, 8);
    expect(b.end.log).toEqual(a.end.log);
    expect(c.end.log).not.toEqual(a.end.log);
  });
});
