import { edited, resealed } from '../../harness/state.ts';
import { describe, expect, it } from 'vitest';
import { PcTrace } from '../../../rom-core/i8048/trace.ts';
import { rig } from './helpers.ts';
import type { Rig } from './helpers.ts';

/** A busy program: timer interrupts, a counting loop, MOVX writes, bank switches. */
function busy(): Rig {
  const r = rig([
    [0x000, [0x04, 0x10]],
    [0x007, [0xd5, 0x1f, 0xc5, 0x93]], // SEL RB1; INC R7; SEL RB0; RETR
    [0x010, [0x25, 0x55, 0xb8, 0x00]], // EN TCNTI; STRT T; MOV R0,#0
    [0x014, [0x18, 0xf8, 0x90, 0x37, 0xd7, 0x97, 0x04, 0x14]], // INC R0; MOV A,R0; MOVX @R0,A; CPL A; MOV PSW,A; CLR C; JMP 14h
  ]);
  return r;
}

describe('save state', () => {
  it('round-trips bit exactly and the restored CPU continues identically', () => {
    const a = busy();
    a.cpu.run(5000);
    const saved = a.cpu.saveState();
    a.cpu.run(7000);
    const expected = a.cpu.saveState();

    const b = busy();
    b.cpu.loadState(saved);
    expect(b.cpu.saveState()).toEqual(saved);
    b.cpu.run(7000);
    expect(b.cpu.saveState()).toEqual(expected);
    expect([...b.pins.external]).toEqual([...a.pins.external]);
    expect(b.cpu.ram[31]).toBeGreaterThan(0); // the timer interrupt really ran
  });

  it('keeps the register bank in step with the restored PSW', () => {
    const a = rig();
    a.cpu.psw = 0x10;
    a.cpu.ram[24] = 0x42;
    const b = rig([[0, [0xf8]]]);
    b.cpu.loadState(a.cpu.saveState());
    b.cpu.program[0] = 0xf8;
    b.cpu.step();
    expect(b.cpu.a).toBe(0x42);
  });

  it('rejects a wrong magic, a wrong version, a short state and a corrupt byte with clear errors', () => {
    const { cpu } = busy();
    cpu.run(100);
    const good = cpu.saveState();
    const badMagic = good.slice();
    badMagic[0] = 0x58;
    expect(() => cpu.loadState(badMagic)).toThrow(
      'This is not a save state of the 8048 CPU (it does not begin with "I48S").',
    );
    const badVersion = edited(good, (b) => {
      b[4] = 99;
    });
    expect(() => cpu.loadState(badVersion)).toThrow(/version 99 is not supported/);
    // Integrity first: a damaged version byte is reported as damage, not as a version.
    const damagedVersion = good.slice();
    damagedVersion[4] = 99;
    expect(() => cpu.loadState(damagedVersion)).toThrow(
      '8048 CPU save state is corrupt: its checksum does not match its contents.',
    );
    expect(() => cpu.loadState(resealed(good.slice(0, 40)))).toThrow(/truncated/);
    expect(() => cpu.loadState(new Uint8Array(2))).toThrow(/not a save state of the 8048 CPU/);
    expect(() =>
      cpu.loadState(
        edited(good, (b) => {
          b[6] = 0;
          b[7] = 0x10;
        }),
      ),
    ).toThrow('8048 CPU save state is corrupt: pc is 4096, but it must be a whole number from 0 to 4095.');
    const corrupt = good.slice();
    corrupt[50] ^= 0x01;
    expect(() => cpu.loadState(corrupt)).toThrow(/corrupt/);
    // A rejected state leaves the CPU untouched.
    expect(cpu.saveState()).toEqual(good);
  });
});

describe('runDebug', () => {
  const loop = (): Rig => rig([[0, [0x17, 0x00, 0x00, 0x04, 0x00]]]); // INC A; NOP; NOP; JMP 0

  it('stops before an instruction at a breakpoint and resumes past it', () => {
    const { cpu } = loop();
    const result = cpu.runDebug(1000, { breakpoints: new Set([2]) });
    expect(result).toEqual({ cycles: 2, reason: 'breakpoint', pc: 2 });
    const again = cpu.runDebug(1000, { breakpoints: new Set([2]) });
    expect(again).toEqual({ cycles: 5, reason: 'breakpoint', pc: 2 });
    expect(cpu.a).toBe(2);
  });

  it('accepts 4096 breakpoint flags and stops on the cycle budget otherwise', () => {
    const { cpu } = loop();
    const flags = new Uint8Array(4096);
    expect(cpu.runDebug(12, { breakpoints: flags })).toEqual({ cycles: 12, reason: 'cycles', pc: 2 });
    flags[3] = 1;
    expect(cpu.runDebug(100, { breakpoints: flags }).pc).toBe(3);
  });

  it('stops at a breakpoint on an interrupt vector', () => {
    const { cpu, pins } = loop();
    cpu.intEnabled = true;
    pins.int = 1;
    const result = cpu.runDebug(100, { breakpoints: new Set([3]) });
    expect(result).toEqual({ cycles: 2, reason: 'breakpoint', pc: 3 });
    expect(cpu.irqInProgress).toBe(true);
  });

  it('records recent PCs in the trace ring', () => {
    const { cpu } = loop();
    const trace = new PcTrace(6);
    cpu.runDebug(10, { trace });
    expect(trace.toArray()).toEqual([2, 3, 0, 1, 2, 3]);
    expect(trace.length).toBe(6);
  });

  it('can stop before an unused opcode', () => {
    const { cpu } = rig([[0, [0x00, 0x00, 0xc0]]]);
    expect(cpu.runDebug(100, { stopOnIllegal: true })).toEqual({ cycles: 2, reason: 'illegal', pc: 2 });
  });

  it('runs the same cycles as run() and step()', () => {
    const a = busy();
    const b = busy();
    const c = busy();
    const ran = a.cpu.run(3000);
    expect(b.cpu.runDebug(3000).cycles).toBe(ran);
    let stepped = 0;
    while (stepped < 3000) stepped += c.cpu.step();
    expect(stepped).toBe(ran);
    expect(b.cpu.saveState()).toEqual(a.cpu.saveState());
    expect(c.cpu.saveState()).toEqual(a.cpu.saveState());
  });

  it('with passBreakpointAtStart false, stops at the breakpoint it starts from too', () => {
    const { cpu } = rig([[0, [0x04, 0x00]]]); // JMP 0: a loop of one instruction
    const hooks = { breakpoints: new Set([0]), passBreakpointAtStart: false };
    expect(cpu.runDebug(100, hooks)).toEqual({ cycles: 0, reason: 'breakpoint', pc: 0 });
    expect(cpu.stepAfterInterruptCheck()).toBe(2);
    expect(cpu.runDebug(100, hooks)).toEqual({ cycles: 0, reason: 'breakpoint', pc: 0 });
  });

  it('stepAfterInterruptCheck runs the stopped instruction without checking interrupts again', () => {
    // The breakpoint is found after the check; a second check would now take the interrupt that
    // became due in between and run the vector instead of the stopped instruction.
    const { cpu, pins } = loop();
    cpu.intEnabled = true;
    expect(cpu.runDebug(100, { breakpoints: new Set([1]) })).toEqual({ cycles: 1, reason: 'breakpoint', pc: 1 });
    pins.int = 1;
    expect(cpu.stepAfterInterruptCheck()).toBe(1);
    expect(cpu.pc).toBe(2);
    expect(cpu.irqInProgress).toBe(false);
    cpu.step();
    expect(cpu.irqInProgress).toBe(true);
  });

  it('run() returns at least the asked cycles and no more than one instruction and entry over', () => {
    const { cpu } = busy();
    for (let i = 0; i < 50; i++) {
      const ran = cpu.run(7);
      expect(ran).toBeGreaterThanOrEqual(7);
      expect(ran).toBeLessThanOrEqual(7 + 3);
    }
  });
});

describe('PcTrace', () => {
  it('rejects a bad capacity', () => {
    expect(() => new PcTrace(0)).toThrow(/positive integer/);
  });
});
