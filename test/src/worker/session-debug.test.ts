/**
 * The debugger's actions as the worker's session offers them, on the debugger test program
 * (test/programs/debugger/actions.a48) booted on the machine tests' BIOS: each stop is one state,
 * told in one sentence with the same PC and frame the debug info gives.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { loadProgram, symbol } from '../../harness/program.ts';
import { testBios } from '../../rom-core/machine/helpers.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();
const program = loadProgram('debugger/actions');
const at = (label: string): number => symbol(program.result, label) as number;
const hex3 = (n: number): string => n.toString(16).toUpperCase().padStart(3, '0') + 'h';

function session(): ConsoleSession {
  return new ConsoleSession({ bios: testBios(), cart: program.cart }, builtins, 48_000);
}

describe("the session's debugger", () => {
  it('run to, step over and step out stop where they should, and every panel reads the same stop', () => {
    const s = session();
    const stop = s.debugAction('run-to', at('loop'));
    expect(stop).toEqual({
      kind: 'run-to',
      pc: at('loop'),
      frame: 1,
      text: `ran to the cursor: PC ${hex3(at('loop'))}, frame 1`,
    });
    expect(s.debugInfo()).toMatchObject({ frame: 1, pc: at('loop'), stop });
    expect(s.debugAction('step-over')).toMatchObject({
      kind: 'step-over',
      pc: at('after'),
      text: `stepped over: PC ${hex3(at('after'))}, frame 1`,
    });
    s.debugAction('run-to', at('iloop'));
    expect(s.debugInfo().callStack).toEqual([
      { level: 1, returnAddress: at('outret'), callSite: at('outer') },
      { level: 0, returnAddress: at('after'), callSite: at('loop') },
    ]);
    expect(s.debugAction('step-out')?.pc).toBe(at('outret'));
    expect(s.debugInfo().callStack).toHaveLength(1);
  });

  it('a watchpoint stops with which byte, its old and new value and the instruction that wrote it', () => {
    const s = session();
    s.debugAction('run-to', at('after'));
    s.setWatchpoints([{ space: 'eram', address: 0x12, kind: 'write' }]);
    expect(s.debugInfo().watchpoints).toEqual([{ space: 'eram', address: 0x12, kind: 'write' }]);
    const { stop } = s.runFrame();
    expect(stop?.text).toBe(
      `watchpoint: external RAM 12h written (00h → 01h) by the instruction at 417h: PC 418h, frame 1`,
    );
    expect(s.debugInfo().frame).toBe(stop?.frame);
    expect(() => s.setWatchpoints([{ space: 'vdc', address: 0x100, kind: 'write' }])).toThrow(
      /VDC register runs from 00h to FFh/,
    );
    expect(s.debugInfo().watchpoints).toHaveLength(1);
  });

  it('step back goes one instruction back, across a frame step into the frame before, and says where it is', () => {
    const s = session();
    s.debugAction('run-to', at('eread'));
    s.remember();
    s.runFrame(); // the rest of frame 1
    expect(s.machine.midFrame).toBe(false);
    const frameEnd = s.machine.cpu.cycles;
    s.debugAction('step');
    expect(s.stepBack()).toBe(true); // before the first instruction of frame 2
    expect(s.machine.cpu.cycles).toBe(frameEnd);
    expect(s.debugInfo()).toMatchObject({ frame: 2, stop: { kind: 'step-back' } });
    expect(s.stepBack()).toBe(true); // before the last instruction of frame 1
    const pc = s.machine.cpu.pc;
    expect(s.machine.cpu.cycles).toBeLessThan(frameEnd);
    expect(s.debugInfo()).toMatchObject({
      frame: 1,
      pc,
      stop: { kind: 'step-back', text: `stepped back: PC ${hex3(pc)}, frame 1` },
    });
    // Going on from there ends frame 1 exactly as an unbroken run does.
    const plain = session();
    plain.runFrame();
    s.runFrame();
    expect(s.machine.frameNumber).toBe(1);
    expect(Array.from(s.machine.saveState())).toEqual(Array.from(plain.machine.saveState()));
  });

  it('the trace exports the instructions run with their registers; a loaded state forgets the steps back', () => {
    const s = session();
    s.debug.setTrace(true);
    s.debugAction('run-to', at('loop'));
    expect(s.debugInfo().trace).toEqual({ on: true, length: 5 });
    const text = s.debug.trace.toText();
    expect(text).toContain(' 406  15     DIS I ');
    const state = s.machine.saveState();
    s.debugAction('step');
    s.loadState(state);
    expect(s.debugInfo().stepBackDepth).toBe(0);
  });

  it('an edit shows in the debug info, is said as the stop, and step back undoes it; a bad one changes nothing', () => {
    const s = session();
    s.debugAction('run-to', at('eread'));
    const was = s.debugInfo().eram[0x12];
    s.poke({ kind: 'eram', address: 0x12 }, 0xc3);
    expect(s.debugInfo().eram[0x12]).toBe(0xc3);
    expect(s.debugInfo().stop).toMatchObject({
      kind: 'edit',
      text: `external RAM 12h set to C3h: PC ${hex3(at('eread'))}, frame 1`,
    });
    s.poke({ kind: 'reg', index: 0 }, 0x13);
    s.poke({ kind: 'pc' }, at('eread'));
    expect(s.debugInfo().regs[0]).toBe(0x13);
    expect(() => s.poke({ kind: 'vdc', address: 0xa0 }, 0x100)).toThrow('VDC register A0h holds a byte, 00h to FFh.');
    expect(s.debugInfo().vdc[0xa0]).not.toBe(0x100);
    expect(s.stepBack()).toBe(true);
    expect(s.stepBack()).toBe(true);
    expect(s.stepBack()).toBe(true);
    expect(s.debugInfo().eram[0x12]).toBe(was);
    expect(s.debugInfo().pc).toBe(at('eread'));
    // With no edit where it stands, step back is one instruction: the MOVX before eread.
    expect(s.stepBack()).toBe(true);
    expect(s.debugInfo().pc).toBe(at('eread') - 1);
    // An edit, then a step: step back keeps the edit (it runs again from after it), then undoes it.
    s.poke({ kind: 'a' }, 0x5a);
    s.debugAction('step');
    expect(s.stepBack()).toBe(true);
    expect(s.debugInfo()).toMatchObject({ pc: at('eread') - 1, a: 0x5a });
    expect(s.stepBack()).toBe(true);
    expect(s.debugInfo().a).not.toBe(0x5a);
    expect(s.debugInfo().pc).toBe(at('eread') - 1);
    s.netplay = true;
    expect(() => s.poke({ kind: 'a' }, 1)).toThrow(/network battle/);
  });

  it('the ROM view gives each bank as program space, the selected one by default', () => {
    const s = session();
    s.debugAction('run-to', at('loop'));
    const view = s.romView();
    expect(view).toMatchObject({ bank: view.current, pc: at('loop'), size: program.cart.length });
    expect(view.image).toHaveLength(0x1000);
    expect(Array.from(view.image.subarray(0x400, 0x410))).toEqual(Array.from(program.cart.subarray(0, 16)));
    expect(s.romView(view.banks - 1).bank).toBe(view.banks - 1);
    expect(() => s.romView(view.banks)).toThrow(`This cartridge has banks 0 to ${view.banks - 1}.`);
  });

  it('the cycle profile is in the debug info while on: the frames, and the places with most cycles', () => {
    const s = session();
    expect(s.debugInfo().profile).toBeUndefined();
    s.debug.setProfile(true);
    for (let f = 0; f < 3; f++) s.runFrame();
    const p = s.debugInfo().profile!;
    expect(p.frameCycles).toBe(5983.25);
    expect(p.frames).toHaveLength(3);
    expect(p.total).toBe(p.frames.reduce((n, f) => n + f.cart + f.bios, 0));
    // Not built here from source: the places are addresses; the busiest is the inner loop's DJNZ.
    expect(p.lines[0]).toEqual({
      where: `${hex3(at('iloop'))} (no source line)`,
      cycles: expect.any(Number) as number,
    });
  });
});
