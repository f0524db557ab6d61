/**
 * Starting the emulator worker. The app's first machine takes a worker main.ts started as the page began to
 * load (prespawnWorker): its script (about 400 kB) loads and compiles while the page's own code does, instead of
 * after it (issue 38). This module is small and imports nothing, so main.ts can start the worker before any
 * page's code has come.
 */
export const NOT_STARTED = 'the emulator worker did not start (its script failed to load or threw before answering)';

/** What went wrong in a spawned worker before `ConsoleRuntime.start` listened to it. */
const earlyFailures = new WeakMap<Worker, string>();

/** The worker prespawnWorker started, until the first boot takes it. */
let early: Worker | undefined;

/** A new emulator worker, its script loading. */
export function spawnWorker(): Worker {
  const worker = new Worker(new URL('../worker/emulator.worker.ts', import.meta.url), {
    type: 'module',
    name: 'o2-emulator',
  });
  // A failure before `start` listens (the script did not load) is kept for it: its boot would wait for ever.
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    if (!earlyFailures.has(worker)) earlyFailures.set(worker, e.message || NOT_STARTED);
  });
  return worker;
}

/** Starts the first machine's worker now (a page that shows the console is loading). */
export function prespawnWorker(): void {
  early ??= spawnWorker();
}

/** The worker prespawnWorker started, or a new one. */
export function takeWorker(): Worker {
  const worker = early ?? spawnWorker();
  early = undefined;
  return worker;
}

/** What went wrong in `worker` before anyone listened, if anything. */
export function earlyFailure(worker: Worker): string | undefined {
  return earlyFailures.get(worker);
}
