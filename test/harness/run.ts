/**
 * Runs one of test/programs/ on OUR 8048 with the O2 test pin model, two ways:
 * - `compareWithGolden`: at each frame MAME recorded, run until our total machine cycles reach
 *   MAME's and compare every recorded field;
 * - `runToSelfLoop`: the jsbeeb/Dormann-style run: step until an instruction jumps to itself.
 */
import type { I8048 } from '../../rom-core/i8048/cpu.ts';
import { bootCpu } from './boot.ts';
import type { GoldenFrame } from './golden.ts';
import { O2TestPins } from './o2-pins.ts';
import { loadProgram, oracleBios, programImage, symbol } from './program.ts';
import type { AssembledProgram } from './program.ts';

export interface Machine {
  program: AssembledProgram;
  cpu: I8048;
  pins: O2TestPins;
}

export function boot(name: string): Machine {
  const program = loadProgram(name);
  const { cpu, pins } = bootCpu(new O2TestPins(), programImage(oracleBios(), program.cart));
  return { program, cpu, pins };
}

const hex = (n: number, digits = 2): string => n.toString(16).toUpperCase().padStart(digits, '0') + 'h';

function diffBytes(field: string, expected: Uint8Array, actual: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < expected.length; i++) {
    if (expected[i] !== actual[i])
      out.push(`${field}[${hex(i)}]: expected ${hex(expected[i])}, actual ${hex(actual[i])}`);
  }
  return out;
}

/** Every field of a MAME frame that differs from our CPU now, as "field: expected X, actual Y". */
export function diffFrame(m: Machine, g: GoldenFrame): string[] {
  const { cpu, pins } = m;
  const out: string[] = [];
  const scalar = (field: string, expected: number, actual: number, digits = 2): void => {
    if (expected !== actual) out.push(`${field}: expected ${hex(expected, digits)}, actual ${hex(actual, digits)}`);
  };
  scalar('cycles', g.cycles, cpu.cycles, 1);
  scalar('pc', g.pc, cpu.pc, 3);
  scalar('a', g.a, cpu.a);
  // Neither MAME nor our CPU stores PSW bit 3; mask it anyway so only behaviour is compared.
  scalar('psw', g.psw & 0xf7, cpu.psw & 0xf7);
  scalar('p1', g.p1, cpu.p1);
  scalar('p2', g.p2, cpu.p2);
  scalar('f1', g.f1 ? 1 : 0, cpu.f1 ? 1 : 0);
  scalar('a11 (MBF)', g.a11 ? 1 : 0, cpu.mbf ? 1 : 0);
  scalar('timer', g.timer, cpu.timer);
  scalar('prescaler', g.prescaler, cpu.prescaler);
  scalar('tf', g.tf ? 1 : 0, cpu.tf ? 1 : 0);
  scalar('irq in progress', g.irq ? 1 : 0, cpu.irqInProgress ? 1 : 0);
  out.push(...diffBytes('ram', g.ram, cpu.ram));
  out.push(...diffBytes('xram', g.xram, pins.xram));
  return out;
}

/**
 * Replays MAME's frames: returns '' when every frame matches, else a message naming the program,
 * the first frame that differs and each differing field.
 */
export function compareWithGolden(m: Machine, golden: GoldenFrame[]): string {
  for (const g of golden) {
    while (m.cpu.cycles < g.cycles) m.cpu.step();
    const diffs = diffFrame(m, g);
    if (diffs.length) {
      return `${m.program.name}: frame ${g.frame} (MAME cycle ${g.cycles}, ours ${m.cpu.cycles}) differs:\n  ${diffs.join('\n  ')}`;
    }
  }
  return '';
}

export interface SelfLoopResult {
  /** Address of the instruction that jumps to itself, or undefined if the budget ran out. */
  loopPc: number | undefined;
  cycles: number;
}

export function runToSelfLoop(m: Machine, maxCycles: number): SelfLoopResult {
  const { cpu } = m;
  while (cpu.cycles < maxCycles) {
    const before = cpu.pc;
    const opcode = cpu.program[before];
    cpu.step();
    // Only a JMP onto itself parks the program: a RET unwinding a recursion or a DJNZ counting
    // down can also leave the PC where it was.
    if (cpu.pc === before && (opcode & 0x1f) === 0x04) return { loopPc: before, cycles: cpu.cycles };
  }
  return { loopPc: undefined, cycles: cpu.cycles };
}

/** Explains where a program stopped: `pass`, or `fail` with the failing check's call site. */
export function describeStop(m: Machine, pc: number | undefined): string {
  if (pc === undefined) return `${m.program.name}: no self-loop reached (PC ${hex(m.cpu.pc, 3)})`;
  const r = m.program.result;
  if (pc === symbol(r, 'pass')) return `${m.program.name}: pass`;
  if (pc === symbol(r, 'fail')) {
    const slot = (m.cpu.psw + 7) & 7;
    const ret = m.cpu.ram[8 + 2 * slot] | ((m.cpu.ram[9 + 2 * slot] & 0x0f) << 8);
    return `${m.program.name}: fail; the last CALL returns to ${hex(ret, 3)} (a failing \`call check\` is just before it)`;
  }
  return `${m.program.name}: stuck in a self-loop at ${hex(pc, 3)}`;
}
