/**
 * CPU section of `npm run bench`: test/programs/bench-cpu.a48 (a bit-by-bit CRC-16, CPU only, checked against MAME) on the
 * oracle BIOS, with the test board model of test/harness/. The program finishes in about 137k
 * cycles; each time it reaches `pass` the CPU is reset, so the figures time the workload and not the
 * final `jmp pass` loop. Reaching `fail` stops the bench with an error.
 */
import { performance } from 'node:perf_hooks';
import { boot } from '../harness/run.ts';
import { symbol } from '../harness/program.ts';
import { NTSC_FRAME_RATE, fmt } from './format.ts';

const NTSC_CYCLES_PER_FRAME = 5983.25;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

export function benchCpu(): void {
  const machine = boot('bench-cpu');
  const { cpu } = machine;
  const pass = symbol(machine.program.result, 'pass');
  const fail = symbol(machine.program.result, 'fail');
  if (pass === undefined || fail === undefined) throw new Error('bench-cpu.a48 has no pass/fail labels');
  let completions = 0;
  const checkEnd = (): void => {
    if (cpu.pc === fail) throw new Error('bench-cpu reached fail: the CPU computed a wrong CRC');
    if (cpu.pc === pass) {
      completions++;
      cpu.reset();
    }
  };

  // Pass 1: step(), one instruction a call, counting instructions for the cycles-per-instruction figure.
  let steps = 0;
  let cycles = 0;
  let t0 = performance.now();
  while (performance.now() - t0 < 1000) {
    for (let i = 0; i < 10_000; i++) {
      cycles += cpu.step();
      checkEnd();
    }
    steps += 10_000;
  }
  const stepSeconds = (performance.now() - t0) / 1000;
  const cyclesPerInstruction = cycles / steps;

  // Pass 2: run(), one emulated NTSC frame of cycles a call, as the console drives it.
  cpu.reset();
  completions = 0;
  let frames = 0;
  let runCycles = 0;
  let owed = 0;
  t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000) {
    for (let i = 0; i < 60; i++) {
      owed += NTSC_CYCLES_PER_FRAME;
      const ran = cpu.run(Math.floor(owed));
      owed -= ran;
      runCycles += ran;
      frames++;
      checkEnd();
    }
  }
  const runSeconds = (performance.now() - t0) / 1000;

  console.log(`CPU: Intel 8048 core, Node ${process.version}, test/programs/bench-cpu.a48`);
  console.log(
    `  step() loop: ${fmt(steps / stepSeconds)} instructions/s (${cyclesPerInstruction.toFixed(3)} machine cycles/instruction)`,
  );
  console.log(
    `  run() loop:  ${fmt(runCycles / runSeconds / cyclesPerInstruction)} instructions/s, ${fmt(runCycles / runSeconds)} machine cycles/s, ${completions} CRC runs completed`,
  );
  console.log(
    `  emulated NTSC frames (5983.25 cycles each): ${fmt(frames / runSeconds)} frames/s = ${(frames / runSeconds / NTSC_FRAME_RATE).toFixed(0)}x real time`,
  );
}
