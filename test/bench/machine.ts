/**
 * Machine section of `npm run bench`: the whole console (8048 + 8244 with video and sound on) headless
 * in Node, on our open BIOS and a visual test cartridge, one `runFrame()` a frame as the runner does.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { assemble, formatDiagnostic } from '../../rom-core/asm/index.ts';
import { assembleBios } from '../../rom-core/roms/index.ts';
import { NTSC_FRAME_RATE, fmt } from './format.ts';
import { bootMachine } from '../harness/boot.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function cartridge(path: string): Uint8Array {
  const full = resolve(root, path);
  const result = assemble(readFileSync(full, 'utf8'), {
    fileName: full,
    readFile: (p, from) => readFileSync(resolve(dirname(from), p), 'utf8'),
  });
  if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  const cart = new Uint8Array(0x800).fill(0xff);
  cart.set(result.bytes, result.base - 0x400);
  return cart;
}

export function benchMachine(cartPath: string, seconds = Number(process.env.BENCH_SECONDS ?? 3)): void {
  const bios = assembleBios((p) => readFileSync(resolve(root, 'rom-core/roms', p), 'utf8')).image;
  const machine = bootMachine(bios, cartridge(cartPath), { sampleRate: 48_000 });
  for (let i = 0; i < 120; i++) machine.runFrame(); // past SELECT GAME's start-up, and warm
  let frames = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (let i = 0; i < 30; i++) machine.runFrame();
    frames += 30;
  }
  const elapsed = (performance.now() - t0) / 1000;
  console.log(`Machine: Odyssey² NTSC, video and sound on (48 kHz), open BIOS + ${cartPath}`);
  console.log(
    `  ${fmt(frames / elapsed)} emulated frames/s = ${(frames / elapsed / NTSC_FRAME_RATE).toFixed(0)}x real time (${((elapsed * 1000) / frames).toFixed(3)} ms a frame)`,
  );
}
