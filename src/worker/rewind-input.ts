/**
 * The page's rewind input as the frame loop reads it (issue 24's rewind): held while running, the machine
 * goes back instead of on, one frame per frame due, two at double speed, without sound (what was queued is
 * cut as it goes down); pressed while paused, one frame back per press. Never in a network battle.
 */
import type { ConsoleSession } from './session.ts';
import { SNAPSHOT_REWIND } from './protocol.ts';

export class RewindInput {
  /** The rewind input was held at the last frame (its sound was cut when it went down). */
  private held = false;

  /** Goes back `frames` frames while `snapshot` holds the rewind input; true when it did (no frame ran forward). */
  step(s: ConsoleSession, snapshot: Uint8Array, frames: number, cutSound: () => void): boolean {
    const speed = s.netplay ? 0 : snapshot[SNAPSHOT_REWIND];
    const held = speed === 1 || speed === 2;
    if (held && !this.held) cutSound();
    this.held = held;
    if (!held) return false;
    for (let i = 0; i < frames * speed && s.rewindFrame(); i++) {
      /* one frame back, its picture drawn again */
    }
    return true;
  }

  /** Whether the input from `before` to `after` pressed the rewind input (a step back while paused). */
  static pressed(before: Uint8Array, after: Uint8Array): boolean {
    return before[SNAPSHOT_REWIND] === 0 && after[SNAPSHOT_REWIND] !== 0;
  }
}
