/**
 * Decides how many frames are due at a given wall-clock time. Frames are scheduled at fixed times from
 * an origin so the long-run rate is exact; after a stall (a busy main thread, a slow machine, a
 * debugger pause in the worker) at most `maxCatchUp` frames are run at once and the rest are counted
 * as dropped and forgotten, so the machine never races to make up lost time.
 */
export class Pacer {
  private origin = 0;
  private scheduled = 0;
  dropped = 0;

  constructor(
    public frameMs: number,
    public maxCatchUp = 3,
  ) {}

  /** Starts counting from `now` (also after a pause or while hidden: no catch-up for that time). */
  restart(now: number): void {
    this.origin = now;
    this.scheduled = 0;
  }

  /** Frames to run now (0 .. maxCatchUp). */
  due(now: number): number {
    // A hair of tolerance: at a frame's exact time (a timer of `wait` ms) the division may fall just short of it.
    const owed = Math.floor((now - this.origin) / this.frameMs + 1e-9) + 1 - this.scheduled;
    if (owed <= 0) return 0;
    if (owed > this.maxCatchUp) {
      this.dropped += owed - this.maxCatchUp;
      // Re-anchor so the frames run now are the last ones due; the schedule continues from here.
      this.origin = now - (this.maxCatchUp - 1) * this.frameMs;
      this.scheduled = 0;
      return this.take(this.maxCatchUp);
    }
    return this.take(owed);
  }

  private take(n: number): number {
    this.scheduled += n;
    return n;
  }

  /**
   * Input just came in: when the next frame is not due yet, and not already run early, it is taken now (returns true; the caller runs it at once) so the input shows up to a frame
   * sooner. The frame after it keeps its place in the schedule, so the long-run rate is unchanged and
   * at most one frame runs early per frame period.
   */
  pullForward(now: number): boolean {
    const lead = this.origin + this.scheduled * this.frameMs - now;
    if (lead <= 0 || lead > this.frameMs) return false;
    this.scheduled++;
    return true;
  }

  /**
   * Whole milliseconds from `now` until the next frame is due, rounded up: a browser truncates a timer's delay to
   * whole milliseconds, and a timer that fired the fraction of a millisecond before its frame was due found none
   * to run and had to be set again (a third more wakeups of the worker at rest, issue 38).
   */
  wait(now: number): number {
    return Math.max(0, Math.ceil(this.origin + this.scheduled * this.frameMs - now));
  }
}
