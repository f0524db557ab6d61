/**
 * Step back's moments: a bounded ring of machine snapshots (Odyssey2.snapshot, a few KB each without
 * the picture), one taken before each debugger action and on each side of an edit, with where the
 * run stood inside its frame (the snapshot's bytes do not say) and when (frame and CPU cycle). A
 * moment is where step back can run again from (step-back.ts); an edit's moment is also what step
 * back puts back to undo the edit.
 */
import type { Odyssey2 } from '../machine/index.ts';

export interface Moment {
  state: Uint8Array;
  midFrame: boolean;
  stoppedBeforeInstruction: boolean;
  /** The machine's frameNumber and the CPU's cycle count when it was kept. */
  frame: number;
  cycles: number;
  /** Kept right before an edit of a register or a byte: restoring it undoes the edit. */
  edit: boolean;
}

export class StepHistory {
  private readonly moments: (Moment | undefined)[];
  private next = 0;
  private filled = 0;

  constructor(readonly capacity = 256) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`step history holds a positive whole number of steps, not ${capacity}`);
    this.moments = new Array<Moment | undefined>(capacity);
  }

  /** How many moments are kept. */
  get depth(): number {
    return this.filled;
  }

  clear(): void {
    this.moments.fill(undefined);
    this.next = 0;
    this.filled = 0;
  }

  /** Keeps the machine as it is now (the oldest moment goes when the ring is full); `edit`: an edit follows. */
  push(machine: Odyssey2, edit = false): void {
    this.moments[this.next] = {
      state: machine.snapshot(),
      midFrame: machine.midFrame,
      stoppedBeforeInstruction: machine.stoppedBeforeInstruction,
      frame: machine.frameNumber,
      cycles: machine.cpu.cycles,
      edit,
    };
    this.next = (this.next + 1) % this.capacity;
    if (this.filled < this.capacity) this.filled++;
  }

  /** The newest moment kept `back` moments ago (0: the newest), if kept. */
  newest(back = 0): Moment | undefined {
    if (back < 0 || back >= this.filled) return undefined;
    return this.moments[(this.next - 1 - back + 2 * this.capacity) % this.capacity];
  }

  /** Forgets the newest moment. */
  drop(): void {
    if (this.filled === 0) return;
    this.next = (this.next - 1 + this.capacity) % this.capacity;
    this.filled--;
    this.moments[this.next] = undefined;
  }

  /**
   * Puts the machine back as it was at the newest moment kept and drops that moment; false when
   * there is none. The picture is not in a snapshot: it shows what was last drawn until redrawn.
   */
  back(machine: Odyssey2): boolean {
    const m = this.newest();
    if (m === undefined) return false;
    this.drop();
    machine.restoreSnapshot(m.state, m);
    return true;
  }
}
