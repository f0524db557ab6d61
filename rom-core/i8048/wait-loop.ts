/**
 * Wait loops the CPU may pass over in one step (cpu.ts `skipWait`). A program waiting for an
 * interrupt spins: our BIOS's waitvsync is `.wait: JF1 done / JMP .wait`, and the battle cartridge
 * spends 97 % of its instructions there. Nothing inside such a loop reads a pin or writes memory, and
 * its condition is held in the CPU (F0, F1, CY, A) where only an interrupt handler can change it, so
 * every pass leaves the machine exactly as the one before, two machine cycles later per instruction.
 * The CPU may therefore count many passes at once, provided no interrupt and no timer overflow falls
 * inside them (the CPU bounds that); the machine then ends in the very state the passes would have
 * left. The shapes recognised, with H the loop's first address:
 *
 *   H: JMP H                       jump to itself
 *   H: Jcc H         (taken)       wait while a flag holds
 *   H: Jcc X         (not taken)   wait until a flag holds (waitvsync)
 *   H+2: JMP H
 */
import { CYCLES } from './opcodes.ts';

const PSW_CY = 0x80;
const PSW_F0 = 0x20;

/** Not a condition held in the CPU alone (a pin, the timer flag, a register count, or no branch). */
const NOT_STATIC = -1;

/**
 * Whether the conditional jump `op` is taken, for the jumps whose condition only the CPU's own state
 * decides (JC JNC JZ JNZ JF0 JF1 JBb); NOT_STATIC for every other opcode (JT0/JT1/JNI read pins,
 * JTF and DJNZ change what they test).
 */
function staticTaken(op: number, a: number, psw: number, f1: boolean): number {
  if ((op & 0x1f) === 0x12) return (a >> (op >> 5)) & 1; // JBb
  switch (op) {
    case 0xf6:
      return psw & PSW_CY ? 1 : 0; // JC
    case 0xe6:
      return psw & PSW_CY ? 0 : 1; // JNC
    case 0xc6:
      return a === 0 ? 1 : 0; // JZ
    case 0x96:
      return a !== 0 ? 1 : 0; // JNZ
    case 0xb6:
      return psw & PSW_F0 ? 1 : 0; // JF0
    case 0x76:
      return f1 ? 1 : 0; // JF1
    default:
      return NOT_STATIC;
  }
}

/** The address after `pc` within its 2K bank, as the CPU's fetch counts. */
function next(pc: number): number {
  return ((pc + 1) & 0x7ff) | (pc & 0x800);
}

/** The target of JMP `op`,`operand` as the CPU outside an interrupt handler takes it (MBF into A11). */
function jmpTarget(op: number, operand: number, mbf: number): number {
  return ((op & 0xe0) << 3) | operand | (mbf << 11);
}

function isJmp(op: number): boolean {
  return (op & 0x1f) === 0x04;
}

/**
 * The wait loop starting at `pc`, as one number (no allocation on the CPU's hot path): 0 when there
 * is none; otherwise bits 0-7 the cycles of one pass, bits 8-15 the cycles from the pass's start to
 * its last instruction's start (its last interrupt check), bits 16-27 the address of that last
 * instruction (the CPU's prevPc after a pass). Only for code outside an interrupt handler.
 */
export function waitLoopAt(program: Uint8Array, pc: number, mbf: number, a: number, psw: number, f1: boolean): number {
  const op = program[pc];
  const second = next(pc);
  if (isJmp(op)) {
    return jmpTarget(op, program[second], mbf) === pc ? CYCLES[op] | (pc << 16) : 0;
  }
  const taken = staticTaken(op, a, psw, f1);
  if (taken === NOT_STATIC) return 0;
  const after = next(second);
  if (taken === 1) {
    // A conditional jump's target stays in the page of its operand byte.
    return ((second & 0xf00) | program[second]) === pc ? CYCLES[op] | (pc << 16) : 0;
  }
  const jmp = program[after];
  if (!isJmp(jmp) || jmpTarget(jmp, program[next(after)], mbf) !== pc) return 0;
  return (CYCLES[op] + CYCLES[jmp]) | (CYCLES[op] << 8) | (after << 16);
}

/**
 * Cycles the CPU may count at once for the wait loop `loop` (waitLoopAt's number), standing at the
 * loop's start before that instruction's interrupt check: whole passes only, each one's interrupt
 * checks all within `quiet` cycles from now (/INT not asserted up to there: the machine's promise),
 * at most `timerRoom` cycles (the timer must not overflow inside them), and fewer than `remaining`,
 * so the run goes on to make the next interrupt check itself. 0 = run the loop as usual.
 */
export function waitCycles(loop: number, remaining: number, quiet: number, timerRoom: number): number {
  const period = loop & 0xff;
  const lastCheck = (loop >> 8) & 0xff;
  let passes = Math.floor((remaining - 1) / period);
  const byInt = Math.floor((quiet - lastCheck) / period) + 1;
  if (byInt < passes) passes = byInt;
  const byTimer = Math.floor(timerRoom / period);
  if (byTimer < passes) passes = byTimer;
  return passes > 0 ? passes * period : 0;
}
