/**
 * The animation-frame loop that reads gamepads, run only while it has something to read. The Gamepad API
 * has no button events, so a connected pad must be polled every frame; with no pad connected a loop that
 * still asked for every animation frame kept the page's main thread and compositor awake all evening
 * (issue 38). Chromium reports a pad only once a button on it is pressed, and fires `gamepadconnected`
 * then: that event (and `gamepaddisconnected`) wakes the loop, and the loop goes back to sleep on the first
 * frame its step says there is nothing to poll.
 */

/** Asks for animation frames (the window's in the page, a fake in the unit tests). */
export interface FrameSource {
  request(callback: () => void): number;
  cancel(id: number): void;
}

/** Where the connection events come from (the window). */
export type PadEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

const WINDOW_FRAMES: FrameSource = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (id) => cancelAnimationFrame(id),
};

export class PadLoop {
  /** Animation frames asked for so far (the page's probe shows it: none while no pad is connected). */
  frames = 0;
  private id = 0;
  private stopped = false;
  private readonly run = (): void => {
    this.id = 0;
    if (this.stopped) return;
    this.frames++;
    if (this.step()) this.wake();
  };
  private readonly onConnection = (): void => this.wake();

  /**
   * `step` polls once; it returns true to be called again at the next animation frame (a pad is connected,
   * or something held still needs sending), false to sleep until `wake` or a connection event.
   */
  constructor(
    private readonly step: () => boolean,
    private readonly events: PadEvents = window,
    private readonly source: FrameSource = WINDOW_FRAMES,
  ) {
    events.addEventListener('gamepadconnected', this.onConnection);
    events.addEventListener('gamepaddisconnected', this.onConnection);
    // One look at start: a pad the browser already reports (connected and pressed before this page) is polled.
    this.wake();
  }

  /** Polls at the next animation frame (and on while the step asks), unless a frame is already asked for. */
  wake(): void {
    if (this.id === 0 && !this.stopped) this.id = this.source.request(this.run);
  }

  /** True while an animation frame is asked for. */
  get awake(): boolean {
    return this.id !== 0;
  }

  stop(): void {
    this.stopped = true;
    if (this.id !== 0) this.source.cancel(this.id);
    this.id = 0;
    this.events.removeEventListener('gamepadconnected', this.onConnection);
    this.events.removeEventListener('gamepaddisconnected', this.onConnection);
  }
}
