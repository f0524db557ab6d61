/**
 * The battle bridge's console over an Odyssey2 stepped frame by frame in the same thread (Node: tests,
 * the board CLI, benchmarks). It satisfies board/ports/battle-console.ts's `BattleConsole` structurally
 * (rom-core imports nothing from board): keys go through a KeyQueue, the mailbox is read after whole
 * frames, and every wait is bounded by a number of frames, after which it fails naming what it
 * awaited. It can also play a runner input script (rom-core/machine/input-script.ts) whose frame 1 is
 * the frame a given key (ENTER) is pressed by the queue, to fight a scripted battle.
 */
import { keyCode } from '../../machine/input.ts';
import type { KeyCode } from '../../machine/input.ts';
import { KeyQueue } from '../../machine/key-queue.ts';
import type { KeyQueueOptions, KeySink } from '../../machine/key-queue.ts';
import type { InputEvent } from '../../machine/input-script.ts';
import type { Odyssey2 } from '../../machine/odyssey2.ts';
import { readMailbox } from './mailbox.ts';
import type { CartMailbox } from './mailbox.ts';

/** Frames per second of the NTSC machine, for figures in messages. */
const FPS = 60;

export interface SteppedConsoleOptions {
  keys?: KeyQueueOptions;
  /** The most frames one wait may run before it fails. Default 18,000 (five minutes of play). */
  maxWaitFrames?: number;
  /** Frames run between yields to the event loop, so an abort can come in. Default 600. */
  yieldEvery?: number;
}

/** A bounded wait ran out of frames. */
export class ConsoleTimeoutError extends Error {
  override name = 'ConsoleTimeoutError';
}

/** A script event with its key parsed to the code the machine takes. */
interface CodedEvent {
  frame: number;
  code: KeyCode;
  down: boolean;
}

/** Script events must name real keys and come in frame order (parseInputScript gives both); parsed once here. */
function codeEvents(events: readonly InputEvent[]): CodedEvent[] {
  return events.map((e, i) => {
    const code = keyCode(e.key);
    if (code === undefined) throw new RangeError(`script event ${i + 1}: unknown key '${e.key}'`);
    if (!Number.isInteger(e.frame) || e.frame < 1 || (i > 0 && e.frame < events[i - 1].frame)) {
      throw new RangeError(`script event ${i + 1}: frames are whole numbers from 1 in order, got ${e.frame}`);
    }
    return { frame: e.frame, code, down: e.down };
  });
}

function abortError(signal: AbortSignal, what: string): Error {
  const r: unknown = signal.reason;
  return r instanceof Error ? r : new Error(`stopped waiting for ${what}: aborted`);
}

export class SteppedConsole {
  readonly queue: KeyQueue;
  readonly maxWaitFrames: number;
  private readonly yieldEvery: number;
  private script: readonly CodedEvent[] = [];
  private scriptNext = 0;
  /** Machine frame (1-based, as frameNumber counts) that is the script's frame 1; 0 = not started. */
  private scriptStart = 0;
  /** The key whose next press starts the armed script, or null. */
  private armedKey: KeyCode | null = null;
  private readonly sink: KeySink;

  constructor(
    readonly machine: Odyssey2,
    options: SteppedConsoleOptions = {},
  ) {
    this.queue = new KeyQueue(options.keys);
    this.maxWaitFrames = options.maxWaitFrames ?? 18_000;
    this.yieldEvery = options.yieldEvery ?? 600;
    if (!Number.isInteger(this.maxWaitFrames) || this.maxWaitFrames < 1) {
      throw new RangeError(`maxWaitFrames must be a whole number of frames from 1, got ${this.maxWaitFrames}`);
    }
    this.sink = {
      setKeyCode: (code, down) => {
        machine.setKeyCode(code, down);
        if (down && code === this.armedKey) {
          this.armedKey = null;
          this.scriptStart = machine.frameNumber + 1;
        }
      },
    };
  }

  /**
   * Plays `events` (frame 1 = the frame in which the queue next presses `key`, e.g. ENTER). Replaces
   * any script still playing.
   */
  playFrom(key: string, events: readonly InputEvent[]): void {
    const coded = codeEvents(events);
    const armed = keyCode(key);
    if (armed === undefined) throw new RangeError(`unknown key '${key}' to start the script on`);
    this.script = coded;
    this.scriptNext = 0;
    this.scriptStart = 0;
    this.armedKey = armed;
  }

  /** Plays `events` with frame 1 = the next frame run. */
  play(events: readonly InputEvent[]): void {
    this.script = codeEvents(events);
    this.scriptNext = 0;
    this.armedKey = null;
    this.scriptStart = this.machine.frameNumber + 1;
  }

  /** True while a script has events left to apply (armed or playing). */
  get scriptPlaying(): boolean {
    return this.scriptNext < this.script.length;
  }

  /** Stops the script and drops queued keys, releasing every key and stick (cancellation, end of a battle). */
  stopInput(): void {
    this.script = [];
    this.scriptNext = 0;
    this.scriptStart = 0;
    this.armedKey = null;
    this.queue.clear(this.machine);
    this.machine.releaseAll();
  }

  /** Runs one frame with the keys and script events due before it. */
  step(): void {
    const m = this.machine;
    this.queue.beforeFrame(this.sink);
    if (this.scriptStart > 0) {
      const frame = m.frameNumber + 1 - this.scriptStart + 1;
      const events = this.script;
      while (this.scriptNext < events.length && events[this.scriptNext].frame <= frame) {
        const e = events[this.scriptNext++];
        m.setKeyCode(e.code, e.down);
      }
    }
    m.runFrame();
    this.queue.afterFrame();
  }

  async type(keys: readonly string[], signal?: AbortSignal): Promise<void> {
    const ticket = this.queue.tap(...keys);
    const what = `the keys ${keys.join(' ')} to be typed`;
    const budget = (this.queue.total - this.queue.completed + 1) * this.queue.framesPerTap;
    await this.run(() => this.queue.completed >= ticket, what, budget, signal);
  }

  read(): Promise<CartMailbox> {
    return Promise.resolve(readMailbox(this.machine.eram));
  }

  async waitFor(
    done: (m: CartMailbox, frame: number) => boolean,
    what: string,
    signal?: AbortSignal,
  ): Promise<CartMailbox> {
    let seen: CartMailbox | undefined;
    await this.run(
      () => {
        seen = readMailbox(this.machine.eram);
        return done(seen, this.machine.frameNumber);
      },
      what,
      this.maxWaitFrames,
      signal,
    );
    return seen as CartMailbox;
  }

  /** Runs `frames` frames (keys and script events as they fall due). */
  async runFrames(frames: number, signal?: AbortSignal): Promise<void> {
    if (!Number.isInteger(frames) || frames < 0)
      throw new RangeError(`frames must be a whole number from 0, got ${frames}`);
    if (frames === 0) return;
    let left = frames;
    await this.run(() => --left <= 0, `${frames} frames`, frames + 1, signal);
  }

  /** Steps until `done()` holds after a frame, yielding now and then; fails after `budget` frames. */
  private async run(done: () => boolean, what: string, budget: number, signal?: AbortSignal): Promise<void> {
    for (let n = 1; ; n++) {
      if (signal?.aborted) throw abortError(signal, what);
      this.step();
      if (done()) return;
      if (n >= budget) {
        const m = readMailbox(this.machine.eram);
        const where = m.ours ? `the cartridge is in its ${m.phase} phase` : 'the mailbox signature is missing';
        throw new ConsoleTimeoutError(
          `waited ${n} frames (${(n / FPS).toFixed(1)} s of play) for ${what}, and it did not happen; ${where}`,
        );
      }
      if (n % this.yieldEvery === 0) await new Promise((r) => setTimeout(r, 0));
    }
  }
}
