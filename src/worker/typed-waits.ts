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

  /** Resolves the waits whose last tap has finished (`completed` taps so far); true when it resolved any. */
  settle(completed: () => number): boolean {
    if (this.waits.length === 0) return false;
    const done = completed();
    const still: TypedWait[] = [];
    for (const w of this.waits) {
      if (done >= w.until) w.resolve();
      else still.push(w);
    }
    const resolved = still.length < this.waits.length;
    this.waits = still;
    return resolved;
  }

  /** The machine they were typed for is gone: nobody waits for them forever. */
  dropAll(): void {
    for (const w of this.waits) w.resolve();
    this.waits = [];
  }
}
