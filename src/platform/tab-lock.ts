/**
 * One tab at a time owns a named thing (the board game's autosave): the Web Locks API holds the claim, so it is
 * given up for sure when the owning tab closes or crashes, and a BroadcastChannel of the same name asks the owner
 * to hand it over. Where the browser has no Web Locks (an insecure context, old browsers) every tab owns it, as
 * before this existed.
 */
export type TabLockEvent =
  /** This tab owns the thing now (at start, or after a take-over). */
  | 'owned'
  /** Another tab owns it; this one waits until a person takes over. */
  | 'elsewhere'
  /** Another tab took it over from this one. */
  | 'taken';

interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    cb: (lock: unknown) => Promise<unknown> | unknown,
  ): Promise<unknown>;
}

export class TabLock {
  owned = false;
  /** Finishes what the owner is writing (its last autosave) before another tab takes over. */
  beforeHandOver: () => Promise<void> = async () => {};
  private state: 'idle' | 'claiming' | TabLockEvent = 'idle';
  private release: (() => void) | null = null;
  private readonly listeners = new Set<(e: TabLockEvent) => void>();
  private readonly channel: BroadcastChannel | null;
  private readonly locks: LockManagerLike | null;

  constructor(private readonly name: string) {
    this.locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null;
    this.channel = this.locks && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(name) : null;
    if (this.channel)
      this.channel.onmessage = (e: MessageEvent) => {
        if (e.data === 'take') void this.handOver();
      };
  }

  /** Calls `fn` on every change, and at once with where things stand if the claim has been decided. */
  on(fn: (e: TabLockEvent) => void): () => void {
    this.listeners.add(fn);
    if (this.state !== 'idle' && this.state !== 'claiming') fn(this.state);
    return () => this.listeners.delete(fn);
  }

  /** Claims the thing if no other tab holds it (once per tab; later calls change nothing). */
  async claim(): Promise<void> {
    if (this.state !== 'idle') return;
    this.state = 'claiming';
    if (!this.locks) {
      this.set(true, 'owned');
      return;
    }
    const got = await this.hold(true);
    this.set(got, got ? 'owned' : 'elsewhere');
  }

  /** Asks the owning tab to let go, and takes the thing as soon as it does. */
  async takeOver(): Promise<void> {
    if (this.owned || !this.locks) return;
    this.channel?.postMessage('take');
    await this.hold(false);
    this.set(true, 'owned');
  }

  private async handOver(): Promise<void> {
    if (!this.owned) return;
    await this.beforeHandOver();
    this.release?.();
    this.release = null;
    this.set(false, 'taken');
  }

  /** Requests the lock (at once, or waiting for it); resolves with whether this tab holds it. */
  private hold(onlyIfFree: boolean): Promise<boolean> {
    return new Promise((resolve) => {
      void this.locks!.request(this.name, onlyIfFree ? { ifAvailable: true } : {}, (lock) => {
        if (!lock) {
          resolve(false);
          return undefined;
        }
        resolve(true);
        // The lock is held for as long as this promise is pending: until a take-over, or the tab goes away.
        return new Promise<void>((done) => {
          this.release = done;
        });
      });
    });
  }

  private set(owned: boolean, e: TabLockEvent): void {
    this.owned = owned;
    this.state = e;
    for (const fn of this.listeners) fn(e);
  }
}
