/**
 * Random ROM images on the machine: seeded BIOS and cartridge images of every size each mapper
 * takes (standard 2/4/8/12/16 KB, rally 2/4/8/16 KB, ktaa 3/6/12 KB), NTSC and PAL, a key held from
 * frame 1. Every image must build and run without an exception, every runFrame must run about one
 * frame of cycles (never none, never two), and the state saved at the end must load into a fresh
 * machine that then runs bit-identically. Shared by the suite's 1,000-image sample
 * (test/rom-core/machine/fuzz.test.ts) and `npm run fuzz` (test/fuzz/run.ts).
 */
import { performance } from 'node:perf_hooks';
import { NTSC, PAL } from '../../rom-core/i8244/timing.ts';
import { CART_SIZES, KTAA_SIZES, Odyssey2 } from '../../rom-core/machine/index.ts';
import type { MapperKind } from '../../rom-core/machine/index.ts';
import { randomBytes } from '../rom-core/machine/helpers.ts';
import { prng } from '../harness/prng.ts';

const SIZES: Record<MapperKind, readonly number[]> = {
  standard: CART_SIZES,
  rally: CART_SIZES.filter((s) => (s & (s - 1)) === 0),
  ktaa: KTAA_SIZES,
};
const MAPPERS = Object.keys(SIZES) as MapperKind[];
const KEYS = ['A', 'ENTER', 'J0_FIRE', 'J1_UP', '5', 'SPACE', 'RESET'];

export interface FuzzStats {
  images: number;
  frames: number;
  /** Images per "mapper size standard" (e.g. "rally 16K PAL"). */
  mix: Map<string, number>;
  roundTrips: number;
  failures: string[];
  /** Wall-clock figures (reported, never asserted). */
  seconds: number;
  slowestFrameMs: number;
  framesOver9ms: number;
}

function failure(stats: FuzzStats, text: string): void {
  if (stats.failures.length < 20) stats.failures.push(text);
  else if (stats.failures.length === 20) stats.failures.push('(more failures not listed)');
}

/** Runs `images` random images of `frames` frames each from `seed`; never throws, returns the figures. */
export function fuzzImages(
  seed: number,
  images: number,
  frames: number,
  progress?: (done: number, stats: FuzzStats) => void,
): FuzzStats {
  const rand = prng(seed);
  const stats: FuzzStats = {
    images: 0,
    frames: 0,
    mix: new Map(),
    roundTrips: 0,
    failures: [],
    seconds: 0,
    slowestFrameMs: 0,
    framesOver9ms: 0,
  };
  const start = performance.now();
  for (let i = 0; i < images; i++) {
    const mapper = MAPPERS[(rand() * MAPPERS.length) | 0];
    const sizes = SIZES[mapper];
    const size = sizes[(rand() * sizes.length) | 0];
    const pal = rand() < 0.5;
    const timing = pal ? PAL : NTSC;
    const key = KEYS[(rand() * KEYS.length) | 0];
    const bios = randomBytes(0x400, rand);
    const cart = randomBytes(size, rand);
    const label = `${mapper} ${size / 1024}K ${timing.name}`;
    stats.mix.set(label, (stats.mix.get(label) ?? 0) + 1);
    const where = `image ${i} (seed ${seed}, ${label}, key ${key})`;
    const perFrame = timing.dotsPerFrame / timing.dotsPerCycle;
    try {
      const m = new Odyssey2({ bios, cart, pal, mapper });
      for (let f = 0; f < frames; f++) {
        if (f === 1) m.setKey(key, true);
        if (f === 3 && key === 'RESET') m.setKey(key, false);
        const cycles = m.cpu.cycles;
        const t = performance.now();
        m.runFrame();
        const ms = performance.now() - t;
        if (ms > stats.slowestFrameMs) stats.slowestFrameMs = ms;
        if (ms > 9) stats.framesOver9ms++;
        stats.frames++;
        const ran = m.cpu.cycles - cycles;
        // While RESET is held the CPU runs nothing; otherwise about one frame's cycles.
        const held = key === 'RESET' && f >= 1 && f < 3;
        if (!held && !(ran > perFrame / 2 && ran < 1.5 * perFrame))
          failure(stats, `${where} frame ${f}: ran ${ran} cycles`);
      }
      if (m.frameNumber !== frames) failure(stats, `${where}: ${m.frameNumber} frames counted, ${frames} run`);
      const state = m.saveState();
      const copy = new Odyssey2({ bios, cart, pal, mapper });
      copy.loadState(state);
      for (let f = 0; f < 2; f++) {
        m.runFrame();
        copy.runFrame();
      }
      const a = m.saveState();
      const b = copy.saveState();
      if (a.length !== b.length || a.some((x, j) => x !== b[j]))
        failure(stats, `${where}: the reloaded state ran differently`);
      else stats.roundTrips++;
    } catch (e) {
      failure(stats, `${where}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
    stats.images++;
    if (progress && (i + 1) % 5000 === 0) progress(i + 1, stats);
  }
  stats.seconds = (performance.now() - start) / 1000;
  return stats;
}
