/**
 * Win rates of the computer levels against each other, with the seeded battle model:
 *   npx tsx test/board/ai/measure-levels.ts [GAMES] [world|tiny|FILE]
 * Each pairing plays GAMES two-player games, half with each level seated first.
 */
import { readFileSync } from 'node:fs';
import { ModelBattlePort, playComputerGame } from '../../../board/ai/index.ts';
import type { Level } from '../../../board/ai/index.ts';
import { parseScenario, world1982 } from '../../../board/index.ts';
import type { Scenario } from '../../../board/index.ts';

export interface Tally { wins: number; losses: number; ties: number }

export async function duel(a: Level, b: Level, games: number, scenario: Scenario, seed0 = 1): Promise<Tally> {
  const t: Tally = { wins: 0, losses: 0, ties: 0 };
  for (let g = 0; g < games; g++) {
    const seed = seed0 + g;
    const seats = g % 2 === 0 ? [{ name: 'A', level: a }, { name: 'B', level: b }] : [{ name: 'B', level: b }, { name: 'A', level: a }];
    const s = await playComputerGame({ scenario, seats, seed, battles: new ModelBattlePort(seed) });
    if (s.winner === 'A') t.wins++;
    else if (s.winner === 'B') t.losses++;
    else t.ties++;
  }
  return t;
}

async function main(): Promise<void> {
  const games = Number(process.argv[2] ?? 100);
  const which = process.argv[3] ?? 'world';
  const scenario = which === 'world' ? world1982() : parseScenario(readFileSync(which === 'tiny' ? 'board/examples/tiny-scenario.json' : which, 'utf8'));
  for (const [a, b] of [['hard', 'easy'], ['hard', 'medium'], ['medium', 'easy']] as [Level, Level][]) {
    const t0 = performance.now();
    const t = await duel(a, b, games, scenario);
    console.log(`${a} v ${b} on ${scenario.name}: ${t.wins} won, ${t.losses} lost, ${t.ties} tied of ${games} (${((100 * t.wins) / games).toFixed(0)} %) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1]?.endsWith('measure-levels.ts')) await main();
