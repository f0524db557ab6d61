/**
 * Breakpoints by label or expression with a condition (condition.ts), the beam's position and the
 * break at a scanline (beam.ts, MachineDebugger.setScanline), on the debugger test program.
 */
import { describe, expect, it } from 'vitest';
import {
  MachineDebugger,
  beamLine,
  beamPosition,
  parseAddress,
  parseCondition,
  parsePlace,
  scanlineProblem,
} from '../../../rom-core/debugger/index.ts';
import type { DebugStop } from '../../../rom-core/debugger/index.ts';
import { loadProgram, symbol } from '../../harness/program.ts';
import { machine } from '../machine/helpers.ts';

const program = loadProgram('debugger/actions');
const at = (label: string): number => symbol(program.result, label) as number;
const symbols = program.result.symbols;

function runUntilStop(d: MachineDebugger, frames = 5): DebugStop {
  for (let f = 0; f < frames; f++) {
    const stop = d.runFrame();
    if (stop) return stop;
  }
  throw new Error(`no stop within ${frames} frames`);
}

describe('addresses and conditions as typed', () => {
  it('reads labels, ASL and C numbers, sums, registers, memory and the logic between them', () => {
    expect(parseAddress('after', symbols)).toBe(at('after'));
    expect(parseAddress('AFTER + 2', symbols)).toBe(at('after') + 2);
    expect(parseAddress('4A2h', symbols)).toBe(0x4a2);
    expect(parseAddress('0x4a2', symbols)).toBe(0x4a2);
    const m = machine(program.cart);
    m.cpu.a = 3;
    m.cpu.ram[0x21] = 11;
    m.eram[0x12] = 0xaf;
    expect(parseCondition('A == 3', symbols).value(m)).toBe(1);
    expect(parseCondition('[iram 21h] > 10', symbols).value(m)).toBe(1);
    expect(parseCondition('[iram 21h] > 10 && A != 3', symbols).value(m)).toBe(0);
    expect(parseCondition('A == 4 || [eram 12h] == 0AFh', symbols).value(m)).toBe(1);
    expect(parseCondition('(A + 1) == 4', symbols).value(m)).toBe(1);
    expect(parseCondition('LINE', symbols).value(m)).toBe(beamLine(m));
  });

  it('says what is wrong in one sentence', () => {
    expect(() => parseAddress('nowhere', symbols)).toThrow(
      '“nowhere” is neither a register (A, PC, PSW, SP, R0-R7, T, P1, P2, LINE) nor a label of the program.',
    );
    expect(() => parseAddress('A', symbols)).toThrow(
      /reads the machine; a breakpoint's address is a label or a number/,
    );
    expect(() => parseAddress('1000h', symbols)).toThrow('1000h is not a program address (000h-FFFh).');
    expect(() => parseCondition('A ==', symbols)).toThrow('The expression ends where a value should come.');
    expect(() => parseCondition('[iram 40h] == 1', symbols)).toThrow('iram runs from 00h to 3Fh; 40h is past it.');
    expect(() => parseCondition('[rom 1] == 1', symbols)).toThrow(/\[iram X\], \[eram X\] or \[vdc X\]/);
    expect(() => parseCondition('A == 3 3', symbols)).toThrow('“3” is left over at the end.');
    expect(() => parseCondition('A = 3', symbols)).toThrow('“= 3” is not a number, a name or an operator.');
  });
});

describe('conditional breakpoints', () => {
  it('stop only where the condition holds, by the CPU test alone or with the per-instruction hook', () => {
    for (const hooked of [false, true]) {
      const m = machine(program.cart);
      const d = new MachineDebugger(m);
      d.setTrace(hooked);
      d.setBreakpoints([at('after')]);
      // R7 counts the passes; it is 3 after the INC of the fourth pass, so at `after` on pass 4 R7 = 3.
      d.setCondition(at('after'), parseCondition('R7 == 3', symbols));
      expect(runUntilStop(d)).toEqual({ kind: 'breakpoint', pc: at('after') });
      expect(m.cpu.reg(7)).toBe(3);
      d.setCondition(at('after'), undefined);
      expect(runUntilStop(d)).toEqual({ kind: 'breakpoint', pc: at('after') });
      expect(m.cpu.reg(7)).toBe(4);
    }
  });
});

describe('watchpoints by place, with a condition', () => {
  it('reads a place as a label, a sum or a number in the memory chosen, or [space X] naming its own', () => {
    const named = new Map([...symbols, ['score', 0x21]]);
    expect(parsePlace('score', named, 'iram')).toEqual({ space: 'iram', address: 0x21 });
    expect(parsePlace('SCORE + 1', named, 'eram')).toEqual({ space: 'eram', address: 0x22 });
    expect(parsePlace('[vdc 0A3h]', named, 'iram')).toEqual({ space: 'vdc', address: 0xa3 });
    expect(() => parsePlace('40h', named, 'iram')).toThrow('iram runs from 00h to 3Fh; 40h is past it.');
    expect(() => parsePlace('[eram R0]', named, 'iram')).toThrow(/reads the machine; a watchpoint's place/);
    expect(() => parsePlace('[rom 1]', named, 'iram')).toThrow(/\[iram X\], \[eram X\] or \[vdc X\]/);
    expect(() => parsePlace('nowhere', named, 'iram')).toThrow(/“nowhere” is neither a register/);
  });

  it('a watch with a condition stops only when it holds after the instruction; the condition is valued only then', () => {
    const m = machine(program.cart);
    const d = new MachineDebugger(m);
    let valued = 0;
    const r7is3 = parseCondition('R7 == 3', symbols);
    const test = { constant: false, value: (x: typeof m) => (valued++, r7is3.value(x)) };
    d.setWatchpoints([{ space: 'iram', address: 0x30, kind: 'write', name: 'passes', condition: 'R7 == 3', test }]);
    const stop = runUntilStop(d, 10);
    expect(stop.watch).toEqual({
      watch: { space: 'iram', address: 0x30, kind: 'write', name: 'passes', condition: 'R7 == 3' },
      old: 2,
      value: 3,
      pc: at('after') + 4,
    });
    // The loop wrote 1, 2 and 3: the condition was valued at those three writes, never between.
    expect(valued).toBe(3);
    expect(d.watchpoints()).toEqual([
      { space: 'iram', address: 0x30, kind: 'write', name: 'passes', condition: 'R7 == 3' },
    ]);
  });
});

describe('break at a scanline', () => {
  it('stops when the beam comes to the line, once a frame, and the beam says where it is', () => {
    const m = machine(program.cart);
    const d = new MachineDebugger(m);
    expect(scanlineProblem(m, 263)).toBe("The beam's lines run from 0 to 262 (NTSC); 263 is not one of them.");
    d.setScanline(100);
    expect(runUntilStop(d).kind).toBe('scanline');
    const first = m.frameNumber;
    const { line, dot } = beamPosition(m);
    expect(line).toBe(100);
    // At the first instruction boundary on the line: within one instruction (2 cycles, 40 dots) of its start.
    expect(dot).toBeLessThan(40);
    expect(runUntilStop(d).kind).toBe('scanline');
    expect(beamLine(m)).toBe(100);
    expect(m.frameNumber).toBe(first + 1);
    d.setScanline(undefined);
    expect(d.engaged).toBe(false);
  });
});
