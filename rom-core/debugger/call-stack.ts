/**
 * The call stack as the 8048 keeps it: eight two-byte levels at internal RAM 08h-17h, level n at
 * 08h + 2n, PSW bits 2-0 the next free level (Intel MCS-48 manual, "Program Counter and Stack"). Each
 * level holds a return address (low byte, then bits 8-11 with PSW's CY AC F0 BS above them).
 */
import type { I8048 } from '../i8048/index.ts';
import { isCall } from './accesses.ts';

export interface StackFrame {
  /** Stack level 0-7 (the RAM pair at 08h + 2·level). */
  level: number;
  returnAddress: number;
  /** PSW bits 7-4 as saved (RETR restores them). */
  savedPsw: number;
  /**
   * The CALL's address when the two bytes before the return address are a CALL; absent when they
   * are not, as when an interrupt entered (its return address is the interrupted instruction).
   */
  callSite?: number;
}

/** The levels in use, innermost first (as deep as SP says; the stack wraps after eight). */
export function callStack(cpu: I8048): StackFrame[] {
  const frames: StackFrame[] = [];
  const ram = cpu.ram;
  for (let n = 1; n <= cpu.sp; n++) {
    const level = cpu.sp - n;
    const high = ram[9 + 2 * level];
    const returnAddress = ram[8 + 2 * level] | ((high & 0x0f) << 8);
    // The CALL is two bytes before, inside the same 2 KB half (the PC's increment keeps bit 11).
    const site = ((returnAddress - 2) & 0x7ff) | (returnAddress & 0x800);
    const frame: StackFrame = { level, returnAddress, savedPsw: high & 0xf0 };
    if (isCall(cpu.program[site])) frame.callSite = site;
    frames.push(frame);
  }
  return frames;
}
