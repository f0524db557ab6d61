/**
 * What the debugger asks of the CPU's run (I8048.runDebug, cpu.ts): where to stop, what to record,
 * and what the run says when it stops.
 */
import { ILLEGAL_OPCODES } from './opcodes.ts';
import type { PcTrace } from './trace.ts';

export type StopReason = 'cycles' | 'breakpoint' | 'illegal' | 'hook';

export interface DebugHooks {
  /** Addresses to stop at before executing; a Set, or 4096 flags (non-zero = break). */
  breakpoints?: ReadonlySet<number> | Uint8Array;
  /** Receives the address of every instruction executed. */
  trace?: PcTrace;
  /** Stop before executing one of the 26 unused opcodes. */
  stopOnIllegal?: boolean;
  /**
   * A breakpoint at the PC runDebug starts from is passed over (default), so a plain resume moves
   * on; false stops there too, for a caller that already ran the stopped instruction itself with
   * stepAfterInterruptCheck().
   */
  passBreakpointAtStart?: boolean;
  /**
   * Asked before every instruction, after its interrupt check and the breakpoint test (the
   * debugger's step over, step out, run to, watchpoints and register trace); true stops there with
   * reason 'hook'. Only runDebug asks it, so run() stays as fast without a debugger.
   */
  beforeInstruction?: (pc: number) => boolean;
}

export interface DebugRunResult {
  /** Machine cycles actually run (interrupt entries included). */
  cycles: number;
  reason: StopReason;
  /** PC of the instruction that would run next. */
  pc: number;
}

/** 1 for each of the 26 unused opcodes, for runDebug's stopOnIllegal. */
export const ILLEGAL = new Uint8Array(256);
for (const op of ILLEGAL_OPCODES) ILLEGAL[op] = 1;
