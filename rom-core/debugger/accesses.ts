/**
 * Which data memory the instruction at the PC is about to touch, decoded from its opcode and the
 * registers before it runs (Intel MCS-48 manual, chapter 4: Rn, @Ri, MOVX @Ri, CALL/RET on the
 * stack at 08h-17h). The watchpoints need it because the CPU reaches its RAM directly, with no
 * hook to spare the fast run loop; decoding only while a watchpoint is set costs nothing otherwise.
 */
import type { I8048 } from '../i8048/index.ts';

/** The three watchable spaces: the 8048's 64 bytes, the 6810's 128 bytes, the 8244's 256 registers. */
export type WatchSpace = 'iram' | 'eram' | 'vdc';
export const SPACES: readonly WatchSpace[] = ['iram', 'eram', 'vdc'];
export const SPACE_SIZE: Record<WatchSpace, number> = { iram: 0x40, eram: 0x80, vdc: 0x100 };

export const READ = 1;
export const WRITE = 2;

/** Up to four accesses of one instruction, in buffers reused for every instruction. */
export class Accesses {
  count = 0;
  /** Index into SPACES. */
  readonly space = new Uint8Array(4);
  readonly address = new Uint8Array(4);
  /** READ | WRITE. */
  readonly how = new Uint8Array(4);

  add(space: number, address: number, how: number): void {
    const i = this.count++;
    this.space[i] = space;
    this.address[i] = address;
    this.how[i] = how;
  }
}

const IRAM = 0;
const ERAM = 1;
const VDC = 2;

// What an opcode does to data memory, one code per opcode.
const NONE = 0;
const READ_RN = 1;
const WRITE_RN = 2;
const MODIFY_RN = 3;
const READ_AT_RI = 4;
const WRITE_AT_RI = 5;
const MODIFY_AT_RI = 6;
const MOVX_READ = 7;
const MOVX_WRITE = 8;
const CALL = 9;
const RETURN = 10;

const KIND = new Uint8Array(256);
const mark = (kind: number, first: number, count: number): void => {
  for (let op = first; op < first + count; op++) KIND[op] = kind;
};
// ADD ADDC ANL ORL XRL MOV A,Rn read Rn; INC DEC XCH DJNZ change it; MOV Rn,A / MOV Rn,#d set it.
for (const first of [0x68, 0x78, 0x58, 0x48, 0xd8, 0xf8]) mark(READ_RN, first, 8);
for (const first of [0x18, 0xc8, 0x28, 0xe8]) mark(MODIFY_RN, first, 8);
for (const first of [0xa8, 0xb8]) mark(WRITE_RN, first, 8);
// The same through @R0/@R1 (the pointer register is read too).
for (const first of [0x60, 0x70, 0x50, 0x40, 0xd0, 0xf0]) mark(READ_AT_RI, first, 2);
for (const first of [0x10, 0x20, 0x30]) mark(MODIFY_AT_RI, first, 2);
for (const first of [0xa0, 0xb0]) mark(WRITE_AT_RI, first, 2);
mark(MOVX_READ, 0x80, 2);
mark(MOVX_WRITE, 0x90, 2);
for (let page = 0; page < 8; page++) KIND[0x14 | (page << 5)] = CALL;
KIND[0x83] = RETURN;
KIND[0x93] = RETURN;

/** True for RET and RETR. */
export function isReturn(op: number): boolean {
  return KIND[op] === RETURN;
}

/** True for the eight CALL opcodes. */
export function isCall(op: number): boolean {
  return KIND[op] === CALL;
}

/**
 * Fills `out` with the accesses of the instruction at the CPU's PC. `p1` is the board's port 1
 * latch, which decides where a MOVX goes (docs/hardware.md: P1.4 low selects the 6810, P1.3 low the
 * VDC; P1.6 low is also needed to write either).
 */
export function decodeAccesses(cpu: I8048, p1: number, out: Accesses): void {
  out.count = 0;
  const op = cpu.program[cpu.pc];
  const kind = KIND[op];
  if (kind === NONE) return;
  const ram = cpu.ram;
  const rb = (cpu.psw & 0x10) !== 0 ? 24 : 0;
  switch (kind) {
    case READ_RN:
      out.add(IRAM, rb + (op & 7), READ);
      return;
    case WRITE_RN:
      out.add(IRAM, rb + (op & 7), WRITE);
      return;
    case MODIFY_RN:
      out.add(IRAM, rb + (op & 7), READ | WRITE);
      return;
    case CALL:
    case RETURN: {
      // CALL pushes at SP; RET/RETR pull from SP - 1 (two bytes each, 08h + 2·level).
      const level = kind === CALL ? cpu.sp : (cpu.sp - 1) & 7;
      const how = kind === CALL ? WRITE : READ;
      out.add(IRAM, 8 + 2 * level, how);
      out.add(IRAM, 9 + 2 * level, how);
      return;
    }
    default:
      break;
  }
  const pointer = rb + (op & 1);
  const target = kind === MOVX_READ || kind === MOVX_WRITE ? ram[pointer] : ram[pointer] & 0x3f;
  out.add(IRAM, pointer, READ);
  switch (kind) {
    case READ_AT_RI:
      out.add(IRAM, target, READ);
      return;
    case WRITE_AT_RI:
      out.add(IRAM, target, WRITE);
      return;
    case MODIFY_AT_RI:
      out.add(IRAM, target, READ | WRITE);
      return;
    case MOVX_READ:
      if ((p1 & 0x10) === 0 && (target & 0x80) === 0) out.add(ERAM, target, READ);
      if ((p1 & 0x48) === 0) out.add(VDC, target, READ);
      return;
    default: // MOVX_WRITE
      if ((p1 & 0x40) === 0 && (p1 & 0x10) === 0 && (target & 0x80) === 0) out.add(ERAM, target, WRITE);
      if ((p1 & 0x08) === 0) out.add(VDC, target, WRITE);
  }
}
