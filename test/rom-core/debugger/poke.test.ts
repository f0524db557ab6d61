/**
 * The debugger's edits (rom-core/debugger/poke.ts) on the debugger test program: each register and
 * memory written is what the next instruction sees; a bad target or value changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { MachineDebugger, peek, poke, pokePlace, pokeProblem } from '../../../rom-core/debugger/index.ts';
import type { PokeTarget } from '../../../rom-core/debugger/index.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { loadProgram, symbol } from '../../harness/program.ts';
import { machine } from '../machine/helpers.ts';

const program = loadProgram('debugger/actions');
const at = (label: string): number => symbol(program.result, label) as number;

/** A machine stopped before the instruction at `label`, and its debugger. */
function stoppedAt(label: string): { m: Odyssey2; d: MachineDebugger } {
  const m = machine(program.cart);
  const d = new MachineDebugger(m);
  expect(d.begin('run-to', at(label))).toBeUndefined();
  for (let f = 0; f < 5; f++) if (d.runFrame()) return { m, d };
  throw new Error(`never reached ${label}`);
}

function step(d: MachineDebugger): void {
  expect(d.begin('step')).toBeUndefined();
  expect(d.runFrame()).toBeDefined();
}

describe('debugger edits', () => {
  it('A edited before MOV @R1,A is the byte stored', () => {
    // `after` + 3 is `mov @r1,a` (internal RAM 30h = A).
    const { m, d } = stoppedAt('after');
    step(d); // inc r7
    step(d); // mov a,r7
    step(d); // mov r1,#30h
    poke(m, { kind: 'a' }, 0x5a);
    expect(peek(m, { kind: 'a' })).toBe(0x5a);
    step(d);
    expect(m.cpu.ram[0x30]).toBe(0x5a);
  });

  it('R7 of the bank in use, and the other bank once PSW selects it', () => {
    const { m, d } = stoppedAt('after');
    poke(m, { kind: 'reg', index: 7 }, 0x41);
    expect(m.cpu.ram[7]).toBe(0x41);
    step(d); // inc r7
    expect(peek(m, { kind: 'reg', index: 7 })).toBe(0x42);
    poke(m, { kind: 'psw' }, m.cpu.psw | 0x10);
    expect(peek(m, { kind: 'reg', index: 7 })).toBe(m.cpu.ram[24 + 7]);
    poke(m, { kind: 'reg', index: 7 }, 0x99);
    expect(m.cpu.ram[31]).toBe(0x99);
    expect(m.cpu.ram[7]).toBe(0x42);
  });

  it('PC edited is where the CPU goes on; PSW keeps what the 8048 keeps', () => {
    const { m, d } = stoppedAt('after');
    poke(m, { kind: 'pc' }, at('outer'));
    step(d); // call inner
    expect(m.cpu.pc).toBe(at('inner'));
    poke(m, { kind: 'psw' }, 0xff);
    expect(m.cpu.psw).toBe(0xf7);
  });

  it('internal RAM, external RAM and a VDC register take the byte', () => {
    const { m, d } = stoppedAt('eread');
    poke(m, { kind: 'eram', address: 0x12 }, 0xc3);
    step(d); // movx a,@r0 reads it back
    expect(m.cpu.a).toBe(0xc3);
    poke(m, { kind: 'iram', address: 0x3f }, 0x11);
    expect(m.cpu.ram[0x3f]).toBe(0x11);
    poke(m, { kind: 'vdc', address: 0xa3 }, 0x07);
    expect(m.vdc.regs[0xa3]).toBe(0x07);
  });

  it('a bad target or value is a sentence and changes nothing', () => {
    const { m } = stoppedAt('after');
    const before = m.snapshot().slice();
    const bad: [PokeTarget, number, RegExp][] = [
      [{ kind: 'a' }, 0x100, /A holds a byte, 00h to FFh/],
      [{ kind: 'pc' }, 0x1000, /PC is an address from 000h to FFFh/],
      [{ kind: 'reg', index: 8 }, 1, /R0 to R7/],
      [{ kind: 'iram', address: 0x40 }, 1, /Internal RAM runs from 00h to 3Fh/],
      [{ kind: 'eram', address: 0x80 }, 1, /External RAM runs from 00h to 7Fh/],
      [{ kind: 'vdc', address: 0x100 }, 1, /VDC registers run from 00h to FFh/],
      [{ kind: 'eram', address: 1 }, -1, /external RAM 01h holds a byte/],
      [{ kind: 'a' }, 1.5, /A holds a byte/],
    ];
    for (const [t, v, said] of bad) {
      expect(pokeProblem(t, v)).toMatch(said);
      expect(() => poke(m, t, v)).toThrow(said);
    }
    expect(Array.from(m.snapshot())).toEqual(Array.from(before));
    expect(pokePlace({ kind: 'vdc', address: 0xa0 })).toBe('VDC register A0h');
  });
});
