/**
 * Win rates of the computer levels against each other, with the seeded battle model:
 *   npx tsx test/board/ai/measure-levels.ts [GAMES] [world|tiny|FILE]
 * Each pairing plays GAMES two-player games, half with each level seated first; then GAMES three-player
 * games with one seat per level, the seats rotated.
 */
import { readFileSync } from 'node:fs';
import { ModelBattlePort, playComputerGame } from '../../../board/ai/index.ts';
import type { Level } from '../../../board/ai/index.ts';
import { parseScenario, world1982 } from '../../../board/index.ts';
import type { Scenario } from '../../../board/index.ts';

export interface Tally {
  wins: number;
  losses: number;
  ties: number;
}

export async function duel(a: Level, b: Level, games: number, scenario: Scenario, seed0 = 1): Promise<Tally> {
  const t: Tally = { wins: 0, losses: 0, ties: 0 };
  for (let g = 0; g < games; g++) {
    const seed = seed0 + g;
    const seats =
      g % 2 === 0
        ? [
            { name: 'A', level: a },
            { name: 'B', level: b },
          ]
        : [
            { name: 'B', level: b },
            { name: 'A', level: a },
          ];
    const s = await playComputerGame({ scenario, seats, seed, battles: new ModelBattlePort(seed) });
    if (s.winner === 'A') t.wins++;
    else if (s.winner === 'B') t.losses++;
    else t.ties++;
  }
  return t;
}

/** Three-player games, one seat per level, the seats rotated each game: who wins how often. */
export async function threeWay(games: number, scenario: Scenario, seed0 = 1): Promise<Record<Level | 'tie', number>> {
  const wins: Record<Level | 'tie', number> = { hard: 0, medium: 0, easy: 0, tie: 0 };
  const levels: Level[] = ['hard', 'medium', 'easy'];
  for (let g = 0; g < games; g++) {
    const seats = ['A', 'B', 'C'].map((name, i) => ({ name, level: levels[(i + g) % 3] }));
    const s = await playComputerGame({ scenario, seats, seed: seed0 + g, battles: new ModelBattlePort(seed0 + g) });
    wins[s.winner ? seats.find((x) => x.name === s.winner)!.level : 'tie']++;
  }
  return wins;
}

async function main(): Promise<void> {
  const games = Number(process.argv[2] ?? 100);
  const which = process.argv[3] ?? 'world';
  const scenario =
    which === 'world'
      ? world1982()
      : parseScenario(readFileSync(which === 'tiny' ? 'board/examples/tiny-scenario.json' : which, 'utf8'));
  for (const [a, b] of [
    ['hard', 'easy'],
    ['hard', 'medium'],
    ['medium', 'easy'],
  ] as [Level, Level][]) {
    const t0 = performance.now();
    const t = await duel(a, b, games, scenario);
    console.log(
      `${a} v ${b} on ${scenario.name}: ${t.wins} won, ${t.losses} lost, ${t.ties} tied of ${games} (${((100 * t.wins) / games).toFixed(0)} %) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const w = await threeWay(games, scenario);
  console.log(
    `hard, medium and easy at one table on ${scenario.name}, ${games} games: hard won ${w.hard}, medium ${w.medium}, easy ${w.easy}, ${w.tie} ties`,
  );
}

if (process.argv[1]?.endsWith('measure-levels.ts')) await main();
