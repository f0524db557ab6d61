/**
 * Step back: a bounded ring of machine snapshots (Odyssey2.snapshot, a few KB each without the
 * picture), one taken before each debugger action, with where the run stood inside its frame (the
 * snapshot's bytes do not say). Going back restores the newest and drops it.
 */
import type { Odyssey2 } from '../machine/index.ts';

interface Moment {
  state: Uint8Array;
  midFrame: boolean;
  stoppedBeforeInstruction: boolean;
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

  /** How many steps back there are. */
  get depth(): number {
    return this.filled;
  }

  clear(): void {
    this.moments.fill(undefined);
    this.next = 0;
    this.filled = 0;
  }

  /** Keeps the machine as it is now (the oldest moment goes when the ring is full). */
  push(machine: Odyssey2): void {
    this.moments[this.next] = {
      state: machine.snapshot(),
      midFrame: machine.midFrame,
      stoppedBeforeInstruction: machine.stoppedBeforeInstruction,
    };
    this.next = (this.next + 1) % this.capacity;
    if (this.filled < this.capacity) this.filled++;
  }

  /**
   * Puts the machine back as it was at the newest moment kept and drops that moment; false when
   * there is none. The picture is not in a snapshot: it shows what was last drawn until redrawn.
   */
  back(machine: Odyssey2): boolean {
    if (this.filled === 0) return false;
    this.next = (this.next - 1 + this.capacity) % this.capacity;
    this.filled--;
    const m = this.moments[this.next] as Moment;
    this.moments[this.next] = undefined;
    machine.restoreSnapshot(m.state, m);
    return true;
  }
}
