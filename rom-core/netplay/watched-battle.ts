/**
 * A spectator's machine at a remote table (issue 21): it runs the battle two other browsers fight,
 * from the host's snapshot, with both sticks of each frame once the host has them confirmed. It never
 * predicts, so it never rolls back; it runs a little behind the players, catching up when it falls
 * further behind. The frames come as { epoch, from, pairs } (left | right << 5 per frame) from the host.
 */
import type { Odyssey2 } from '../machine/odyssey2.ts';

/** Frames kept waiting at most (a spectator over a minute behind starts dropping what it cannot run). */
const QUEUE = 4096;
/** Frames run in one display frame when behind by more than CATCH_UP frames. */
const CATCH_UP = 6;
const CATCH_UP_RUN = 4;
/**
 * Further behind than this (a spectator who joined while the battle ran) it runs FAR_RUN frames a
 * display frame without their sound (half a second of a battle's sound in one sixtieth would be
 * noise): a minute behind is caught up in about five seconds.
 */
const FAR = 60;
const FAR_RUN = 16;

export class WatchedBattle {
  /** The next frame to run; frames from `next` to `next + queued` are waiting. */
  private next = 0;
  private readonly pairs = new Uint16Array(QUEUE);
  private queued = 0;
  refused = 0;
  /** The battle is over at the host: the frames that came are run, then the watch ends. */
  ending = false;

  /** Whether the watch is over (ended, and every frame that came has run). */
  get done(): boolean {
    return this.ending && this.queued === 0;
  }

  constructor(
    private readonly machine: Odyssey2,
    readonly epoch: number,
    private readonly sound: (samples: Float32Array) => void,
  ) {}

  /** The host's confirmed frames ({ epoch, from, pairs }); anything else, or a gap, is dropped. */
  receive(frames: unknown): void {
    const v = (typeof frames === 'object' && frames !== null ? frames : {}) as {
      epoch?: unknown;
      from?: unknown;
      pairs?: unknown;
    };
    if (v.epoch !== this.epoch || !Number.isInteger(v.from) || !Array.isArray(v.pairs) || v.pairs.length > QUEUE) {
      this.refused++;
      return;
    }
    const from = v.from as number;
    const pairs = v.pairs as unknown[];
    for (let i = 0; i < pairs.length; i++) {
      const f = from + i;
      const p = pairs[i];
      if (f < this.next + this.queued) continue;
      if (
        f > this.next + this.queued ||
        !Number.isInteger(p) ||
        (p as number) < 0 ||
        (p as number) > 0x3ff ||
        this.queued >= QUEUE
      ) {
        this.refused++;
        return;
      }
      this.pairs[f % QUEUE] = p as number;
      this.queued++;
    }
  }

  /** One display frame: runs the next frame if it came (a few when behind); whether the picture changed. */
  tick(): boolean {
    const far = this.queued > FAR;
    const run = far ? FAR_RUN : this.queued > CATCH_UP ? CATCH_UP_RUN : Math.min(1, this.queued);
    const m = this.machine;
    for (let i = 0; i < run; i++) {
      const p = this.pairs[this.next % QUEUE];
      m.setInputs(p & 0x1f, (p >> 5) & 0x1f);
      m.runFrame();
      if (!far) this.sound(m.audio);
      this.next++;
      this.queued--;
    }
    return run > 0;
  }

  /** Frames run, and waiting. */
  stats(): { frame: number; queued: number; refused: number } {
    return { frame: this.next, queued: this.queued, refused: this.refused };
  }
}
