/**
 * A battle between two browsers, as GGPO plays one: both run the same emulated machine, each holds one
 * hand control. The local player's stick takes effect `delay` frames after it is read, so it usually
 * reaches the other side in time; the other side's stick, until it arrives, is predicted (its last known
 * one, held). When it arrives and differs from what was predicted, the machine goes back to the state
 * before that frame (a snapshot kept each frame: the save state without the picture) and runs the
 * frames again with what is now known. What both sides run once every input is known is the same by
 * construction; a hash of the machine's state every `hashEvery` confirmed frames is exchanged to prove
 * it (`desync` says where it was not).
 *
 * Platform-free and synchronous: the caller (the page's worker, or the netplay bench's simulated
 * network) sends what `localInput` returns and hands over what arrives with `remoteInput`; `advance`
 * runs one frame when the prediction window allows.
 */
import { BETWEEN_FRAMES } from '../machine/odyssey2.ts';
import type { Odyssey2 } from '../machine/odyssey2.ts';

export interface RollbackOptions {
  /** The hand control this side holds: 0 the left (red), 1 the right (blue). */
  local: 0 | 1;
  /** Frames between reading the local stick and the frame it acts in (1-2 on a good line). */
  delay: number;
  /** Frames the machine may run past the other side's last known input before it waits. */
  window: number;
  /** Every this many confirmed frames, the machine's state hash is compared with the other side's. */
  hashEvery: number;
}

/**
 * A state's hash: the CRC-32 every save state ends with (of all before it). (A CRC-32 over the whole
 * state, its own CRC included, is the same for every state.)
 */
export function stateHash(state: Uint8Array, length = state.length): number {
  const c = length - 4;
  return (state[c] | (state[c + 1] << 8) | (state[c + 2] << 16) | (state[c + 3] << 24)) >>> 0;
}

/**
 * Frames a side may run past the other side's last stick it knows (GGPO's "max prediction frames",
 * 8 there too): a rollback reruns at most this many. Beyond it the machine waits (a stall) rather than
 * predict further: a deeper rollback costs more than a frame's time on a phone (issue 38), and a line
 * that needs more takes a longer input delay (board/table's `inputDelay`) instead.
 */
export const PREDICTION_WINDOW = 8;

export const DEFAULT_ROLLBACK: Omit<RollbackOptions, 'local'> = { delay: 2, window: PREDICTION_WINDOW, hashEvery: 30 };

/** The frames are counted from the session's start (frame 0 is the first one run together). */
const RING = 256;

/**
 * Room a snapshot's buffer is made with past the snapshot that needs it: snapshots differ in length
 * (the sound level log, 5 bytes an entry), and a buffer made only as long as one would be made again
 * for the next longer one.
 */
const SLACK = 1024;

export class RollbackMachine {
  /** Frames run so far: the next frame to run is `frame`. */
  frame = 0;
  /** Depth (frames run again) of each rollback so far. */
  readonly rollbacks: number[] = [];
  /** Frames run again in all, and the milliseconds that took (the snapshot loaded, the frames run and saved). */
  rerunFrames = 0;
  rerunMs = 0;
  /** The first frame whose hashes differed, or null. */
  desync: number | null = null;
  /** Told after each frame is run (a rerun included), while the machine holds the state after it. */
  onFrame: ((frame: number) => void) | null = null;
  private readonly options: RollbackOptions;
  /** Each side's stick per frame, and whether it is known (the other side's may be predicted). */
  private readonly sticks = [new Uint8Array(RING), new Uint8Array(RING)];
  private readonly known = [new Uint8Array(RING), new Uint8Array(RING)];
  /** The other side's stick each run frame was run with (to tell a wrong prediction). */
  private readonly used = new Uint8Array(RING);
  /**
   * The machine's state before each frame still open to a rollback: the first `snapshotLengths` bytes of
   * a buffer kept for the slot (written again in place, so a frame run allocates nothing).
   */
  private readonly snapshots: (Uint8Array | null)[] = new Array(RING).fill(null);
  private readonly snapshotLengths = new Uint32Array(RING);
  /** The slot the snapshot being taken goes into (read by `pick`). */
  private slot = 0;
  /** Made once: the slot's buffer, made longer when the snapshot does not fit it. */
  private readonly pick = (length: number): Uint8Array => {
    const kept = this.snapshots[this.slot];
    if (kept !== null && kept.length >= length) return kept;
    const made = new Uint8Array(length + SLACK);
    this.snapshots[this.slot] = made;
    return made;
  };
  /** The other side's inputs known without a gap: all frames below this. */
  private remoteKnown = 0;
  /** The last stick of the other side known (the prediction). */
  private lastRemote = 0;
  /** The local inputs read: all frames below this. */
  private localRead: number;
  /** The earliest frame to run again, or null. */
  private redoFrom: number | null = null;
  private readonly ownHashes = new Map<number, number>();
  private readonly theirHashes = new Map<number, number>();
  /** The last frame hashed (0: none yet). */
  private lastHashed = 0;
  /** Hashes made and not yet sent. */
  private readonly outbox: { frame: number; hash: number }[] = [];

  constructor(
    readonly machine: Odyssey2,
    options: RollbackOptions,
  ) {
    if (options.delay < 0 || options.window < 1 || options.window + options.delay >= RING / 2)
      throw new RangeError('netplay: delay 0 or more, window 1 or more, together under 128 frames');
    this.options = options;
    // The first `delay` frames run with the sticks centred on both sides (nothing was read yet).
    for (let f = 0; f < options.delay; f++) {
      this.setKnown(0, f, 0);
      this.setKnown(1, f, 0);
    }
    this.localRead = options.delay;
    this.remoteKnown = options.delay;
  }

  get local(): 0 | 1 {
    return this.options.local;
  }

  get remote(): 0 | 1 {
    return this.options.local === 0 ? 1 : 0;
  }

  /** The other side's inputs are all known below this frame (what this side acknowledges). */
  get remoteKnownFrames(): number {
    return this.remoteKnown;
  }

  /**
   * The CRC-32 of the machine's state before `frame` once it is final (every input below it known and
   * run), or null: still open to a rollback, or too old to be kept.
   */
  stateHashBefore(frame: number): number | null {
    if (this.redoFrom !== null || frame > this.confirmed || frame > this.frame || frame <= this.frame - RING / 2)
      return null;
    if (frame === this.frame) return stateHash(this.machine.snapshot());
    const snap = this.snapshots[frame % RING];
    return snap ? stateHash(snap, this.snapshotLengths[frame % RING]) : null;
  }

  /**
   * Both sticks of a confirmed frame, left | right << 5 (what a spectator's machine runs with), or -1
   * when the frame is not confirmed yet or too old to be kept.
   */
  sticksAt(frame: number): number {
    if (frame < 0 || frame >= this.confirmed || frame <= this.frame - RING / 2) return -1;
    const slot = frame % RING;
    return this.sticks[0][slot] | (this.sticks[1][slot] << 5);
  }

  /** `side`'s stick for `frame` when it is known and still kept, else -1. */
  knownStick(side: 0 | 1, frame: number): number {
    if (frame < 0 || frame <= this.frame - RING / 2 || frame >= this.frame + RING / 2) return -1;
    return this.isKnown(side, frame) ? this.sticks[side][frame % RING] : -1;
  }

  /** Every frame below this has both sticks known: the same on both sides from here back. */
  get confirmed(): number {
    return Math.min(this.remoteKnown, this.localRead, this.frame);
  }

  /** Whether the local stick is to be read now (once for each frame about to be run). */
  get needsLocal(): boolean {
    return this.localRead < this.frame + this.options.delay + 1;
  }

  /**
   * The local stick read now (UP 1, RIGHT 2, DOWN 4, LEFT 8, FIRE 16): it acts `delay` frames on. Returns the
   * frame it is for, to send to the other side with it.
   */
  localInput(stick: number): number {
    const f = this.localRead++;
    this.setKnown(this.options.local, f, stick & 0x1f);
    return f;
  }

  /**
   * The other side's stick for `frame` (from a message). Old or repeated inputs are ignored; one for a frame
   * already run with another prediction marks the rollback. Throws a RangeError for a frame too far ahead
   * (the other side cannot read that far before this one has run).
   */
  remoteInput(frame: number, stick: number): void {
    if (!Number.isInteger(frame) || frame < 0) throw new RangeError(`netplay: an input for frame ${frame}`);
    if (frame < this.remoteKnown || this.isKnown(this.remote, frame)) return;
    if (frame >= this.frame + RING / 2)
      throw new RangeError(`netplay: an input for frame ${frame}, too far past this side's frame ${this.frame}`);
    this.setKnown(this.remote, frame, stick & 0x1f);
    while (this.isKnown(this.remote, this.remoteKnown)) this.remoteKnown++;
    this.lastRemote = this.sticks[this.remote][(this.remoteKnown - 1) % RING];
    // A frame run with another prediction than what came: run again from there.
    if (frame < this.frame && this.used[frame % RING] !== (stick & 0x1f)) {
      this.redoFrom = this.redoFrom === null ? frame : Math.min(this.redoFrom, frame);
    }
    this.hashConfirmed();
  }

  /** The other side's hash of its state before `frame`: compared with this side's once both are known. */
  remoteHash(frame: number, hash: number): void {
    if (!Number.isInteger(frame) || frame < 0 || !Number.isInteger(hash)) return;
    this.theirHashes.set(frame, hash >>> 0);
    this.compare(frame);
  }

  /** Hashes made since the last call, to send. */
  takeHashes(): { frame: number; hash: number }[] {
    return this.outbox.splice(0);
  }

  /** Whether `advance` would run a frame now (false: it waits for the other side's inputs). */
  get canAdvance(): boolean {
    return this.frame < this.localRead && this.frame - this.remoteKnown < this.options.window;
  }

  /**
   * Runs what a rollback needs, then the next frame if the window and the local inputs allow. Returns
   * whether a new frame was run.
   */
  advance(): boolean {
    this.rollBack();
    if (!this.canAdvance) return false;
    this.runOne(this.frame);
    this.frame++;
    this.hashConfirmed();
    return true;
  }

  /** Goes back to the frame a prediction was wrong in and runs the frames since with what is known now. */
  private rollBack(): void {
    const from = this.redoFrom;
    if (from === null) return;
    this.redoFrom = null;
    const snap = this.snapshots[from % RING];
    if (!snap) throw new Error(`netplay: no snapshot of frame ${from} to go back to`);
    const t0 = performance.now();
    this.machine.restoreSnapshot(snap, BETWEEN_FRAMES, 0, this.snapshotLengths[from % RING]);
    const depth = this.frame - from;
    for (let f = from; f < this.frame; f++) this.runOne(f);
    this.rerunMs += performance.now() - t0;
    this.rollbacks.push(depth);
    this.rerunFrames += depth;
  }

  private runOne(f: number): void {
    const m = this.machine;
    const slot = f % RING;
    // The state before the frame: the point a rollback comes back to.
    this.slot = slot;
    this.snapshotLengths[slot] = m.snapshotTo(this.pick);
    const remote = this.isKnown(this.remote, f) ? this.sticks[this.remote][slot] : this.lastRemote;
    this.used[slot] = remote;
    const local = this.sticks[this.options.local][slot];
    if (this.options.local === 0) m.setInputs(local, remote);
    else m.setInputs(remote, local);
    m.runFrame();
    this.onFrame?.(f);
    // Slots come round again: what is RING frames old is forgotten.
    const old = (f + RING / 2) % RING;
    this.known[0][old] = 0;
    this.known[1][old] = 0;
  }

  /** Hashes the state before each confirmed frame that is a multiple of hashEvery (its snapshot is final then). */
  private hashConfirmed(): void {
    if (this.redoFrom !== null) return;
    const every = this.options.hashEvery;
    const upTo = this.confirmed;
    for (let f = (Math.floor(this.lastHashed / every) + 1) * every; f <= upTo && f < this.frame; f += every) {
      const snap = this.snapshots[f % RING];
      if (!snap) continue;
      const hash = stateHash(snap, this.snapshotLengths[f % RING]);
      this.ownHashes.set(f, hash);
      this.outbox.push({ frame: f, hash });
      this.lastHashed = f;
      this.compare(f);
    }
  }

  private compare(frame: number): void {
    const mine = this.ownHashes.get(frame);
    const theirs = this.theirHashes.get(frame);
    if (mine === undefined || theirs === undefined) return;
    if (mine !== theirs && (this.desync === null || frame < this.desync)) this.desync = frame;
    this.ownHashes.delete(frame);
    this.theirHashes.delete(frame);
  }

  private setKnown(side: 0 | 1, f: number, stick: number): void {
    this.sticks[side][f % RING] = stick;
    this.known[side][f % RING] = 1;
  }

  private isKnown(side: 0 | 1, f: number): boolean {
    return this.known[side][f % RING] === 1;
  }
}
