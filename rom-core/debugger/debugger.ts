/**
 * The machine's debugger, as MAME's and 8bitworkshop's have it: step, step over a CALL, step out to
 * the RET/RETR that leaves the call level, run to an address, breakpoints, watchpoints, a trace of
 * the last instructions with their registers, and step back through snapshots.
 *
 * Every action runs through Odyssey2.runFrameDebug, whose split frames end exactly as unbroken ones
 * do; the CPU asks `before` at each instruction boundary (after the interrupt check), so a stop
 * shows an interrupt's entry at 003h/007h as the next instruction. An action that does not finish
 * in one frame goes on in the next runFrame call. With nothing set (no breakpoint, watch, trace or
 * action) the caller runs the machine's own runFrame, and with breakpoints only the CPU's own
 * breakpoint test runs: the per-instruction call costs only while something needs it.
 */
import type { DebugHooks } from '../i8048/index.ts';
import type { Odyssey2 } from '../machine/index.ts';
import { isCall, isReturn } from './accesses.ts';
import { CycleProfile } from './profile.ts';
import { RegisterTrace } from './register-trace.ts';
import { StepHistory } from './step-history.ts';
import { stepBackInstruction } from './step-back.ts';
import { beamLine } from './beam.ts';
import type { Expression } from './condition.ts';
import type { FrameStarts } from './step-back.ts';
import { WatchList } from './watchpoints.ts';
import type { WatchHit, Watchpoint } from './watchpoints.ts';

export type DebugActionKind = 'run' | 'step' | 'step-over' | 'step-out' | 'run-to';

/** Why the CPU stopped: an action done, a breakpoint, or a watchpoint. */
export type StopKind = 'breakpoint' | 'watchpoint' | 'scanline' | 'step' | 'step-over' | 'step-out' | 'run-to';

export interface DebugStop {
  kind: StopKind;
  /** PC of the instruction that runs next. */
  pc: number;
  watch?: WatchHit;
}

interface Action {
  kind: DebugActionKind;
  /** step over a CALL: the address after it, and the stack level it returns to. */
  returnTo?: number;
  /** step over / step out: SP when the action began. */
  depth?: number;
  /** run to: the address. */
  address?: number;
}

/** The PC's increment: bit 11 stays (MCS-48 manual, the two 2 KB memory banks). */
const following = (pc: number): number => ((pc + 1) & 0x7ff) | (pc & 0x800);

export interface MachineDebuggerOptions {
  /** Instructions the trace keeps (default 256). */
  traceCapacity?: number;
  /** Steps back kept (default 256). */
  historyCapacity?: number;
}

export class MachineDebugger {
  readonly trace: RegisterTrace;
  readonly history: StepHistory;
  readonly profile = new CycleProfile();
  private profileOn = false;
  private readonly watches: WatchList;
  private readonly breakpoints = new Uint8Array(4096);
  private breakpointCount = 0;
  private traceOn = false;
  private action: Action | undefined;
  /** Instructions run since the action began (the one it began at counts once it has run). */
  private executed = 0;
  private resumePc = 0;
  private lastOp = 0;
  private stopped: DebugStop | undefined;
  private readonly hooks: DebugHooks;
  /** The snapshots rewind keeps before each frame: step back runs a frame again from its start. */
  frameStarts: FrameStarts | undefined;
  /** Breakpoints that stop only when their condition holds (not 0), by address. */
  private readonly conditions = new Map<number, Expression>();
  /** The beam's line to stop at (-1: none), and the line it was on at the last instruction boundary. */
  private scanline = -1;
  private lastLine = -1;

  constructor(
    readonly machine: Odyssey2,
    options: MachineDebuggerOptions = {},
  ) {
    this.trace = new RegisterTrace(options.traceCapacity ?? 256);
    this.history = new StepHistory(options.historyCapacity ?? 256);
    this.watches = new WatchList(machine);
    this.hooks = { beforeInstruction: (pc) => this.before(pc) };
  }

  setBreakpoints(addresses: Iterable<number>): void {
    this.breakpoints.fill(0);
    for (const a of addresses) this.breakpoints[a & 0xfff] = 1;
    this.breakpointCount = this.breakpoints.reduce((n, b) => n + b, 0);
  }

  breakpointList(): number[] {
    const out: number[] = [];
    for (let a = 0; a < 4096; a++) if (this.breakpoints[a] !== 0) out.push(a);
    return out;
  }

  /**
   * Sets a breakpoint's condition (undefined: none); the breakpoint itself is in setBreakpoints' list.
   * Checked only when the CPU reaches the address, so it costs the run nothing elsewhere.
   */
  setCondition(address: number, condition: Expression | undefined): void {
    if (condition) this.conditions.set(address & 0xfff, condition);
    else this.conditions.delete(address & 0xfff);
  }

  clearConditions(): void {
    this.conditions.clear();
  }

  /** Stop when the beam reaches `line` (scanlineProblem says which lines are), or never (undefined). */
  setScanline(line: number | undefined): void {
    this.scanline = line ?? -1;
  }

  get scanlineBreak(): number | undefined {
    return this.scanline < 0 ? undefined : this.scanline;
  }

  hasBreakpoint(address: number): boolean {
    return this.breakpoints[address & 0xfff] !== 0;
  }

  /** Replaces the watchpoints; a bad one throws a sentence and changes nothing. */
  setWatchpoints(list: readonly Watchpoint[]): void {
    this.watches.set(list);
  }

  watchpoints(): Watchpoint[] {
    return this.watches.list();
  }

  /** Turns the register trace on or off (turning it on starts it empty). */
  setTrace(on: boolean): void {
    if (on && !this.traceOn) this.trace.clear();
    this.traceOn = on;
  }

  get tracing(): boolean {
    return this.traceOn;
  }

  /** Turns the cycle profile on (starting it empty) or off; while on, every instruction is counted. */
  setProfile(on: boolean): void {
    if (on && !this.profileOn) this.profile.clear();
    this.profileOn = on;
  }

  get profiling(): boolean {
    return this.profileOn;
  }

  /** True when runs must come here; false when the machine's own runFrame does the same. */
  get engaged(): boolean {
    const a = this.action;
    return (
      (a !== undefined && a.kind !== 'run') ||
      this.watches.size > 0 ||
      this.traceOn ||
      this.profileOn ||
      this.scanline >= 0 ||
      this.breakpointCount > 0
    );
  }

  /** The action under way across frames, if any (a step over that has not returned yet). */
  get pendingAction(): DebugActionKind | undefined {
    return this.action?.kind;
  }

  /**
   * Begins an action where the machine stands, keeping a snapshot first for step back ('run' keeps
   * none: it is a resume, not a step). Returns a sentence instead when it cannot begin.
   */
  begin(kind: DebugActionKind, address?: number): string | undefined {
    const cpu = this.machine.cpu;
    const action: Action = { kind };
    if (kind === 'step-out') {
      if (cpu.sp === 0) return 'Step out needs a call to leave: the stack is empty (SP 0).';
      action.depth = cpu.sp;
    } else if (kind === 'step-over' && isCall(cpu.program[cpu.pc])) {
      action.returnTo = following(following(cpu.pc));
      action.depth = cpu.sp;
    } else if (kind === 'run-to') {
      if (address === undefined || !Number.isInteger(address) || address < 0 || address > 0xfff)
        return `Run to needs a program address 000h-FFFh, not ${String(address)}.`;
      action.address = address;
    }
    if (kind !== 'run') this.history.push(this.machine);
    this.start(action);
    return undefined;
  }

  /** Drops the action under way (the machine was paused). */
  cancel(): void {
    this.action = undefined;
  }

  /**
   * Runs the current frame until a stop or its end; undefined when it ended with no stop (the
   * action, if any, goes on in the next call). Without an action it runs as a plain resume.
   */
  runFrame(): DebugStop | undefined {
    const m = this.machine;
    if (this.action === undefined) this.start({ kind: 'run' });
    if (!this.needsHook()) {
      for (;;) {
        const r = m.runFrameDebug({ breakpoints: this.breakpoints });
        if (r.reason === 'frame') return undefined;
        // A breakpoint whose condition is false: on with the frame (the stopped instruction runs first).
        if (r.reason !== 'breakpoint' || this.holds(r.pc)) return this.finish({ kind: 'breakpoint', pc: r.pc });
      }
    }
    this.stopped = undefined;
    const r = m.runFrameDebug(this.hooks);
    if (r.reason !== 'frame') return this.finish(this.stopped ?? { kind: 'breakpoint', pc: r.pc });
    if (this.profileOn) this.profile.frameEnd(m.cpu.cycles);
    // The frame's last instruction is judged here: no boundary of this frame follows it.
    const hit = this.watches.size > 0 ? this.watches.check() : undefined;
    if (hit) return this.finish({ kind: 'watchpoint', pc: m.cpu.pc, watch: hit });
    if (this.action?.kind === 'step' && this.executed > 0) return this.finish({ kind: 'step', pc: m.cpu.pc });
    return undefined;
  }

  /**
   * Puts the machine back one instruction (step-back.ts), or undoes an edit made where it stands;
   * false, changing nothing, when nothing is kept to go back with.
   */
  stepBack(): boolean {
    if (!stepBackInstruction(this.machine, this.history, this.frameStarts)) return false;
    this.action = undefined;
    this.watches.sync();
    return true;
  }

  private start(action: Action): void {
    const m = this.machine;
    this.action = action;
    this.executed = 0;
    this.resumePc = m.cpu.pc;
    this.lastLine = this.scanline >= 0 ? beamLine(m) : -1;
    this.watches.sync();
    // Stopped before an instruction: it runs first, with no boundary (no `before`) ahead of it.
    if (m.stoppedBeforeInstruction) this.observe(m.cpu.pc);
  }

  private needsHook(): boolean {
    const a = this.action;
    return (
      (a !== undefined && a.kind !== 'run') ||
      this.watches.size > 0 ||
      this.traceOn ||
      this.profileOn ||
      this.scanline >= 0
    );
  }

  /** The condition of the breakpoint at `pc` holds (or it has none). */
  private holds(pc: number): boolean {
    const c = this.conditions.get(pc);
    return c === undefined || c.value(this.machine) !== 0;
  }

  private finish(stop: DebugStop): DebugStop {
    this.action = undefined;
    return stop;
  }

  /** At an instruction boundary: stop here (true), or note the instruction and let it run. */
  private before(pc: number): boolean {
    const stop = this.judge(pc);
    if (stop !== undefined) {
      this.stopped = stop;
      return true;
    }
    this.observe(pc);
    return false;
  }

  private judge(pc: number): DebugStop | undefined {
    const hit = this.watches.size > 0 ? this.watches.check() : undefined;
    if (hit !== undefined) return { kind: 'watchpoint', pc, watch: hit };
    if (this.scanline >= 0 && this.reachedLine()) return { kind: 'scanline', pc };
    const first = this.executed === 0;
    // A plain resume moves on from the breakpoint it stands at (as the CPU's own test does).
    if (this.breakpoints[pc] !== 0 && !(first && pc === this.resumePc) && this.holds(pc))
      return { kind: 'breakpoint', pc };
    const a = this.action;
    if (a === undefined || first) return undefined;
    const sp = this.machine.cpu.sp;
    switch (a.kind) {
      case 'step':
        return { kind: 'step', pc };
      case 'step-over':
        if (a.returnTo === undefined || (pc === a.returnTo && sp === a.depth)) return { kind: 'step-over', pc };
        return undefined;
      case 'step-out':
        return isReturn(this.lastOp) && sp === (a.depth as number) - 1 ? { kind: 'step-out', pc } : undefined;
      case 'run-to':
        return pc === a.address ? { kind: 'run-to', pc } : undefined;
      default:
        return undefined;
    }
  }

  /** The beam has just come to the scanline to stop at (not: still on it since the last boundary). */
  private reachedLine(): boolean {
    const line = beamLine(this.machine);
    const reached = line === this.scanline && this.lastLine !== line;
    this.lastLine = line;
    return reached;
  }

  private observe(pc: number): void {
    const m = this.machine;
    this.executed++;
    this.lastOp = m.cpu.program[pc];
    if (this.profileOn) this.profile.boundary(m.cpu);
    if (this.watches.size > 0) this.watches.observe(pc);
    if (this.traceOn) this.trace.record(m.cpu, m.frameNumber + 1);
  }
}
