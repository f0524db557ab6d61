/** The Intel 8048 CPU (cpu.ts), its opcode table and its self-test. */
export { I8048, COUNTER_MODE, TIMER_MODE, TIMER_STOPPED } from './cpu.ts';
export type { DebugHooks, DebugRunResult, StopReason } from './cpu.ts';
export type { I8048Pins } from './pins.ts';
export { CYCLES, ILLEGAL_OPCODES, LENGTHS, OPCODES, ROWS_BY_MNEMONIC, rowText } from './opcodes.ts';
export type { OpcodeRow } from './opcodes.ts';
export { runCpuSelfTest } from './self-test.ts';
export type { SelfTestReport } from './self-test.ts';
