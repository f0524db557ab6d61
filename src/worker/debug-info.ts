/**
 * What the session answers the debugger with: the machine's registers and memory at this moment
 * (DebugInfo), and the disassembly around the PC with the source lines of its instructions.
 */
import { disassembleOne } from '../../rom-core/asm/index.ts';
import { beamPosition, callStack } from '../../rom-core/debugger/index.ts';
import type { MachineDebugger } from '../../rom-core/debugger/index.ts';
import type { Odyssey2 } from '../../rom-core/machine/index.ts';
import type { DebugInfo, DisasmLine, StopState } from './protocol.ts';
import { profileInfo } from './debug-views.ts';

/** Names the source line of the instruction at an address (`length` bytes), if it has one. */
type SourceAt = (address: number, length: number) => string | undefined;
/** The program's label at an address, if it has one. */
export type LabelAt = (address: number) => string | undefined;

export function debugInfo(
  m: Odyssey2,
  debug: MachineDebugger,
  frame: number,
  stop: StopState | undefined,
  sourceAt: SourceAt,
  typedBreaks: DebugInfo['typedBreaks'],
  labelAt: LabelAt,
  ramNames: DebugInfo['ramNames'],
): DebugInfo {
  const cpu = m.cpu;
  const psw = cpu.psw;
  const bank = (psw & 0x10) !== 0 ? 1 : 0;
  const regs: number[] = [];
  for (let i = 0; i < 8; i++) regs.push(cpu.ram[bank * 24 + i]);
  return {
    frame,
    pc: cpu.pc,
    a: cpu.a,
    psw,
    sp: cpu.sp,
    bank,
    regs,
    p1: m.p1,
    p2: m.p2,
    timer: cpu.timer,
    intEnabled: cpu.intEnabled,
    iram: Array.from(cpu.ram),
    eram: Array.from(m.eram),
    vdc: Array.from(m.vdc.regs),
    vdcNtsc: m.timing.ntsc,
    disasm: disassembleAround(m, debug, sourceAt, cpu.pc, labelAt),
    breakpoints: debug.breakpointList(),
    typedBreaks,
    scanline: debug.scanlineBreak,
    beam: beamPosition(m),
    disasmLabels: labelsOf(debug.breakpointList(), labelAt),
    ramNames,
    stop,
    pendingAction: debug.pendingAction,
    callStack: callStack(cpu).map(({ level, returnAddress, callSite }) => ({ level, returnAddress, callSite })),
    watchpoints: debug.watchpoints(),
    trace: { on: debug.tracing, length: debug.trace.length },
    profile: debug.profiling ? profileInfo(m, debug.profile, sourceAt) : undefined,
    stepBackDepth: debug.history.depth,
    charset: Array.from(m.vdc.getCharset()),
  };
}

/** A few instructions before the PC (decoded from a safe earlier start) and more after it. */
export function disassembleAround(
  m: Odyssey2,
  debug: MachineDebugger,
  sourceAt: SourceAt,
  pc: number,
  labelAt: LabelAt = () => undefined,
  before = 6,
  after = 14,
): DisasmLine[] {
  const program = m.cpu.program;
  const decodeFrom = (start: number, stopAt: number): number[] => {
    const starts: number[] = [];
    let a = start;
    while (a < stopAt) {
      starts.push(a);
      a += disassembleOne(program, a, a).length;
    }
    return a === stopAt ? starts : [];
  };
  // Instructions are 1 or 2 bytes: find the earliest start within 2·before bytes that lands on the PC.
  let lead: number[] = [];
  for (let back = Math.min(pc, before * 2); back > 0 && lead.length === 0; back--) lead = decodeFrom(pc - back, pc);
  const lines: DisasmLine[] = [];
  const push = (address: number): number => {
    const { text, length } = disassembleOne(program, address, address, labelAt);
    lines.push({
      address,
      bytes: Array.from(program.subarray(address, address + length)),
      text,
      source: sourceAt(address, length),
      label: labelAt(address),
      current: address === pc,
      breakpoint: debug.hasBreakpoint(address),
    });
    return length;
  };
  for (const a of lead.slice(-before)) push(a);
  let a = pc;
  for (let i = 0; i <= after && a < program.length; i++) a += push(a);
  return lines;
}

function labelsOf(addresses: number[], labelAt: LabelAt): Record<number, string> {
  const out: Record<number, string> = {};
  for (const a of addresses) {
    const label = labelAt(a);
    if (label) out[a] = label;
  }
  return out;
}
