/**
 * Where the battle chart waits for a table. The chart (`battleMachine`) invokes a battle as soon as the
 * game waits for one, and the first-player readout once every player has called; at a table the invoked
 * actor waits here until the players say how the step is done: its result given by hand (`give`), or
 * fought on the console (`run`, the companion's "Program the battle"). A run that fails leaves the step
 * waiting with its reason (`error`), so it can be tried again: the chart would otherwise be done with the
 * step, and the battle could not be programmed again until the game moved. Leaving the chart's state (a
 * result recorded, an undo, a load, a weapon changed) aborts the wait and any run under way.
 */
export interface GateStep<I> {
  input: I;
  /** A run (a fight on the console) is under way. */
  running: boolean;
}

interface Waiter<I, O> {
  input: I;
  resolve(o: O): void;
  reject(e: Error): void;
  /** Aborted when the chart leaves the step, or another step replaces it. */
  abort: AbortController;
  running: boolean;
}

export class StepGate<I, O> {
  private waiter: Waiter<I, O> | null = null;
  private readonly listeners = new Set<() => void>();
  /** Why the last run failed, in a sentence; null once a new run starts or the step is done. */
  error: string | null = null;

  constructor(private readonly cancelled: (input: I, reason: string) => Error) {}

  /** The step waiting now, or null. */
  get step(): GateStep<I> | null {
    const w = this.waiter;
    return w ? { input: w.input, running: w.running } : null;
  }

  /** Told each time the step waiting, its run or its error changes. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of [...this.listeners]) fn();
  }

  /** The chart's side: resolves with the step's output once it is given or run; rejects when `signal` aborts first. */
  wait(input: I, signal?: AbortSignal): Promise<O> {
    // One step at a time: a new one replaces the last (the chart stopped its actor first; a caller may not have).
    this.cancel('replaced by another step');
    return new Promise<O>((resolve, reject) => {
      const w: Waiter<I, O> = { input, resolve, reject, abort: new AbortController(), running: false };
      this.waiter = w;
      this.error = null;
      const stop = (): void => this.drop(w, String(signal?.reason ?? 'the game moved on'));
      if (signal?.aborted) stop();
      else signal?.addEventListener('abort', stop, { once: true });
      this.changed();
    });
  }

  /** Drops the step waiting (and stops its run); returns how many were dropped (0 or 1). */
  cancel(reason = 'the game moved on'): number {
    const w = this.waiter;
    if (!w) return 0;
    this.drop(w, reason);
    return 1;
  }

  private drop(w: Waiter<I, O>, reason: string): void {
    if (this.waiter !== w) return;
    this.waiter = null;
    w.abort.abort(reason);
    w.reject(this.cancelled(w.input, reason));
    this.changed();
  }

  /** The step's output given directly (typed by hand): refused while a run is under way or nothing waits. */
  give(o: O): boolean {
    const w = this.waiter;
    if (!w || w.running) return false;
    this.finish(w, o);
    return true;
  }

  private finish(w: Waiter<I, O>, o: O): void {
    this.waiter = null;
    this.error = null;
    w.resolve(o);
    this.changed();
  }

  /**
   * Does the step waiting with `how` (a fight on the console). Resolves with the output once the chart has it,
   * or null: nothing waits, a run is already under way, the step was dropped, or the run failed (`error` says why,
   * and the step waits again).
   */
  async run(how: (input: I, signal: AbortSignal) => Promise<O>): Promise<O | null> {
    const w = this.waiter;
    if (!w || w.running) return null;
    w.running = true;
    this.error = null;
    this.changed();
    let o: O;
    try {
      // A dropped step does not wait for its run to notice the abort.
      const dropped = new Promise<never>((_, reject) =>
        w.abort.signal.addEventListener('abort', () => reject(w.abort.signal.reason), { once: true }),
      );
      dropped.catch(() => undefined);
      o = await Promise.race([how(w.input, w.abort.signal), dropped]);
    } catch (e) {
      if (this.waiter !== w) return null;
      w.running = false;
      this.error = e instanceof Error ? e.message : String(e);
      this.changed();
      return null;
    }
    if (this.waiter !== w) return null;
    this.finish(w, o);
    return o;
  }
}
