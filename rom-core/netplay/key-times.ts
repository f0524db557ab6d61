/**
 * When the sticks changed, for the key → other machine figure (issue 34): on each side, the wall-clock
 * time a local stick that differs from the frame before was read, and the time the machine first ran with
 * a changed stick of the other side (the frame run with it known, or, when it came after the frame ran on
 * a prediction, its arrival: the rollback runs it again on the next display frame). The netplay browser
 * bench matches one page's reads with the other's runs by frame; the clock is the epoch's milliseconds
 * (performance.timeOrigin + now), so two pages on one computer agree to within a millisecond or so.
 * Only the last KEPT of each are kept: a reader that asks every few seconds misses none.
 */

const KEPT = 256;

/** [frame, ms since the epoch] pairs, oldest first. */
export type KeyTimeList = [number, number][];

export interface KeyTimesFigures {
  read: KeyTimeList;
  ran: KeyTimeList;
}

const clock = (): number => performance.timeOrigin + performance.now();

class Ring {
  private readonly frames = new Float64Array(KEPT);
  private readonly times = new Float64Array(KEPT);
  private count = 0;

  add(frame: number, at: number): void {
    const i = this.count++ % KEPT;
    this.frames[i] = frame;
    this.times[i] = at;
  }

  list(): KeyTimeList {
    const out: KeyTimeList = [];
    for (let n = Math.max(0, this.count - KEPT); n < this.count; n++)
      out.push([this.frames[n % KEPT], this.times[n % KEPT]]);
    return out;
  }
}

export class KeyTimes {
  private readonly read = new Ring();
  private readonly ran = new Ring();
  /** Frames of the other side's changed sticks known before this side ran them: noted when they first run. */
  private readonly pending = new Set<number>();

  constructor(private readonly now: () => number = clock) {}

  /** This side read `stick` for `frame`, `before` for the frame before it. */
  localRead(frame: number, stick: number, before: number): void {
    if (stick !== before) this.read.add(frame, this.now());
  }

  /** The other side's stick for `frame` came and differs from the frame before's; `next` is the next frame to run here. */
  remoteChanged(frame: number, next: number): void {
    if (frame < next) this.ran.add(frame, this.now());
    else this.pending.add(frame);
  }

  /** `frame` ran (for the first time or again). */
  frameRan(frame: number): void {
    if (this.pending.size && this.pending.delete(frame)) this.ran.add(frame, this.now());
  }

  figures(): KeyTimesFigures {
    return { read: this.read.list(), ran: this.ran.list() };
  }
}
