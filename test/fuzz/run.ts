/**
 * `npm run fuzz [-- --images N] [--frames F] [--seed S]`: the random-image fuzz at scale (default
 * 100,000 images × 30 frames; test/fuzz/images.ts says what is checked). Not part of `npm test`,
 * which keeps a 1,000-image sample. Prints the figures; exits 1 if any image failed.
 */
import { parseArgs } from 'node:util';
import { fuzzImages } from './images.ts';
import type { FuzzStats } from './images.ts';

const { values } = parseArgs({
  options: { images: { type: 'string', default: '100000' }, frames: { type: 'string', default: '30' }, seed: { type: 'string', default: '20261123' } },
});
const whole = (name: string, v: string): number => {
  if (!/^[0-9]+$/.test(v) || Number(v) < 1) throw new Error(`--${name} needs a whole number from 1, got '${v}'`);
  return Number(v);
};
const images = whole('images', values.images);
const frames = whole('frames', values.frames);
const seed = whole('seed', values.seed);

console.log(`fuzz: ${images} random images × ${frames} frames, seed ${seed}`);
const report = (s: FuzzStats): string =>
  `${s.images} images, ${s.frames} frames, ${s.roundTrips} state round trips bit-exact, ${s.failures.length} failures; ` +
  `slowest frame ${s.slowestFrameMs.toFixed(1)} ms, ${s.framesOver9ms} frames over 9 ms`;
const stats = fuzzImages(seed, images, frames, (done, s) => console.log(`  ${done}: ${report(s)}`));
console.log(`done in ${stats.seconds.toFixed(0)} s: ${report(stats)}`);
console.log(`mix: ${[...stats.mix].sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
for (const f of stats.failures) console.log(`FAIL ${f}`);
process.exitCode = stats.failures.length ? 1 : 0;
