/**
 * A small built-in check that the CPU core runs real 8048 code correctly, for the landing page and
 * the browser test. Each program is a byte array placed in an otherwise empty 4 KB program space.
 */
import { I8048 } from './cpu.ts';
import { RecordingPins } from './recording-pins.ts';

export interface SelfTestReport {
  passed: number;
  failed: number;
  failures: string[];
}

interface Machine {
  cpu: I8048;
  pins: RecordingPins;
}

function boot(chunks: [address: number, bytes: number[]][]): Machine {
  const program = new Uint8Array(4096);
  for (const [address, bytes] of chunks) program.set(bytes, address);
  const pins = new RecordingPins();
  const cpu = new I8048(pins, program);
  return { cpu, pins };
}

/** Steps until PC reaches `stop` (or a step limit); returns the cycles used. */
function runTo(cpu: I8048, stop: number, limit = 1000): number {
  let cycles = 0;
  for (let i = 0; i < limit && cpu.pc !== stop; i++) cycles += cpu.step();
  return cycles;
}

const hex = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0') + 'h';

/** Records one named check: passed, or failed with what was found. */
type Check = (name: string, ok: boolean, detail: string) => void;

/** DA A after a BCD addition, and its cycles. */
function decimalAdjust(check: Check): void {
  // MOV A,#18h; ADD A,#89h; DA A  ->  07h with CY set (BCD 18 + 89 = 107).
  const bcd = boot([[0, [0x23, 0x18, 0x03, 0x89, 0x57]]]);
  const bcdCycles = runTo(bcd.cpu, 5);
  check(
    'DA A after 18h+89h',
    bcd.cpu.a === 0x07 && (bcd.cpu.psw & 0x80) !== 0,
    `A=${hex(bcd.cpu.a)} PSW=${hex(bcd.cpu.psw)}, expected A=07h with CY`,
  );
  check('DA A cycle count', bcdCycles === 5, `${bcdCycles} cycles, expected 5`);
}

/** DJNZ counting a loop down, and its cycles. */
function summingLoop(check: Check): void {
  // MOV R2,#10; CLR A; loop: ADD A,R2; DJNZ R2,loop  ->  A = 55 = 37h in 2+1+10*3 cycles.
  const loop = boot([[0, [0xba, 0x0a, 0x27, 0x6a, 0xea, 0x03]]]);
  const loopCycles = runTo(loop.cpu, 6);
  check(
    'DJNZ summing loop',
    loop.cpu.a === 0x37 && loop.cpu.reg(2) === 0,
    `A=${hex(loop.cpu.a)} R2=${hex(loop.cpu.reg(2))}, expected A=37h R2=00h`,
  );
  check('DJNZ loop cycle count', loopCycles === 33, `${loopCycles} cycles, expected 33`);
}

/** CALL then RET or RETR: what each restores of the PSW. */
function callAndReturn(check: Check): void {
  // CPL C; CALL 010h; then at 010h: CLR C; SEL RB1; RET or RETR.
  for (const [name, ret, carry, bank] of [
    ['RET', 0x83, 0, 0x10],
    ['RETR', 0x93, 0x80, 0],
  ] as const) {
    const m = boot([
      [0, [0xa7, 0x14, 0x10]],
      [0x10, [0x97, 0xd5, ret]],
    ]);
    runTo(m.cpu, 3);
    const psw = m.cpu.psw;
    check(
      `CALL/${name} and the PSW`,
      (psw & 0x80) === carry && (psw & 0x10) === bank && (psw & 7) === 0,
      `PSW=${hex(psw)} after ${name}, expected CY=${carry ? 1 : 0} BS=${bank ? 1 : 0} SP=0`,
    );
  }
}

/** MOVX out to external RAM and back. */
function externalRam(check: Check): void {
  // MOV R0,#40h; MOV A,#5Ah; MOVX @R0,A; CLR A; MOVX A,@R0.
  const movx = boot([[0, [0xb8, 0x40, 0x23, 0x5a, 0x90, 0x27, 0x80]]]);
  runTo(movx.cpu, 7);
  check(
    'MOVX write then read',
    movx.pins.external[0x40] === 0x5a && movx.cpu.a === 0x5a,
    `external[40h]=${hex(movx.pins.external[0x40])} A=${hex(movx.cpu.a)}, expected 5Ah both`,
  );
}

/** The timer overflow interrupt: its vector and its timing. */
function timerInterrupt(check: Check): void {
  // Timer at FFh, EN TCNTI, STRT T, spin; the overflow 32 cycles later must vector to 007h.
  const tim = boot([
    [0, [0x04, 0x09]],
    [7, [0x04, 0x20]],
    [9, [0x23, 0xff, 0x62, 0x25, 0x55, 0x04, 0x0e]],
    [0x20, [0xbf, 0x2a, 0x93]],
  ]);
  const timCycles = runTo(tim.cpu, 0x22);
  check(
    'timer overflow interrupt',
    tim.cpu.reg(7) === 0x2a && tim.cpu.irqInProgress && tim.cpu.tf,
    `R7=${hex(tim.cpu.reg(7))} in ISR=${tim.cpu.irqInProgress} TF=${tim.cpu.tf}, expected the ISR to run`,
  );
  // 9 cycles of set-up, 16 spins of JMP (32 cycles), 2 for the entry, 2 for JMP 20h, 2 for MOV R7.
  check('timer interrupt timing', timCycles === 2 + 5 + 32 + 2 + 2 + 2, `${timCycles} cycles, expected 45`);
}

/** MOVP reads from the page of the next instruction. */
function movpAtPageEnd(check: Check): void {
  // MOV A,#05h; JMP 0FFh; at 0FFh MOVP A,@A reads from page 1 (the page of the next instruction).
  const movp = boot([
    [0, [0x23, 0x05, 0x04, 0xff]],
    [0xff, [0xa3]],
    [0x105, [0x77]],
  ]);
  runTo(movp.cpu, 0x100);
  check('MOVP at the end of a page', movp.cpu.a === 0x77, `A=${hex(movp.cpu.a)}, expected 77h from 105h`);
}

/** The checks in order; a crash in one ends the run (reported as one failure). */
const CHECKS: readonly ((check: Check) => void)[] = [
  decimalAdjust,
  summingLoop,
  callAndReturn,
  externalRam,
  timerInterrupt,
  movpAtPageEnd,
];

export function runCpuSelfTest(): SelfTestReport {
  const report: SelfTestReport = { passed: 0, failed: 0, failures: [] };
  const check: Check = (name, ok, detail) => {
    if (ok) report.passed++;
    else {
      report.failed++;
      report.failures.push(`${name}: ${detail}`);
    }
  };

  try {
    for (const run of CHECKS) run(check);
  } catch (error) {
    report.failed++;
    report.failures.push(`self-test crashed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return report;
}
