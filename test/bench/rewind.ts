/**
 * `npm run bench -- rewind`: the console's rewind and run-ahead (rom-core/machine/rewind.ts) on our
 * battle cartridge with a stick that keeps moving: the memory 60 s of snapshots take, the cost of
 * recording one a frame and of one step back (restore + the frame run again for its picture), and
 * the cost of a displayed frame with run-ahead 0, 1 and 2.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Odyssey2 } from '../../rom-core/machine/odyssey2.ts';
import { RewindRing, RunAhead, snapshotBound } from '../../rom-core/machine/rewind.ts';
import { battleCart, openBios } from '../rom-core/roms/carts/scenarios.ts';
import { NTSC_FRAME_RATE } from './format.ts';
import { bootMachine } from '../harness/boot.ts';

const SECONDS = 60;
const stickAt = (f: number): number => [0, 1, 2, 16, 4, 8, 17, 0][Math.floor(f / 9) % 8];

function machine(): Odyssey2 {
  const m = bootMachine(openBios(), battleCart());
  for (let f = 0; f < 120; f++) m.runFrame();
  return m;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Bytes of JS heap each call of `fn` leaves behind (garbage included: measured between two collections, none between). */
function heapPerCall(n: number, fn: () => void): number {
  for (let i = 0; i < 500; i++) fn();
  gc();
  const h0 = process.memoryUsage().heapUsed;
  for (let i = 0; i < n; i++) fn();
  return (process.memoryUsage().heapUsed - h0) / n;
}

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const us = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;

/** Milliseconds per call of `fn` over `n` calls, after a warm-up. */
function perCall(n: number, fn: (i: number) => void): number {
  for (let i = 0; i < Math.min(200, n); i++) fn(i);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  return (performance.now() - t0) / n;
}

function benchRecord(): void {
  const m = machine();
  const frames = Math.round(SECONDS * NTSC_FRAME_RATE);
  const ring = new RewindRing(m, { frames, longest: snapshotBound(m) });
  let recordMs = 0;
  for (let f = 0; f < frames * 2; f++) {
    m.joy[0] = stickAt(f);
    const t = performance.now();
    ring.record();
    recordMs += performance.now() - t;
    m.runFrame();
  }
  const heap = heapPerCall(5000, () => ring.record());
  const frameMs = perCall(1000, (f) => {
    m.joy[0] = stickAt(f);
    m.runFrame();
  });
  console.log(`Rewind: ${SECONDS} s = ${frames} NTSC frames, open BIOS + battle cartridge, the stick moving`);
  console.log(
    `  memory: ${mb(ring.memoryBytes)} set aside (one buffer), ${mb(ring.usedBytes)} used by the ${ring.depth} frames kept (${(ring.usedBytes / ring.depth).toFixed(0)} bytes a snapshot)`,
  );
  console.log(
    `  record: ${us(recordMs / (frames * 2))} a frame (${((recordMs / (frames * 2) / frameMs) * 100).toFixed(1)}% of a frame's ${us(frameMs)}); ${heap.toFixed(0)} bytes of JS heap a record`,
  );
  let backs = 0;
  const backMs = perCall(frames - 300, () => {
    if (ring.back()) backs++;
  });
  console.log(
    `  step back: ${us(backMs)} (restore + the frame run again), ${backs} steps; double speed ${us(2 * backMs)} a frame shown`,
  );
}

function benchRunAhead(): void {
  const line: string[] = [];
  let base = 0;
  for (const n of [0, 1, 2]) {
    const m = machine();
    const ahead = new RunAhead(m, snapshotBound(m));
    const ms = perCall(1500, (f) => {
      m.joy[0] = stickAt(f);
      m.runFrame();
      ahead.show(n);
    });
    if (n === 0) base = ms;
    line.push(`${n}: ${us(ms)}${n ? ` (×${(ms / base).toFixed(2)})` : ''}`);
  }
  console.log(`  run-ahead, a displayed frame: ${line.join(', ')}`);
}

export function benchRewind(): void {
  benchRecord();
  benchRunAhead();
}
