/**
 * Time sync between the two sides of a network battle, as GGPO keeps it (its `TimeSync`): each side
 * says, with every message, the frame it is at and its *advantage* (its frame minus the last frame it
 * heard from the other side). Each advantage holds the line's delay too, so half their difference is
 * how far this side runs ahead of the other, with the delay gone. A side ahead by a frame or more
 * yields one display frame (runs nothing, reads no stick), then waits a while before it yields again.
 *
 * Without it, a side whose display runs a little faster, or that started a little earlier, keeps
 * running further past the other side's inputs: its rollbacks grow and it hits the prediction window
 * and stalls, a stutter every few seconds, while the other side never catches up. Yielding one frame
 * now and then is not seen; a stall of several is.
 *
 * Platform-free, allocation-free per frame (two fixed rings).
 */

/** Display frames the averages are taken over. */
export const SYNC_WINDOW = 32;
/** A side yields when it runs this many frames or more ahead of the other, on average. */
export const YIELD_AHEAD = 1;
/** Display frames after a yield before the next can be (the averages must first see its effect). */
export const YIELD_COOLDOWN = SYNC_WINDOW;
/** An advantage said in a message lies within this (a side ahead by more is stalled by the window anyway). */
export const MAX_ADVANTAGE = 1000;

export class TimeSync {
  private readonly local = new Float64Array(SYNC_WINDOW);
  private readonly remote = new Float64Array(SYNC_WINDOW);
  private samples = 0;
  /**
   * The other side's frame in its last message (-1: none heard yet), and the advantage it said (null until
   * it has heard this side: before that, its advantage says nothing, and this side's holds the whole delay).
   */
  private remoteFrame = -1;
  private remoteAdvantage: number | null = null;
  private cooldown = 0;
  /** Display frames this side yielded so far. */
  yields = 0;

  /** What the other side's message said of it: its frame and its advantage. Older messages are ignored. */
  heard(frame: number, advantage: number | null): void {
    if (frame < this.remoteFrame) return;
    this.remoteFrame = frame;
    this.remoteAdvantage = advantage;
  }

  /** This side's advantage at `frame`: how far it is past the other side's last frame heard (null before any). */
  advantage(frame: number): number | null {
    return this.remoteFrame < 0 ? null : Math.max(-MAX_ADVANTAGE, Math.min(MAX_ADVANTAGE, frame - this.remoteFrame));
  }

  /** How far this side runs ahead of the other, on average over the last display frames (the delay cancelled out). */
  ahead(): number {
    const n = Math.min(this.samples, SYNC_WINDOW);
    if (n === 0) return 0;
    let l = 0;
    let r = 0;
    for (let i = 0; i < n; i++) {
      l += this.local[i];
      r += this.remote[i];
    }
    return (l - r) / n / 2;
  }

  /** One display frame at `frame`: true when this side is to yield it (run nothing). */
  tick(frame: number): boolean {
    const local = this.advantage(frame);
    // Samples count once both sides have heard each other.
    if (local === null || this.remoteAdvantage === null) return false;
    const slot = this.samples++ % SYNC_WINDOW;
    this.local[slot] = local;
    this.remote[slot] = this.remoteAdvantage;
    if (this.cooldown > 0) {
      this.cooldown--;
      return false;
    }
    if (this.samples < SYNC_WINDOW || this.ahead() < YIELD_AHEAD) return false;
    this.cooldown = YIELD_COOLDOWN;
    this.yields++;
    return true;
  }
}
