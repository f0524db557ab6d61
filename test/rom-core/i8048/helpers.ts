import type { I8048 } from '../../../rom-core/i8048/cpu.ts';
import { RecordingPins } from '../../../rom-core/i8048/recording-pins.ts';
import { bootCpu, programSpace } from '../../harness/boot.ts';

export interface Rig {
  cpu: I8048;
  pins: RecordingPins;
  program: Uint8Array;
}

/** A CPU with the given bytes placed in an empty 4 KB program space, pins at their idle levels. */
export function rig(chunks: [address: number, bytes: number[]][] = []): Rig {
  const program = programSpace(chunks);
  const { cpu, pins } = bootCpu(new RecordingPins(), program);
  return { cpu, pins, program };
}

/** Steps until PC equals `stop`; fails loudly if it never gets there. Returns the cycles used. */
export function runTo(cpu: I8048, stop: number, limit = 10_000): number {
  let cycles = 0;
  for (let i = 0; i < limit; i++) {
    if (cpu.pc === stop) return cycles;
    cycles += cpu.step();
  }
  throw new Error(`PC never reached ${stop.toString(16)} (at ${cpu.pc.toString(16)})`);
}
