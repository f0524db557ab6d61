/**
 * Computer players section of `npm run bench`: how long the computer players take to decide (each move
 * asks `legalActions`, which probes the rules once per candidate), over whole seeded three-player games
 * on the 1982 world with the battle model; then one game on four zones with every battle on the
 * emulated console, as `npm run board -- play --players` fights them.
 */
import { performance } from 'node:perf_hooks';
import { ModelBattlePort, playComputerGame } from '../../board/ai/index.ts';
import type { ComputerSeat } from '../../board/ai/index.ts';
import { world1982 } from '../../board/index.ts';
import { runComputerGame } from '../../board/cli/computer-game.ts';
import { fourZones } from '../board/ai/scenarios.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SEATS: ComputerSeat[] = [
  { name: 'Ann', level: 'hard' },
  { name: 'Bob', level: 'easy' },
  { name: 'Cy', level: 'medium' },
];

export async function benchComputer(): Promise<void> {
  let games = 0;
  let moves = 0;
  let events = 0;
  let thinking = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000 || games === 0) {
    let last = performance.now();
    await playComputerGame({
      scenario: world1982(),
      seats: SEATS,
      seed: games + 1,
      battles: new ModelBattlePort(games + 1),
      onEvent: (_s, _e, move) => {
        const now = performance.now();
        events++;
        if (move) {
          moves++;
          thinking += now - last;
        }
        last = now;
      },
    });
    games++;
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `Computer players: Node ${process.version}, 3 players (hard, easy, medium) on the 1982 world, battle model`,
  );
  console.log(
    `  ${games} games, ${events} events, ${moves} computer moves in ${seconds.toFixed(1)} s: ${(seconds / games).toFixed(2)} s a game`,
  );
  console.log(`  ${(thinking / moves).toFixed(2)} ms a move (deciding and applying it)`);

  let battles = 0;
  let frames = 0;
  const m0 = performance.now();
  await runComputerGame({
    seats: SEATS,
    seed: 1,
    scenario: fourZones,
    note: (line) => {
      const f = /^battle on the machine: .*\((\d+) frames\)$/.exec(line);
      if (f) {
        battles++;
        frames += Number(f[1]);
      }
    },
  });
  const ms = performance.now() - m0;
  console.log(
    `  on the machine (${fourZones.name}, seed 1): ${battles} battles, ${frames} frames in ${(ms / 1000).toFixed(1)} s = ${(frames / (ms / 1000)).toFixed(0)} frames/s`,
  );
}
