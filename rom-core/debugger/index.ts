/** The machine's debugger (debugger.ts): actions, watchpoints, the register trace, the call stack and step back. */
export { MachineDebugger } from './debugger.ts';
export type { DebugActionKind, DebugStop, MachineDebuggerOptions, StopKind } from './debugger.ts';
export { WatchList, watchPlace, watchProblem, watchText, watchedByte } from './watchpoints.ts';
export type { WatchHit, WatchKind, Watchpoint } from './watchpoints.ts';
export type { WatchSpace } from './accesses.ts';
export { Accesses, READ, WRITE, SPACES, SPACE_SIZE, decodeAccesses, isCall, isReturn } from './accesses.ts';
export { RegisterTrace } from './register-trace.ts';
export type { TraceEntry } from './register-trace.ts';
export { callStack } from './call-stack.ts';
export type { StackFrame } from './call-stack.ts';
export { StepHistory } from './step-history.ts';
export type { Moment } from './step-history.ts';
export { stepBackInstruction } from './step-back.ts';
export type { FrameStarts } from './step-back.ts';
export { peek, poke, pokePlace, pokeProblem } from './poke.ts';
export type { PokeTarget } from './poke.ts';
export { CycleProfile, PROFILE_FRAMES } from './profile.ts';
