/** The runner's per-frame record of the machine (--state-jsonl). */
import type { I8048 } from '../i8048/index.ts';

/** What a record reads of the machine (odyssey2.ts passes itself). */
export interface RecordedMachine {
  readonly frameNumber: number;
  readonly cpu: I8048;
  readonly eram: Uint8Array;
  readonly vdc: { readonly regs: Uint8Array };
}

/** One line of the runner's --state-jsonl: the machine at the frame's sample point. */
export interface FrameRecord {
  frame: number;
  pc: number;
  a: number;
  psw: number;
  p1: number;
  p2: number;
  iram: string;
  eram: string;
  vdc: string;
}

function hexBytes(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}

/** The state record the runner writes per frame (frame = frames completed). */
export function frameRecord(machine: RecordedMachine): FrameRecord {
  const cpu = machine.cpu;
  return {
    frame: machine.frameNumber,
    pc: cpu.pc,
    a: cpu.a,
    psw: cpu.psw,
    p1: cpu.p1,
    p2: cpu.p2,
    iram: hexBytes(cpu.ram),
    eram: hexBytes(machine.eram),
    vdc: hexBytes(machine.vdc.regs),
  };
}
