/**
 * The worker's test hooks for the page's failure handling (runtime.ts): the next frame throws, as a
 * core failure would, or never returns, as a stuck one would (the watchdog's case).
 */
export class FaultHooks {
  private crash = false;
  private hang = false;

  crashNextFrame(): void {
    this.crash = true;
  }

  hangNextFrame(): void {
    this.hang = true;
  }

  /** Called at the start of each frame: fails it as asked, once. */
  check(): void {
    if (this.crash) {
      this.crash = false;
      throw new Error('simulated core failure (test hook crashNextFrame)');
    }
    if (this.hang)
      for (;;) {
        /* test hook hangNextFrame: a frame that never returns */
      }
  }
}
