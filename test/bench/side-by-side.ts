/**
 * `npx tsx test/bench/side-by-side.ts OTHER_ROOT [SECONDS]`: the machine bench's workload (`npm run bench --
 * machine`: open BIOS, bench-visual.a48, video and sound on at 48 kHz, `runFrame()` after 120 warm frames)
 * run on another checkout's core (e.g. a `git worktree` of main at the commit a change started from) and on
 * this one's, in one process, in turns of a tenth of a second (A B B A A B ...): on a shared machine whose
 * load comes and goes, both meet the same load. Prints frames/s of each over the whole run, the ratio, and
 * the ratio's spread over blocks of turns.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const CART = 'test/programs/vdc/bench-visual.a48';
const SLICE_MS = 100;

interface Machine {
  runFrame(): void;
}

/** A machine built by the checkout at `root` with its own assembler, BIOS and core. */
async function machineOf(root: string): Promise<Machine> {
  const asm = await import(resolve(root, 'rom-core/asm/index.ts'));
  const roms = await import(resolve(root, 'rom-core/roms/index.ts'));
  const boot = await import(resolve(root, 'test/harness/boot.ts'));
  const bios = roms.assembleBios((p: string) => readFileSync(resolve(root, 'rom-core/roms', p), 'utf8')).image;
  const full = resolve(root, CART);
  const result = asm.assemble(readFileSync(full, 'utf8'), {
    fileName: full,
    readFile: (p: string, from: string) => readFileSync(resolve(dirname(from), p), 'utf8'),
  });
  if (!result.ok) throw new Error(`${root}: ${CART} does not assemble`);
  const cart = new Uint8Array(0x800).fill(0xff);
  cart.set(result.bytes, result.base - 0x400);
  const machine = boot.bootMachine(bios, cart, { sampleRate: 48_000 }) as Machine;
  for (let i = 0; i < 120; i++) machine.runFrame();
  return machine;
}

interface Sum {
  frames: number;
  /** Wall-clock milliseconds. */
  ms: number;
  /** The process's CPU milliseconds (user + system): what the scheduler's other processes took is not in it. */
  cpuMs: number;
}

const empty = (): Sum => ({ frames: 0, ms: 0, cpuMs: 0 });

/** Frames run in one slice of time. */
function slice(machine: Machine): Sum {
  let frames = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < SLICE_MS) {
    for (let i = 0; i < 10; i++) machine.runFrame();
    frames += 10;
    t = performance.now();
  }
  const c = process.cpuUsage(c0);
  return { frames, ms: t - t0, cpuMs: (c.user + c.system) / 1000 };
}

/** Frames per wall-clock second. */
const rate = (s: Sum): number => (s.frames * 1000) / s.ms;

const here = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const other = process.argv[2];
if (!other) throw new Error('usage: side-by-side.ts OTHER_ROOT [SECONDS]');
const seconds = Number(process.argv[3] ?? 20);
const base = await machineOf(resolve(other));
const mine = await machineOf(here);
for (let i = 0; i < 10; i++) {
  // both warm before anything counts
  slice(base);
  slice(mine);
}

const turns = Math.max(4, Math.round((seconds * 1000) / SLICE_MS / 2));
const block = 10; // turns per block, for the spread
const total = { base: empty(), mine: empty() };
let blockSums = { base: empty(), mine: empty() };
const ratios: number[] = [];
for (let i = 0; i < turns; i++) {
  // ABBA order: neither side always runs first in a pair.
  const order: ('base' | 'mine')[] = i % 2 === 0 ? ['base', 'mine'] : ['mine', 'base'];
  for (const side of order) {
    const r = slice(side === 'base' ? base : mine);
    for (const sum of [total[side], blockSums[side]]) {
      sum.frames += r.frames;
      sum.ms += r.ms;
      sum.cpuMs += r.cpuMs;
    }
  }
  if ((i + 1) % block === 0) {
    const ratio = rate(blockSums.mine) / rate(blockSums.base);
    ratios.push(ratio);
    console.log(
      `block ${ratios.length}: base ${rate(blockSums.base).toFixed(0)} frames/s, this ${rate(blockSums.mine).toFixed(0)} frames/s, ratio ${ratio.toFixed(2)}`,
    );
    blockSums = { base: empty(), mine: empty() };
  }
}
ratios.sort((p, q) => p - q);
const cpuRate = (s: Sum): number => (s.frames * 1000) / s.cpuMs;
for (const [name, side] of [
  [`base (${other})`, total.base],
  [`this (${here})`, total.mine],
] as const)
  console.log(`${name}: ${rate(side).toFixed(0)} frames/s, ${cpuRate(side).toFixed(0)} frames per CPU-second`);
console.log(
  `ratio ${(rate(total.mine) / rate(total.base)).toFixed(2)} (per CPU-second ${(cpuRate(total.mine) / cpuRate(total.base)).toFixed(2)}); per block of ${block} turns: min ${ratios[0]?.toFixed(2)}, median ${ratios[ratios.length >> 1]?.toFixed(2)}, max ${ratios[ratios.length - 1]?.toFixed(2)}`,
);
