/**
 * The frame our battle cartridge ends a battle in (issue 35: a fought battle is never lost): it counts
 * battles in its mailbox as they end, so a new count is a result just on the screen. The worker saves the
 * machine at once then, not at its next once-a-second autosave: a page reloaded (or a worker lost) a moment
 * after a battle comes back to the result screen, which the table records, instead of up to a second
 * before the end, where the rest of the battle would be fought again with nobody steering.
 */
import { MAILBOX, MAILBOX_SIGNATURE } from '../../rom-core/roms/index.ts';

/** Frames between the worker's regular autosaves (one a second at 60 Hz). */
export const AUTOSAVE_EVERY = 60;

export class BattleEnd {
  /** The cartridge's battle count at the last frame, or -1 (not our cartridge, or not started). */
  private seen = -1;

  /** Whether the frame just run ended a battle (reads two bytes; allocates nothing). */
  ended(eram: Uint8Array): boolean {
    if (eram[MAILBOX.signature] !== MAILBOX_SIGNATURE) {
      this.seen = -1;
      return false;
    }
    const n = eram[MAILBOX.battles];
    const ended = this.seen >= 0 && n !== this.seen;
    this.seen = n;
    return ended;
  }

  /** The frame last saved: a network battle's display frame that ran nothing (a stall) leaves the machine at it. */
  private savedAt = -1;

  /**
   * Whether the frame just run is saved for the page: a regular autosave, or the end of a battle. In a
   * network battle `eram` is the last confirmed frame's mailbox (a predicted end is not an end).
   */
  autosaveDue(frameNumber: number, eram: Uint8Array): boolean {
    const ended = this.ended(eram);
    const due = ended || (frameNumber % AUTOSAVE_EVERY === 0 && frameNumber !== this.savedAt);
    if (due) this.savedAt = frameNumber;
    return due;
  }

  /** Saves `machine` through `post` when `autosaveDue` says so (post is made once: nothing allocated a frame). */
  autosave(
    machine: { readonly frameNumber: number; saveState(): Uint8Array },
    eram: Uint8Array,
    post: (state: Uint8Array, frame: number) => void,
  ): void {
    if (this.autosaveDue(machine.frameNumber, eram)) post(machine.saveState(), machine.frameNumber);
  }

  /** A state was loaded or the machine rebuilt: its count is not a battle ending. */
  forget(): void {
    this.seen = -1;
    this.savedAt = -1;
  }
}
