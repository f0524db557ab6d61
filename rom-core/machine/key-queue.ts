/**
 * Key taps applied at frame boundaries, for the Node console and the emulator worker alike.
 *
 * Games read the keyboard once a frame (the BIOS `readkey`, which reports a key only the first time
 * it sees it and needs a frame with no key down before the same key counts again). A key set and
 * cleared between two frames never reaches the program, and two taps of the same key in a row read
 * as one. So keys go through this queue: the caller calls `beforeFrame(machine)` before each frame
 * and `afterFrame()` after it, and the queue presses and releases them there, each held down for
 * `holdFrames` whole frames and followed by `gapFrames` whole frames with it up.
 *
 * Two kinds of input:
 * - typed taps (`tap`): played one after another, so "2500" is four taps; `completed` counts the
 *   finished ones (a tap is finished once its gap frames have run), and `tap` returns the count to
 *   wait for;
 * - live keys (`press` / `release`, a human's keydown / keyup): each pressed at a boundary and
 *   released once it has been down `holdFrames` frames, so a tap shorter than a frame still reaches
 *   the machine. Rolled keys (R then P struck back to back) must each be down alone for a frame, or
 *   the scan (which reports the first key of the matrix it finds) never sees the second: so live
 *   presses start in the order they came, at most one per boundary, and none while a key the player
 *   already let go is still held by the queue. A key the player really holds does not hold others
 *   back (two keys held at once reach the machine as they would on the real keyboard).
 *
 * The per-frame methods allocate nothing.
 */
import { KEY_NAMES, KEY_TARGETS, keyCodeOf } from './input.ts';
import type { KeyCode } from './input.ts';

/** What the queue drives: `Odyssey2.setKeyCode`. */
export interface KeySink {
  setKeyCode(code: KeyCode, down: boolean): void;
}

export interface KeyQueueOptions {
  /** Whole frames each key is held down (at least 1). Default 2. */
  holdFrames?: number;
  /** Whole frames a typed tap stays released before the next tap (at least 1). Default 2. */
  gapFrames?: number;
}

const NONE = -1;
/** Matrix presses waiting at most; a human cannot strike more within the frames they take. */
const MAX_PRESSES = 64;
/** 1 for the keyboard matrix's keys (the ones the scan can confuse), 0 for sticks and RESET. */
const IN_MATRIX = Uint8Array.from(KEY_TARGETS, (t) => (t.kind === 'key' ? 1 : 0));
// Live key states.
const UP = 0;
const PRESS_DUE = 1;
const DOWN = 2;

function wholeFrames(what: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > 600) {
    throw new RangeError(`${what} must be a whole number of frames from 1 to 600, got ${value}`);
  }
  return value;
}

/** A key as the queue takes it: its code, or its name (parsed here, where it comes in). */
function keyIndex(key: KeyCode | string): KeyCode {
  if (typeof key === 'number') {
    if (KEY_TARGETS[key] === undefined) throw new RangeError(`no key has the code ${key}`);
    return key;
  }
  return keyCodeOf(key);
}

export class KeyQueue {
  readonly holdFrames: number;
  readonly gapFrames: number;
  /** Key indices (into KEY_NAMES) of typed taps not started yet. */
  private readonly taps: number[] = [];
  private tapKey = NONE;
  private tapDown = false;
  /** Frames run since the current tap was pressed. */
  private tapFrames = 0;
  private queued = 0;
  private done = 0;
  private readonly liveState = new Uint8Array(KEY_NAMES.length);
  private readonly liveFrames = new Int32Array(KEY_NAMES.length);
  private readonly liveRelease = new Uint8Array(KEY_NAMES.length);
  /** Sticks and RESET: whole presses struck after the current one while the queue still held it. */
  private readonly liveExtra = new Uint8Array(KEY_NAMES.length);
  /** What the player's key is doing now (the machine's key may lag behind it). */
  private readonly physDown = new Uint8Array(KEY_NAMES.length);
  /** Matrix presses not started yet, in the order struck (a key may be in it several times). */
  private readonly presses = new Int16Array(MAX_PRESSES);
  private pressHead = 0;
  private pressCount = 0;
  /** Keys released at the current boundary: a second press waits a frame with the key up. */
  private readonly releasedNow = new Uint8Array(KEY_NAMES.length);

  constructor(options: KeyQueueOptions = {}) {
    this.holdFrames = wholeFrames('holdFrames', options.holdFrames, 2);
    this.gapFrames = wholeFrames('gapFrames', options.gapFrames, 2);
  }

  /** Frames one typed tap takes (held + released). */
  get framesPerTap(): number {
    return this.holdFrames + this.gapFrames;
  }

  /** Typed taps finished so far (since construction; never goes back). */
  get completed(): number {
    return this.done;
  }

  /** Typed taps queued so far (since construction). `completed === queued` once all are typed. */
  get total(): number {
    return this.queued;
  }

  /** Nothing left to do: no typed tap waiting or under way, no live key waiting to be pressed or released. */
  get idle(): boolean {
    if (this.tapKey !== NONE || this.taps.length > 0 || this.pressCount > 0) return false;
    for (let i = 0; i < this.liveState.length; i++) {
      if (this.liveState[i] === PRESS_DUE || this.liveRelease[i] !== 0) return false;
    }
    return true;
  }

  /**
   * Queues taps of `keys` in order (codes, or names as Odyssey2.setKey takes them, case-insensitive).
   * Returns the `completed` count at which the last of them is finished. An unknown key throws and
   * queues none.
   */
  tap(...keys: readonly (KeyCode | string)[]): number {
    const indices = keys.map(keyIndex);
    for (const i of indices) this.taps.push(i);
    this.queued += indices.length;
    return this.queued;
  }

  /** A live key went down (repeats while it is down are ignored). */
  press(key: KeyCode | string): void {
    const i = keyIndex(key);
    if (this.physDown[i] !== 0) return;
    this.physDown[i] = 1;
    if (IN_MATRIX[i] !== 0) {
      if (this.pressCount < MAX_PRESSES) {
        this.presses[(this.pressHead + this.pressCount) % MAX_PRESSES] = i;
        this.pressCount++;
      }
    } else if (this.liveState[i] === UP) {
      this.liveState[i] = PRESS_DUE;
    } else if (this.liveExtra[i] < 255) {
      // Struck again before the last press left the machine: one more whole press, after it.
      this.liveExtra[i]++;
    }
  }

  /** A live key went up: released at the first boundary after it has been down `holdFrames` frames. */
  release(key: KeyCode | string): void {
    const i = keyIndex(key);
    if (this.physDown[i] === 0) return;
    this.physDown[i] = 0;
    // A press still waiting is a whole tap: it is released in its turn (see startPress).
    const waiting = IN_MATRIX[i] !== 0 ? this.waiting(i) : this.liveExtra[i] !== 0;
    if (this.liveState[i] !== UP && !waiting) this.liveRelease[i] = 1;
  }

  /** Whether a matrix press of key `i` has not started yet. */
  private waiting(i: number): boolean {
    for (let n = 0; n < this.pressCount; n++) if (this.presses[(this.pressHead + n) % MAX_PRESSES] === i) return true;
    return false;
  }

  /** Applies the presses and releases due before the next frame. */
  beforeFrame(sink: KeySink): void {
    if (this.tapKey === NONE && this.taps.length > 0) {
      this.tapKey = this.taps.shift() as number;
      this.tapFrames = 0;
      this.tapDown = true;
      sink.setKeyCode(this.tapKey, true);
    } else if (this.tapKey !== NONE && this.tapDown && this.tapFrames >= this.holdFrames) {
      this.tapDown = false;
      // A live press of the same key keeps it down.
      if (this.liveState[this.tapKey] !== DOWN) sink.setKeyCode(this.tapKey, false);
    }
    const state = this.liveState;
    const releasedNow = this.releasedNow;
    // Releases first: a key let go frees the boundary for the next press.
    for (let i = 0; i < state.length; i++) {
      releasedNow[i] = 0;
      if (state[i] === DOWN && this.liveRelease[i] !== 0 && this.liveFrames[i] >= this.holdFrames) {
        this.liveRelease[i] = 0;
        releasedNow[i] = 1;
        state[i] = UP;
        if (this.liveExtra[i] !== 0) {
          this.liveExtra[i]--;
          state[i] = PRESS_DUE;
          // Only the newest press can still be held; the ones before it were let go.
          this.liveRelease[i] = this.liveExtra[i] !== 0 || this.physDown[i] === 0 ? 1 : 0;
        }
        if (!(this.tapKey === i && this.tapDown)) sink.setKeyCode(i, false);
      } else if (state[i] === PRESS_DUE) {
        // Sticks and RESET have a line each: they go down at once.
        state[i] = DOWN;
        this.liveFrames[i] = 0;
        sink.setKeyCode(i, true);
      }
    }
    if (this.pressCount > 0) this.startPress(sink);
  }

  /** Starts the oldest waiting matrix press, when the keyboard is clear for it. */
  private startPress(sink: KeySink): void {
    const state = this.liveState;
    for (let i = 0; i < state.length; i++) {
      // A tap the player finished is still held by the queue: the next key waits its release.
      if (IN_MATRIX[i] !== 0 && state[i] === DOWN && this.liveRelease[i] !== 0) return;
    }
    const next = this.presses[this.pressHead];
    if (state[next] !== UP || this.releasedNow[next] !== 0) return;
    this.pressHead = (this.pressHead + 1) % MAX_PRESSES;
    this.pressCount--;
    state[next] = DOWN;
    this.liveFrames[next] = 0;
    this.liveRelease[next] = this.waiting(next) || this.physDown[next] === 0 ? 1 : 0;
    sink.setKeyCode(next, true);
  }

  /** Counts the frame that just ran. */
  afterFrame(): void {
    if (this.tapKey !== NONE) {
      this.tapFrames++;
      if (this.tapFrames >= this.holdFrames + this.gapFrames) {
        this.tapKey = NONE;
        this.done++;
      }
    }
    const state = this.liveState;
    for (let i = 0; i < state.length; i++) if (state[i] === DOWN) this.liveFrames[i]++;
  }

  /**
   * Drops every tap not finished and releases every key the queue holds down (cancellation). The
   * dropped taps count as completed, so nobody waits for them forever.
   */
  clear(sink: KeySink): void {
    if (this.tapKey !== NONE) {
      if (this.tapDown) sink.setKeyCode(this.tapKey, false);
      this.tapKey = NONE;
      this.tapDown = false;
    }
    this.taps.length = 0;
    this.done = this.queued;
    this.pressCount = 0;
    for (let i = 0; i < this.liveState.length; i++) {
      if (this.liveState[i] === DOWN) sink.setKeyCode(i, false);
      this.liveState[i] = UP;
      this.liveRelease[i] = 0;
      this.liveExtra[i] = 0;
      this.physDown[i] = 0;
    }
  }
}
