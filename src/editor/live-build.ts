/**
 * Rebuilding as the user types: one build a short while after the last keystroke (not one per key:
 * a half-typed line is an error for a moment), and of the builds in flight only the newest one's
 * result counts, so a slow build of old text never replaces a newer one on the screen.
 */

/** How long after the last change a rebuild starts: long enough to finish a word, short enough to feel live. */
export const REBUILD_DELAY_MS = 400;

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** Runs `action` once, `delayMs` after the last `poke()`; `cancel()` forgets a pending run. */
export class Debounced {
  private id: unknown = null;

  constructor(
    private readonly delayMs: number,
    private readonly action: () => void,
    private readonly timers: Timers = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as number),
    },
  ) {}

  get pending(): boolean {
    return this.id !== null;
  }

  poke(): void {
    this.cancel();
    this.id = this.timers.setTimeout(() => {
      this.id = null;
      this.action();
    }, this.delayMs);
  }

  cancel(): void {
    if (this.id === null) return;
    this.timers.clearTimeout(this.id);
    this.id = null;
  }
}

/** Numbers the builds: `begin()` gives a build its test of still being the newest one begun. */
export class Newest {
  private count = 0;

  begin(): () => boolean {
    const mine = ++this.count;
    return () => mine === this.count;
  }
}
