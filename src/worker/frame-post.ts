/**
 * Which of the running machine's frames are posted to the page. At rest (SELECT GAME, a readout waiting for a
 * key) a frame posted 60 times a second with nothing new in it cost the page's thread a message and its handlers
 * each time, and the worker a copy of the mailbox and a structured clone (issue 38: the table at rest). A frame
 * goes to the page when its picture differs from the last sent (frame-change.ts), when its external RAM (the
 * battle cartridge's mailbox, which the page's waits read) differs, when something on the page waits for it (a
 * typed key's last frame), or when HEARTBEAT frames went by unsent: the page's frame number (data-frame, the
 * probe, frameShown) still moves on while the machine runs, a few times a second instead of 60. Frames the page
 * asked for (a step, a boot, a state loaded) are always posted.
 */
import { FrameChange } from './frame-change.ts';

/** Frames run unsent before one is posted anyway (a quarter of a second at 60 Hz). */
export const HEARTBEAT = 15;

/** What to post for a frame: nothing, the frame without its picture (the page keeps the one it has), or with it. */
export type FramePosting = 'none' | 'unchanged' | 'picture';

/** Whether two byte arrays hold the same bytes (the mailbox, the page's input snapshot). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class FramePost {
  private readonly pictures = new FrameChange();
  /** The external RAM as last posted; none before the first post. */
  private eram: Uint8Array | undefined;
  private unsent = 0;
  private owed = false;

  /** Something on the page waits for the next frame run (a typed key's wait settled in it): it is posted. */
  owe(): void {
    this.owed = true;
  }

  /** The page has lost what was sent (a new machine or video port): the next frame goes with its picture. */
  forget(): void {
    this.pictures.forget();
    this.eram = undefined;
  }

  /**
   * What to post for the frame now in `pixels` and `eram`; `always` for a frame the page asked for. Remembers the
   * picture and external RAM when they are posted. Allocates only for a new machine's sizes, never per frame.
   */
  decide(pixels: Uint8Array, eram: Uint8Array, always: boolean): FramePosting {
    const picture = this.pictures.changed(pixels);
    const eramChanged = this.eramChanged(eram);
    if (!picture && !eramChanged && !always && !this.owed && ++this.unsent < HEARTBEAT) return 'none';
    this.unsent = 0;
    this.owed = false;
    if (eramChanged) this.eram!.set(eram);
    return picture ? 'picture' : 'unchanged';
  }

  private eramChanged(eram: Uint8Array): boolean {
    if (this.eram && this.eram.length === eram.length) return !sameBytes(this.eram, eram);
    this.eram = new Uint8Array(eram.length);
    return true;
  }
}
