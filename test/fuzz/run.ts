/**
 * `npm run fuzz [-- --images N] [--frames F] [--seed S]`: the random-image fuzz at scale (default
 * 100,000 images × 30 frames; test/fuzz/images.ts says what is checked). Not part of `npm test`,
 * which keeps a 1,000-image sample.
 *
 * `npm run fuzz -- --board [--games N] [--seed S]`: the board engine's random games instead (default
 * 2,000 seeded games of 2-6 players, about 7 minutes; test/fuzz/board.ts says what is checked). `npm test` keeps a
 * 60-game sample (test/board/fuzz.test.ts).
 *
 * Prints the figures; exits 1 if any image or game failed.
 */
import { parseArgs } from 'node:util';
import { fuzzImages } from './images.ts';
import type { FuzzStats } from './images.ts';
import { fuzzBoard } from './board.ts';
import type { BoardFuzzStats } from './board.ts';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '100000' },
    frames: { type: 'string', default: '30' },
    seed: { type: 'string', default: '20261123' },
    board: { type: 'boolean', default: false },
    games: { type: 'string', default: '2000' },
  },
});
const whole = (name: string, v: string): number => {
  if (!/^[0-9]+$/.test(v) || Number(v) < 1) throw new Error(`--${name} needs a whole number from 1, got '${v}'`);
  return Number(v);
};
const seed = whole('seed', values.seed);

function runImages(): number {
  const images = whole('images', values.images);
  const frames = whole('frames', values.frames);
  console.log(`fuzz: ${images} random images × ${frames} frames, seed ${seed}`);
  const report = (s: FuzzStats): string =>
    `${s.images} images, ${s.frames} frames, ${s.roundTrips} state round trips bit-exact, ${s.failures.length} failures; ` +
    `slowest frame ${s.slowestFrameMs.toFixed(1)} ms, ${s.framesOver9ms} frames over 9 ms`;
  const stats = fuzzImages(seed, images, frames, (done, s) => console.log(`  ${done}: ${report(s)}`));
  console.log(`done in ${stats.seconds.toFixed(0)} s: ${report(stats)}`);
  console.log(
    `mix: ${[...stats.mix]
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  for (const f of stats.failures) console.log(`FAIL ${f}`);
  return stats.failures.length;
}

function runBoard(): number {
  const games = whole('games', values.games);
  console.log(`fuzz: ${games} random board games, seed ${seed}`);
  const report = (s: BoardFuzzStats): string =>
    `${s.games} games (${s.finished} to the end), ${s.events} events (${s.accepted} accepted, ${s.refused} refused), ` +
    `${s.roundTrips} save and load round trips, ${s.failures.length} failures`;
  const stats = fuzzBoard(seed, games, (done, s) => console.log(`  ${done}: ${report(s)}`));
  console.log(`done in ${stats.seconds.toFixed(0)} s: ${report(stats)}`);
  console.log(
    `players: ${[...stats.players]
      .sort()
      .map(([n, k]) => `${n} at ${k} tables`)
      .join(', ')}`,
  );
  for (const f of stats.failures) console.log(`FAIL ${f}`);
  return stats.failures.length;
}

process.exitCode = (values.board ? runBoard() : runImages()) ? 1 : 0;
