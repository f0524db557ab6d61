/** The worker's per-second figures (WorkerStats): frame rate and work per frame over the last whole second. */
export class WorkWindow {
  private windowStart = performance.now();
  private windowFrames = 0;
  private windowWorkMs = 0;
  /** Frames per second over the last window. */
  fps = 0;
  /** Worker milliseconds per frame over the last window. */
  workMs = 0;

  add(frames: number, workMs: number): void {
    this.windowFrames += frames;
    this.windowWorkMs += workMs;
  }

  /** At `t`, once a second has passed since the window opened, takes its figures and opens the next. */
  roll(t: number): void {
    if (t - this.windowStart >= 1000) {
      this.fps = (this.windowFrames * 1000) / (t - this.windowStart);
      this.workMs = this.windowFrames ? this.windowWorkMs / this.windowFrames : 0;
      this.windowStart = t;
      this.windowFrames = 0;
      this.windowWorkMs = 0;
    }
  }
}
