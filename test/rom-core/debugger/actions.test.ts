/**
 * The debugger's actions on a small program (test/programs/debugger/actions.a48, built by our
 * assembler): step, step over a CALL, step out, run to, step back, watchpoints on the three
 * memories, the register trace and the call stack.
 */
import { describe, expect, it } from 'vitest';
import { MachineDebugger, callStack } from '../../../rom-core/debugger/index.ts';
import type { DebugActionKind, DebugStop } from '../../../rom-core/debugger/index.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { loadProgram, symbol } from '../../harness/program.ts';
import { firstDifference, machine } from '../machine/helpers.ts';

const program = loadProgram('debugger/actions');
const at = (label: string): number => {
  const a = symbol(program.result, label);
  if (a === undefined) throw new Error(`actions.a48 has no label ${label}`);
  return a;
};

/** Runs frames until the action stops (at most `frames` of them). */
function act(d: MachineDebugger, kind: DebugActionKind, address?: number, frames = 5): DebugStop {
  const refused = d.begin(kind, address);
  if (refused) throw new Error(refused);
  for (let f = 0; f < frames; f++) {
    const stop = d.runFrame();
    if (stop) return stop;
  }
  throw new Error(`${kind} did not stop within ${frames} frames`);
}

function fresh(): { m: Odyssey2; d: MachineDebugger } {
  const m = machine(program.cart);
  return { m, d: new MachineDebugger(m) };
}

/** A machine stopped before the instruction at `label` on the program's second pass. */
function stoppedAt(label: string): { m: Odyssey2; d: MachineDebugger } {
  const s = fresh();
  act(s.d, 'run-to', at('after'));
  expect(act(s.d, 'run-to', at(label))).toEqual({ kind: 'run-to', pc: at(label) });
  return s;
}

describe('debugger actions', () => {
  it('run to stops before the instruction at the address, inside the frame', () => {
    const { m, d } = fresh();
    expect(act(d, 'run-to', at('eread'))).toEqual({ kind: 'run-to', pc: at('eread') });
    expect(m.cpu.pc).toBe(at('eread'));
    expect(m.midFrame).toBe(true);
    expect(m.stoppedBeforeInstruction).toBe(true);
    // The instruction before it ran: external RAM 12h holds the first pass's count.
    expect(m.eram[0x12]).toBe(1);
  });

  it('step runs one instruction', () => {
    const { m, d } = stoppedAt('after');
    const r7 = m.cpu.ram[7];
    expect(act(d, 'step')).toEqual({ kind: 'step', pc: at('after') + 1 });
    expect(m.cpu.ram[7]).toBe(r7 + 1);
  });

  it('step over a CALL runs the whole call and stops after it, at the same stack level', () => {
    const { m, d } = stoppedAt('loop');
    expect(m.cpu.sp).toBe(0);
    expect(act(d, 'step-over')).toEqual({ kind: 'step-over', pc: at('after') });
    expect(m.cpu.sp).toBe(0);
    expect(m.cpu.ram[2]).toBe(0); // inner's DJNZ loop ran to its end
  });

  it('step over anything but a CALL is a step', () => {
    const { d } = stoppedAt('after');
    expect(act(d, 'step-over')).toEqual({ kind: 'step-over', pc: at('after') + 1 });
  });

  it('step out runs to the RET that leaves the call level', () => {
    const { m, d } = stoppedAt('iloop');
    expect(m.cpu.sp).toBe(2);
    expect(act(d, 'step-out')).toEqual({ kind: 'step-out', pc: at('outret') });
    expect(m.cpu.sp).toBe(1);
    expect(act(d, 'step-out')).toEqual({ kind: 'step-out', pc: at('after') });
    expect(m.cpu.sp).toBe(0);
    expect(d.begin('step-out')).toMatch(/stack is empty/);
  });

  it('step out passes over the RETs of deeper calls', () => {
    const { m, d } = stoppedAt('outer');
    expect(m.cpu.sp).toBe(1);
    expect(act(d, 'step-out')).toEqual({ kind: 'step-out', pc: at('after') });
  });

  it('step back goes one instruction back at a time, to before the last action, byte for byte', () => {
    const { m, d } = stoppedAt('loop');
    const before = m.snapshot();
    act(d, 'step-over');
    const afterOnce = m.snapshot();
    expect(d.stepBack()).toBe(true);
    // The last instruction of the call stepped over: outer's RET, after its NOP.
    expect(m.cpu.pc).toBe(at('outret') + 1);
    expect(m.cpu.sp).toBe(1);
    let steps = 1;
    while (m.cpu.pc !== at('loop') && steps < 50) {
      expect(d.stepBack()).toBe(true);
      steps++;
    }
    // CALL outer, CALL inner, MOV, 5 DJNZ, RET, NOP, RET: 11 instructions.
    expect(steps).toBe(11);
    expect(firstDifference(m.snapshot(), before)).toBe(-1);
    expect(m.stoppedBeforeInstruction).toBe(true);
    // Going on from there does exactly what it did the first time.
    act(d, 'step-over');
    expect(firstDifference(m.snapshot(), afterOnce)).toBe(-1);
  });

  it('step back is bounded: the oldest steps are forgotten', () => {
    const m = machine(program.cart);
    const d = new MachineDebugger(m, { historyCapacity: 3 });
    for (let i = 0; i < 5; i++) act(d, 'step');
    expect(d.history.depth).toBe(3);
    for (let i = 0; i < 3; i++) expect(d.stepBack()).toBe(true);
    expect(d.stepBack()).toBe(false);
  });
});

describe('watchpoints', () => {
  it('a write of external RAM stops after the MOVX that wrote it, with the old and new byte', () => {
    const { m, d } = stoppedAt('after');
    d.setWatchpoints([{ space: 'eram', address: 0x12, kind: 'write' }]);
    const stop = act(d, 'run');
    expect(stop.kind).toBe('watchpoint');
    expect(stop.pc).toBe(at('eread'));
    expect(stop.watch).toEqual({
      watch: { space: 'eram', address: 0x12, kind: 'write' },
      old: 1,
      value: 2,
      pc: at('eread') - 1,
    });
    expect(m.eram[0x12]).toBe(2);
  });

  it('a read of external RAM stops after the MOVX that read it', () => {
    const { d } = stoppedAt('after');
    d.setWatchpoints([{ space: 'eram', address: 0x12, kind: 'read' }]);
    const stop = act(d, 'run');
    expect(stop).toMatchObject({
      kind: 'watchpoint',
      pc: at('eread') + 1,
      watch: { pc: at('eread'), old: 2, value: 2 },
    });
  });

  it('a value watch on internal RAM stops when the byte becomes the value', () => {
    const { m, d } = fresh();
    d.setWatchpoints([{ space: 'iram', address: 0x30, kind: 'value', value: 3 }]);
    const stop = act(d, 'run', undefined, 10);
    expect(stop.watch).toMatchObject({ old: 2, value: 3 });
    expect(m.cpu.ram[0x30]).toBe(3);
    expect(m.cpu.ram[7]).toBe(3);
  });

  it('a write of a VDC register stops after the MOVX to it', () => {
    const { d } = stoppedAt('after');
    d.setWatchpoints([{ space: 'vdc', address: 0x80, kind: 'write' }]);
    expect(act(d, 'run')).toMatchObject({ kind: 'watchpoint', pc: at('vwrite') + 1, watch: { pc: at('vwrite') } });
  });

  it('a write of the stack is a CALL', () => {
    const { d } = stoppedAt('after');
    d.setWatchpoints([{ space: 'iram', address: 0x08, kind: 'write' }]);
    expect(act(d, 'run')).toMatchObject({ kind: 'watchpoint', pc: at('outer'), watch: { pc: at('loop') } });
  });

  it('refuses a watch outside its memory', () => {
    const { d } = fresh();
    expect(() => d.setWatchpoints([{ space: 'iram', address: 0x40, kind: 'read' }])).toThrow(
      /internal RAM runs from 00h to 3Fh/,
    );
    expect(() => d.setWatchpoints([{ space: 'eram', address: 1, kind: 'value' }])).toThrow(/needs a byte/);
  });
});

describe('trace and call stack', () => {
  it('the trace keeps the last instructions with the registers before each, as text', () => {
    const { m, d } = stoppedAt('after');
    d.setTrace(true);
    act(d, 'run-to', at('eread'));
    const entries = d.trace.entries();
    expect(entries.map((e) => e.pc)).toEqual([0x40c, 0x40d, 0x40e, 0x410, 0x411, 0x413, 0x414, 0x416, 0x417]);
    // INC R7 ran after the first entry: the second sees R7 one higher.
    expect(entries[1].regs[7]).toBe(entries[0].regs[7] + 1);
    expect(entries[0].frame).toBe(m.frameNumber + 1);
    const text = d.trace.toText().split('\n');
    expect(text[0]).toMatch(/the last 9 instructions/);
    expect(text[2]).toContain(' 40C  1F     INC R7 ');
    expect(text[10]).toContain(' 417  90     MOVX @R0,A ');
  });

  it('the trace ring keeps only its capacity, oldest first', () => {
    const m = machine(program.cart);
    const d = new MachineDebugger(m, { traceCapacity: 4 });
    d.setTrace(true);
    for (let i = 0; i < 6; i++) act(d, 'step');
    expect(d.trace.entries().map((e) => e.pc)).toEqual([0x406, 0x407, 0x408, 0x40a]);
  });

  it("the call stack reads each level's return address and call site from RAM 08h-17h", () => {
    const { m } = stoppedAt('iloop');
    expect(callStack(m.cpu)).toEqual([
      { level: 1, returnAddress: at('outret'), savedPsw: expect.any(Number), callSite: at('outer') },
      { level: 0, returnAddress: at('after'), savedPsw: expect.any(Number), callSite: at('loop') },
    ]);
  });
});

describe('the debugger leaves the machine as running does', () => {
  it('frames run with a watch, the trace and breakpoints end in the state of plain runFrame', () => {
    const plain = machine(program.cart);
    const { m, d } = fresh();
    d.setTrace(true);
    d.setWatchpoints([{ space: 'iram', address: 0x3f, kind: 'write' }]);
    d.setBreakpoints([at('vwrite')]);
    let stops = 0;
    for (let f = 0; f < 4; f++) {
      plain.runFrame();
      while (d.runFrame() !== undefined) stops++;
      expect(m.frameNumber).toBe(f + 1);
      expect(firstDifference(m.saveState(), plain.saveState())).toBe(-1);
    }
    expect(stops).toBeGreaterThan(4);
  });
});
