/**
 * Debugger section of `npm run bench`: the machine of the machine section run frame by frame through
 * rom-core/debugger, plain (nothing set: the machine's own runFrame), with breakpoints only (the
 * CPU's own test), with a watchpoint and the register trace, and with the cycle profile (each a call
 * per instruction), so the cost of each is seen beside the others.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { assemble, formatDiagnostic } from '../../rom-core/asm/index.ts';
import { MachineDebugger } from '../../rom-core/debugger/index.ts';
import type { Odyssey2 } from '../../rom-core/machine/index.ts';
import { assembleBios } from '../../rom-core/roms/index.ts';
import { NTSC_FRAME_RATE, fmt } from './format.ts';
import { bootMachine } from '../harness/boot.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function machine(cartPath: string): Odyssey2 {
  const bios = assembleBios((p) => readFileSync(resolve(root, 'rom-core/roms', p), 'utf8')).image;
  const full = resolve(root, cartPath);
  const result = assemble(readFileSync(full, 'utf8'), {
    fileName: full,
    readFile: (p, from) => readFileSync(resolve(dirname(from), p), 'utf8'),
  });
  if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  const cart = new Uint8Array(0x800).fill(0xff);
  cart.set(result.bytes, result.base - 0x400);
  const m = bootMachine(bios, cart, { sampleRate: 48_000 });
  for (let i = 0; i < 120; i++) m.runFrame();
  return m;
}

function framesPerSecond(run: () => void, seconds: number): number {
  let frames = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (let i = 0; i < 30; i++) run();
    frames += 30;
  }
  return frames / ((performance.now() - t0) / 1000);
}

export function benchDebugger(cartPath: string, seconds = Number(process.env.BENCH_SECONDS ?? 3)): void {
  const cases: [string, (d: MachineDebugger) => void][] = [
    ['nothing set (runFrame)', () => {}],
    ['a breakpoint never reached', (d) => d.setBreakpoints([0xfff])],
    [
      'a watchpoint and the trace',
      (d) => {
        d.setWatchpoints([{ space: 'eram', address: 0x7f, kind: 'write' }]);
        d.setTrace(true);
      },
    ],
    ['the cycle profile', (d) => d.setProfile(true)],
  ];
  console.log(`Debugger: the machine section's console run through rom-core/debugger (${cartPath})`);
  for (const [name, setUp] of cases) {
    const m = machine(cartPath);
    const d = new MachineDebugger(m);
    setUp(d);
    const run = d.engaged
      ? () => {
          while (d.runFrame() !== undefined) {
            /* a stop: go on */
          }
        }
      : () => m.runFrame();
    const fps = framesPerSecond(run, seconds / cases.length);
    console.log(
      `  ${name.padEnd(28)} ${fmt(fps)} emulated frames/s = ${(fps / NTSC_FRAME_RATE).toFixed(0)}x real time`,
    );
  }
}
