/**
 * Rewind and run-ahead for a player's machine, from the snapshots a rollback uses (Odyssey2.snapshot:
 * the state without the picture, about 2.3 KB). Both are pure and preallocated: a frame recorded or run
 * ahead allocates nothing (the snapshot is written straight into a buffer made once, snapshotAt).
 *
 * Rewind (RewindRing): the machine's state right before each frame (its inputs already set) goes into
 * one byte buffer, each snapshot after the last, wrapping round and dropping the oldest frames it
 * covers. Snapshots differ in length (the sound level log), so one buffer of records holds far more
 * frames than fixed slots of the longest would (about 20 KB each). Going back one frame restores the
 * snapshot before the last frame kept and runs that frame again: the picture is drawn and the machine
 * is then exactly as it was after that frame, bytes and picture alike.
 *
 * Run-ahead (RunAhead, RetroArch's): after each real frame the state is put aside, `n` more frames run
 * with the same inputs for their picture, and the state comes back; the real frames are untouched, the
 * picture shows `n` frames sooner what the inputs do.
 */
import { BETWEEN_FRAMES } from './odyssey2.ts';
import type { Odyssey2 } from './odyssey2.ts';

/** What the ring and run-ahead need of a machine (tests hand in a small fake). */
export type Rewindable = Pick<Odyssey2, 'snapshotAt' | 'restoreSnapshot' | 'runFrame' | 'frameNumber'>;

/** Bytes a snapshot takes on our cartridges: 2.2-2.4 KB; the ring sets aside this much per frame. */
export const REWIND_BYTES_PER_FRAME = 3072;

/** Bytes a sound level log entry takes in a snapshot (an i32 dot and a u8 level, state.ts). */
const LOG_ENTRY_BYTES = 5;

/** The longest snapshot the machine can make: its sound level log full. Allocates (once, at set-up). */
export function snapshotBound(machine: Odyssey2): number {
  const sound = machine.vdc.sound;
  return machine.snapshot().length + (sound.logDots.length - sound.logCount) * LOG_ENTRY_BYTES;
}

export interface RewindOptions {
  /** Frames kept at most (60 s of NTSC: 3,590). */
  frames: number;
  /** The buffer is frames × this; a run of longer snapshots keeps fewer frames. */
  bytesPerFrame?: number;
  /** The longest snapshot to make room for (snapshotBound); default 32 KB. */
  longest?: number;
}

export class RewindRing {
  private readonly bytes: Uint8Array;
  /** Where each frame's snapshot lies in `bytes`, a ring of `frames` entries from `oldest`. */
  private readonly starts: Uint32Array;
  private readonly lengths: Uint32Array;
  /** The frame each record was taken before (the machine's frameNumber then); records are of consecutive frames. */
  private newestFrame = 0;
  private oldest = 0;
  private count = 0;
  /** Where the next snapshot goes: records lie in time order from here on (round the end), oldest first. */
  private writeAt = 0;
  /** Made once: snapshotAt asks it where the snapshot goes once its length is known. */
  private readonly place = (length: number): number => this.makeRoom(length);

  constructor(
    readonly machine: Rewindable,
    options: RewindOptions,
  ) {
    const frames = options.frames;
    if (!Number.isInteger(frames) || frames < 2) throw new RangeError(`rewind keeps 2 frames or more, not ${frames}`);
    const size = Math.max(frames * (options.bytesPerFrame ?? REWIND_BYTES_PER_FRAME), 2 * (options.longest ?? 32_768));
    this.bytes = new Uint8Array(size);
    this.starts = new Uint32Array(frames);
    this.lengths = new Uint32Array(frames);
  }

  /** Frames recorded and still kept (the machine can go back one less than this). */
  get depth(): number {
    return this.count;
  }

  /** The most frames kept. */
  get capacity(): number {
    return this.starts.length;
  }

  /** Bytes the ring holds on to, whatever it keeps. */
  get memoryBytes(): number {
    return this.bytes.byteLength + this.starts.byteLength + this.lengths.byteLength;
  }

  /** Bytes the frames kept take now. */
  get usedBytes(): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) n += this.lengths[(this.oldest + i) % this.starts.length];
    return n;
  }

  clear(): void {
    this.oldest = 0;
    this.count = 0;
    this.writeAt = 0;
  }

  /** Keeps the machine as it is now, right before a frame runs with its inputs set. */
  record(): void {
    const cap = this.starts.length;
    if (this.count === cap) this.dropOldest();
    const slot = (this.oldest + this.count) % cap;
    const length = this.machine.snapshotAt(this.bytes, this.place);
    this.starts[slot] = this.writeAt;
    this.lengths[slot] = length;
    this.writeAt += length;
    this.count++;
    this.newestFrame = this.machine.frameNumber;
  }

  /**
   * The snapshot taken right before frame `frame` ran (frameNumber `frame`, its inputs set), read in
   * place (the next record may overwrite it); undefined when not kept. For the debugger's step back,
   * which runs a frame again from its start up to an instruction.
   */
  startOf(frame: number): Uint8Array | undefined {
    const back = this.newestFrame - frame;
    if (this.count === 0 || back < 0 || back >= this.count) return undefined;
    const slot = (this.oldest + this.count - 1 - back) % this.starts.length;
    return this.bytes.subarray(this.starts[slot], this.starts[slot] + this.lengths[slot]);
  }

  /** The machine went back into frame `frame` (step back): the records of later frames are forgotten. */
  forgetAfter(frame: number): void {
    while (this.count > 0 && this.newestFrame > frame) {
      this.count--;
      this.writeAt = this.starts[(this.oldest + this.count) % this.starts.length];
      this.newestFrame--;
    }
  }

  /**
   * Goes back one frame: forgets the last frame recorded, restores the snapshot before the frame ahead
   * of it and runs that frame again (the picture is drawn; the machine is as it was after it). False,
   * changing nothing, at the oldest frame kept.
   */
  back(): boolean {
    if (this.count < 2) return false;
    const cap = this.starts.length;
    this.count--;
    this.newestFrame--;
    // The forgotten snapshot's bytes are the next one's; after a wrap that is 0, with nothing after it.
    this.writeAt = this.starts[(this.oldest + this.count) % cap];
    const prev = (this.oldest + this.count - 1) % cap;
    const start = this.starts[prev];
    this.machine.restoreSnapshot(this.bytes, BETWEEN_FRAMES, start, start + this.lengths[prev]);
    this.machine.runFrame();
    return true;
  }

  /** Makes room for `length` bytes at the write position (or at 0, past the end), dropping the oldest frames there. */
  private makeRoom(length: number): number {
    if (length > this.bytes.length) throw new RangeError(`a ${length}-byte snapshot is longer than the rewind buffer`);
    if (this.writeAt + length > this.bytes.length) {
      // Records past the write position are the lap before's, the oldest: they go with the wrap, so
      // the frames kept stay one unbroken stretch of time.
      while (this.count > 0 && this.starts[this.oldest] >= this.writeAt) this.dropOldest();
      this.writeAt = 0;
    }
    const end = this.writeAt + length;
    while (this.count > 0 && this.starts[this.oldest] >= this.writeAt && this.starts[this.oldest] < end)
      this.dropOldest();
    return this.writeAt;
  }

  private dropOldest(): void {
    this.oldest = (this.oldest + 1) % this.starts.length;
    this.count--;
  }
}

/** Where run-ahead puts its one snapshot: always at the buffer's start. */
const AT_START = (): number => 0;

export class RunAhead {
  private readonly saved: Uint8Array;

  constructor(
    readonly machine: Rewindable,
    longest: number,
  ) {
    this.saved = new Uint8Array(longest);
  }

  /**
   * After a real frame (its sound already taken): runs `frames` more with the inputs as they are, for
   * their picture, then puts the machine back as the real frame left it. The picture stays the last one
   * drawn; the sound those frames made is dropped with the restore.
   */
  show(frames: number): void {
    if (frames <= 0) return;
    const m = this.machine;
    const length = m.snapshotAt(this.saved, AT_START);
    for (let i = 0; i < frames; i++) m.runFrame();
    m.restoreSnapshot(this.saved, BETWEEN_FRAMES, 0, length);
  }
}
