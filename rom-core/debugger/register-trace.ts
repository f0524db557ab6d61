/**
 * The last instructions the CPU ran, each with the registers as they were before it ran: a ring
 * allocated once (recording one is a few typed-array stores), exported as text for a bug report
 * or a diff against another emulator's trace.
 */
import { disassembleOne } from '../asm/index.ts';
import type { I8048 } from '../i8048/index.ts';

/** Bytes per entry: PC low, PC high, opcode, operand, A, PSW, R0-R7, P1, P2. */
const FIELDS = 16;

export interface TraceEntry {
  frame: number;
  cycles: number;
  pc: number;
  /** The instruction's two bytes as the program held them (the second is unused by 1-byte ones). */
  bytes: [number, number];
  a: number;
  psw: number;
  regs: number[];
  p1: number;
  p2: number;
}

const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0');
const hex3 = (n: number): string => n.toString(16).toUpperCase().padStart(3, '0');

export class RegisterTrace {
  readonly capacity: number;
  private readonly bytes: Uint8Array;
  private readonly cycles: Float64Array;
  private readonly frames: Uint32Array;
  private next = 0;
  private filled = 0;

  constructor(capacity = 256) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`a trace holds a positive whole number of instructions, not ${capacity}`);
    this.capacity = capacity;
    this.bytes = new Uint8Array(capacity * FIELDS);
    this.cycles = new Float64Array(capacity);
    this.frames = new Uint32Array(capacity);
  }

  get length(): number {
    return this.filled;
  }

  clear(): void {
    this.next = 0;
    this.filled = 0;
  }

  /** Records the instruction at the CPU's PC, before it runs, in frame `frame` (1-based, the one under way). */
  record(cpu: I8048, frame: number): void {
    const i = this.next;
    const b = this.bytes;
    const o = i * FIELDS;
    const pc = cpu.pc;
    const ram = cpu.ram;
    const rb = (cpu.psw & 0x10) !== 0 ? 24 : 0;
    b[o] = pc & 0xff;
    b[o + 1] = pc >> 8;
    b[o + 2] = cpu.program[pc];
    b[o + 3] = cpu.program[((pc + 1) & 0x7ff) | (pc & 0x800)];
    b[o + 4] = cpu.a;
    b[o + 5] = cpu.psw;
    for (let r = 0; r < 8; r++) b[o + 6 + r] = ram[rb + r];
    b[o + 14] = cpu.p1;
    b[o + 15] = cpu.p2;
    this.cycles[i] = cpu.cycles;
    this.frames[i] = frame;
    this.next = i + 1 === this.capacity ? 0 : i + 1;
    if (this.filled < this.capacity) this.filled++;
  }

  /** The recorded instructions, oldest first. */
  entries(): TraceEntry[] {
    const out: TraceEntry[] = [];
    const start = this.filled < this.capacity ? 0 : this.next;
    for (let k = 0; k < this.filled; k++) {
      const i = (start + k) % this.capacity;
      const b = this.bytes.subarray(i * FIELDS, (i + 1) * FIELDS);
      out.push({
        frame: this.frames[i],
        cycles: this.cycles[i],
        pc: b[0] | (b[1] << 8),
        bytes: [b[2], b[3]],
        a: b[4],
        psw: b[5],
        regs: Array.from(b.subarray(6, 14)),
        p1: b[14],
        p2: b[15],
      });
    }
    return out;
  }

  /** One line an instruction, oldest first, under a header naming the columns. */
  toText(): string {
    const lines = [
      `; o2conquest 8048 trace: the last ${this.filled} instructions, oldest first; registers as they were before each ran`,
      '; frame   cycle            PC   bytes  instruction       A   PSW  R0 R1 R2 R3 R4 R5 R6 R7  P1 P2',
    ];
    for (const e of this.entries()) {
      const { text, length } = disassembleOne(Uint8Array.from(e.bytes), 0, e.pc);
      const bytes = e.bytes.slice(0, length).map(hex2).join(' ');
      lines.push(
        `${String(e.frame).padStart(7)} ${String(e.cycles).padStart(16)}  ${hex3(e.pc)}  ${bytes.padEnd(5)}  ${text.padEnd(16)}  ${hex2(e.a)}  ${hex2(e.psw)}   ${e.regs.map(hex2).join(' ')}  ${hex2(e.p1)} ${hex2(e.p2)}`,
      );
    }
    return lines.join('\n') + '\n';
  }
}
