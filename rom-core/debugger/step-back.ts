/**
 * Step back by one instruction, after any stop (a step, a breakpoint, a watchpoint, a Run paused):
 * the machine is put back before the instruction that ran last, exactly as it stood then.
 *
 * Snapshots are not taken at every instruction (a few KB each would cost the run loop far more than
 * the instruction). Instead the machine runs again, from the newest point kept before the one wanted,
 * to it: a moment of the step history (kept before each action and around each edit, step-history.ts)
 * or the snapshot rewind recorded before the frame began (FrameStarts: the console's rewind ring).
 * The machine is deterministic inside a frame (its inputs are set at the frame's start), so the run
 * again passes the same instruction boundaries. An instruction boundary is told by the CPU's cycle
 * count there (every instruction takes at least one cycle): the one wanted is the last boundary of
 * this frame before the cycle count now, or, when none is, the last boundary of the frame before.
 */
import type { Odyssey2 } from '../machine/index.ts';
import type { Moment, StepHistory } from './step-history.ts';

/** The snapshots taken right before each frame ran, inputs set (rewind.ts's RewindRing is one). */
export interface FrameStarts {
  /** The snapshot taken before frame `frame` ran (the machine's frameNumber then), if kept. */
  startOf(frame: number): Uint8Array | undefined;
  /** The machine went back into frame `frame`: the frames after it are forgotten. */
  forgetAfter(frame: number): void;
}

interface Base {
  state: Uint8Array;
  midFrame: boolean;
  stoppedBeforeInstruction: boolean;
}

const FRAME_START = { midFrame: false, stoppedBeforeInstruction: false };

/**
 * One instruction back; false, changing nothing, when no point is kept to run again from (rewind off
 * and no step made in this frame or the one before). At the place of an edit, the edit is undone first.
 */
export function stepBackInstruction(m: Odyssey2, history: StepHistory, frames?: FrameStarts): boolean {
  const frame = m.frameNumber;
  const cycles = m.cpu.cycles;
  // Moments kept where the machine stands are the present; the newest edit among them is undone.
  for (let top = history.newest(); top && top.frame === frame && top.cycles === cycles; top = history.newest()) {
    if (top.midFrame !== m.midFrame) break;
    if (top.edit) return history.back(m);
    history.drop();
  }
  const present: Base = {
    state: m.snapshot(),
    midFrame: m.midFrame,
    stoppedBeforeInstruction: m.stoppedBeforeInstruction,
  };
  const went =
    (m.midFrame && backWithin(m, frame, cycles, history, frames)) ||
    backWithin(m, frame - 1, Infinity, history, frames);
  if (!went) {
    m.restoreSnapshot(present.state, present);
    return false;
  }
  forgetLater(history, m.frameNumber, m.cpu.cycles);
  frames?.forgetAfter(m.frameNumber);
  return true;
}

/** Goes to the last instruction boundary of frame `frame` before cycle `limit`; false if it has none kept. */
function backWithin(m: Odyssey2, frame: number, limit: number, history: StepHistory, frames?: FrameStarts): boolean {
  const base = baseFor(frame, limit, history, frames);
  if (base === undefined) return false;
  const count = boundariesBefore(m, base, limit);
  if (count === 0 && !base.stoppedBeforeInstruction) return false;
  m.restoreSnapshot(base.state, base);
  if (count === 0) return true;
  let n = 0;
  const r = m.runFrameDebug({ beforeInstruction: () => ++n === count });
  return r.reason === 'hook';
}

/**
 * The newest point of frame `frame` before `limit` to run again from: a moment inside the frame,
 * else the frame's start as rewind kept it (its inputs set, which a moment kept between frames,
 * before the next frame's inputs were merged, may lack), else such a moment.
 */
function baseFor(frame: number, limit: number, history: StepHistory, frames?: FrameStarts): Base | undefined {
  let between: Moment | undefined;
  for (let k = 0, moment = history.newest(); moment !== undefined; moment = history.newest(++k)) {
    if (moment.frame < frame) break;
    if (moment.frame > frame || moment.cycles >= limit) continue;
    if (moment.midFrame) return moment;
    between ??= moment;
  }
  const start = frames?.startOf(frame);
  if (start !== undefined) return { state: start, ...FRAME_START };
  return between;
}

/** Instruction boundaries the machine passes from `base` before cycle `limit` (or the frame's end); it is left there. */
function boundariesBefore(m: Odyssey2, base: Base, limit: number): number {
  m.restoreSnapshot(base.state, base);
  const cpu = m.cpu;
  let count = 0;
  m.runFrameDebug({
    beforeInstruction: () => {
      if (cpu.cycles >= limit) return true;
      count++;
      return false;
    },
  });
  return count;
}

/** Forgets the moments kept after the place the machine went back to (they are its future). */
function forgetLater(history: StepHistory, frame: number, cycles: number): void {
  for (let top = history.newest(); top !== undefined; top = history.newest()) {
    if (top.frame < frame || (top.frame === frame && top.cycles <= cycles)) return;
    history.drop();
  }
}
