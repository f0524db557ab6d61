/**
 * Rewind and run-ahead for the console's machine (rom-core/machine/rewind.ts), as the page sets them:
 * a ring of the last `rewindSeconds` of frames, recorded before each frame the session runs, and
 * 0-2 frames run ahead of each picture shown. Kept beside the session so it stays platform-free and
 * testable in Node; the worker host decides when to go back (the rewind input held) and when to run
 * ahead (before a picture is posted).
 */
import { RewindRing, RunAhead, snapshotBound } from '../../rom-core/machine/index.ts';
import type { Odyssey2 } from '../../rom-core/machine/index.ts';
import type { FrameStarts } from '../../rom-core/debugger/index.ts';
import type { TimeTravelSettings } from './protocol.ts';

/** The longest rewind kept: 5 minutes (a 55 MB buffer). */
export const MAX_REWIND_SECONDS = 300;
export const MAX_RUN_AHEAD = 2;

export class TimeTravel implements FrameStarts {
  private ring: RewindRing | null = null;
  private ahead: RunAhead | null = null;
  private runAheadFrames = 0;
  private longest = 0;

  constructor(
    private readonly machine: Odyssey2,
    private readonly frameRate: number,
  ) {}

  /** Applies the page's settings; a new rewind length starts an empty ring. Out-of-range values are clamped. */
  configure(settings: TimeTravelSettings): void {
    const seconds = Math.max(0, Math.min(MAX_REWIND_SECONDS, Number(settings.rewindSeconds) || 0));
    const frames = Math.round(seconds * this.frameRate);
    if (frames !== (this.ring?.capacity ?? 0)) {
      this.ring = frames >= 2 ? new RewindRing(this.machine, { frames, longest: this.bound() }) : null;
    }
    this.runAheadFrames = Math.max(0, Math.min(MAX_RUN_AHEAD, Math.round(Number(settings.runAhead) || 0)));
    if (this.runAheadFrames > 0) this.ahead ??= new RunAhead(this.machine, this.bound());
  }

  /** The longest snapshot, worked out once (it allocates a snapshot). */
  private bound(): number {
    this.longest ||= snapshotBound(this.machine);
    return this.longest;
  }

  /** Frames the machine can go back now. */
  get depth(): number {
    return Math.max(0, (this.ring?.depth ?? 0) - 1);
  }

  get runAhead(): number {
    return this.runAheadFrames;
  }

  /** The machine is about to run a frame, its inputs set: kept for rewind. */
  record(): void {
    this.ring?.record();
  }

  /** One frame back, picture redrawn; false at the oldest frame kept or with rewind off. */
  back(): boolean {
    return this.ring?.back() ?? false;
  }

  /** The snapshot taken before frame `frame` ran, for the debugger's step back. */
  startOf(frame: number): Uint8Array | undefined {
    return this.ring?.startOf(frame);
  }

  /** The debugger stepped back into frame `frame`: the later frames kept are forgotten. */
  forgetAfter(frame: number): void {
    this.ring?.forgetAfter(frame);
  }

  /** After a real frame whose sound was taken: the picture of the frames run ahead, the machine as it was. */
  showAhead(): void {
    this.ahead?.show(this.runAheadFrames);
  }

  /** Forgets every frame kept (a state loaded: the frames before it are another story). */
  clear(): void {
    this.ring?.clear();
  }
}
