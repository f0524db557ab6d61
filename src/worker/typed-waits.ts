/**
 * The worker's typeKeys promises: each waits for the key queue's `completed` count to reach the
 * count its last tap makes, and is settled at the end of a frame (or dropped with its machine).
 */
interface TypedWait {
  until: number;
  resolve(): void;
}

export class TypedWaits {
  private waits: TypedWait[] = [];

  add(until: number, resolve: () => void): void {
    this.waits.push({ until, resolve });
  }

  /** Resolves the waits whose last tap has finished (`completed` taps so far). */
  settle(completed: () => number): void {
    if (this.waits.length === 0) return;
    const done = completed();
    const still: TypedWait[] = [];
    for (const w of this.waits) {
      if (done >= w.until) w.resolve();
      else still.push(w);
    }
    this.waits = still;
  }

  /** The machine they were typed for is gone: nobody waits for them forever. */
  dropAll(): void {
    for (const w of this.waits) w.resolve();
    this.waits = [];
  }
}
