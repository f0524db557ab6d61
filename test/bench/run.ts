/**
 * `npm run bench`: speed figures, printed, never asserted. Each section prints what it measured.
 * CPU: a CPU-heavy 8048 program (test/programs/bench-cpu.a48) assembled by our assembler, run on the
 * core in Node with a minimal pin model (128 bytes of external RAM behind MOVX, nothing else).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { assemble, formatDiagnostic } from '../../rom-core/asm/index.ts';
import { I8048 } from '../../rom-core/i8048/cpu.ts';
import type { I8048Pins } from '../../rom-core/i8048/pins.ts';

const NTSC_CYCLES_PER_FRAME = 5983.25;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

function loadProgram(path: string): Uint8Array {
  const result = assemble(readFileSync(path, 'utf8'), { fileName: path, readFile: (p) => readFileSync(p, 'utf8') });
  if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  const program = new Uint8Array(4096).fill(0xff);
  program.set(result.bytes, result.base);
  // A cartridge at 400h needs the reset vector of a BIOS: JMP 400h at 000h.
  if (result.base >= 0x400) program.set([0x84, 0x00], 0);
  return program;
}

function benchPins(): I8048Pins {
  const extRam = new Uint8Array(128);
  let p1 = 0xff;
  return {
    readPort: () => 0xff,
    writePort: (port, value) => { if (port === 1) p1 = value; },
    readBus: () => 0xff,
    writeBus: () => {},
    readExternal: (address) => ((p1 & 0x10) === 0 && address < 0x80 ? extRam[address] : 0xff),
    writeExternal: (address, value) => { if ((p1 & 0x50) === 0 && address < 0x80) extRam[address] = value; },
    readT0: () => 0,
    readT1: () => 0,
    readInt: () => 0,
  };
}

function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(0);
}

function benchCpu(): void {
  const program = loadProgram('test/programs/bench-cpu.a48');

  // Pass 1: the step() loop counts instructions, giving the program's cycles per instruction.
  const stepper = new I8048(benchPins(), program);
  stepper.reset();
  let steps = 0;
  let cycles = 0;
  let t0 = performance.now();
  while (performance.now() - t0 < 1000) {
    for (let i = 0; i < 100_000; i++) cycles += stepper.step();
    steps += 100_000;
  }
  const stepSeconds = (performance.now() - t0) / 1000;
  const cyclesPerInstruction = cycles / steps;

  // Pass 2: the fast run() loop, one emulated 60 Hz frame of cycles per call, as the machine will drive it.
  const cpu = new I8048(benchPins(), program);
  cpu.reset();
  let frames = 0;
  let runCycles = 0;
  let carry = 0;
  t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000) {
    for (let i = 0; i < 60; i++) {
      carry += NTSC_CYCLES_PER_FRAME;
      const ran = cpu.run(Math.floor(carry));
      carry -= ran;
      runCycles += ran;
      frames++;
    }
  }
  const runSeconds = (performance.now() - t0) / 1000;

  console.log('CPU (Intel 8048 core, Node ' + process.version + ', test/programs/bench-cpu.a48)');
  console.log(`  step() loop : ${fmt(steps / stepSeconds)} instructions/s (${cyclesPerInstruction.toFixed(3)} cycles/instruction)`);
  console.log(`  run() loop  : ${fmt(runCycles / runSeconds / cyclesPerInstruction)} instructions/s, ${fmt(runCycles / runSeconds)} machine cycles/s`);
  console.log(`  emulated 60 Hz frames (5983.25 cycles each): ${(frames / runSeconds).toFixed(0)} frames/s = ${(frames / runSeconds / 59.827).toFixed(1)}x real time`);
}

benchCpu();
