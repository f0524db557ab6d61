/**
 * Step back by instruction (rom-core/debugger/step-back.ts) on the debugger test program
 * (test/programs/debugger/actions.a48): after a Run that stopped at a breakpoint frames later, each
 * step back puts the machine exactly where it stood before the instruction that ran last, across a
 * frame's start too, as far back as the rewind ring reaches.
 */
import { describe, expect, it } from 'vitest';
import { MachineDebugger } from '../../../rom-core/debugger/index.ts';
import type { DebugStop } from '../../../rom-core/debugger/index.ts';
import { RewindRing, snapshotBound } from '../../../rom-core/machine/index.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { loadProgram, symbol } from '../../harness/program.ts';
import { firstDifference, machine } from '../machine/helpers.ts';

const program = loadProgram('debugger/actions');
const at = (label: string): number => symbol(program.result, label) as number;

interface Boundary {
  frame: number;
  cycles: number;
  pc: number;
  state: Uint8Array;
}

/** Every instruction boundary of the first `frames` frames, as a plain run passes them. */
function boundaries(frames: number): Boundary[] {
  const m = machine(program.cart);
  const out: Boundary[] = [];
  const beforeInstruction = (pc: number): boolean => {
    out.push({ frame: m.frameNumber, cycles: m.cpu.cycles, pc, state: m.snapshot() });
    return false;
  };
  for (let f = 0; f < frames; f++) m.runFrameDebug({ beforeInstruction });
  return out;
}

/** A machine run by its debugger with a rewind ring recording each frame's start, as the console's session does. */
function rig(): { m: Odyssey2; d: MachineDebugger; ring: RewindRing; run: () => DebugStop | undefined } {
  const m = machine(program.cart);
  const d = new MachineDebugger(m);
  const ring = new RewindRing(m, { frames: 8, longest: snapshotBound(m) });
  d.frameStarts = ring;
  const run = (): DebugStop | undefined => {
    if (!m.midFrame) ring.record();
    return d.runFrame();
  };
  return { m, d, ring, run };
}

const reference = boundaries(4);
const indexOf = (m: Odyssey2): number =>
  reference.findIndex((b) => b.frame === m.frameNumber && b.cycles === m.cpu.cycles);

describe('step back by instruction', () => {
  it('after a Run to a breakpoint frames later, goes back one instruction at a time, into the frame before', () => {
    const { m, d, run } = rig();
    d.setBreakpoints([at('vwrite')]);
    let stop: DebugStop | undefined;
    for (let f = 0; f < 400 && !(stop && m.frameNumber === 2); f++) stop = run();
    expect(stop).toEqual({ kind: 'breakpoint', pc: at('vwrite') });
    expect(m.frameNumber).toBe(2);
    const here = indexOf(m);
    expect(here).toBeGreaterThan(0);
    // The first boundary of frame 2 (frameNumber 2) is some steps back; go a few past it.
    const firstOfFrame = reference.findIndex((b) => b.frame === 2);
    const steps = here - firstOfFrame + 3;
    for (let k = 1; k <= steps; k++) {
      expect(d.stepBack()).toBe(true);
      const want = reference[here - k];
      expect({ frame: m.frameNumber, cycles: m.cpu.cycles, pc: m.cpu.pc }).toEqual({
        frame: want.frame,
        cycles: want.cycles,
        pc: want.pc,
      });
      expect(firstDifference(m.snapshot(), want.state)).toBe(-1);
      expect(m.stoppedBeforeInstruction).toBe(true);
    }
    // Going on from there passes the same boundaries again: the breakpoint stops where it did.
    stop = undefined;
    for (let f = 0; f < 5 && !stop; f++) stop = run();
    expect(stop).toEqual({ kind: 'breakpoint', pc: at('vwrite') });
    expect(indexOf(m)).toBe(reference.findIndex((b, i) => i > here - steps && b.pc === at('vwrite')));
  });

  it('from a frame end, goes to the last instruction of the frame that ended', () => {
    const { m, d, run } = rig();
    run();
    run();
    expect(m.midFrame).toBe(false);
    expect(d.stepBack()).toBe(true);
    const last = reference.findIndex((b) => b.frame === 2) - 1;
    expect(indexOf(m)).toBe(last);
    expect(firstDifference(m.snapshot(), reference[last].state)).toBe(-1);
  });

  it('with nothing kept to run again from, refuses and changes nothing', () => {
    const m = machine(program.cart);
    const d = new MachineDebugger(m);
    d.setBreakpoints([at('vwrite')]);
    d.runFrame();
    const before = m.snapshot();
    expect(d.stepBack()).toBe(false);
    expect(firstDifference(m.snapshot(), before)).toBe(-1);
    expect(m.stoppedBeforeInstruction).toBe(true);
  });

  it('from a step moment alone (rewind off), goes back inside the frame', () => {
    const m = machine(program.cart);
    const d = new MachineDebugger(m);
    d.begin('run-to', at('eread'));
    d.runFrame();
    d.begin('step');
    d.runFrame();
    d.begin('step');
    d.runFrame();
    const here = indexOf(m);
    expect(d.stepBack()).toBe(true);
    expect(indexOf(m)).toBe(here - 1);
    expect(d.stepBack()).toBe(true);
    expect(indexOf(m)).toBe(here - 2);
    expect(m.cpu.pc).toBe(at('eread'));
  });
});
