/**
 * The moves made on the board since the last turn by mail: every game event the engine applied (the
 * controller's `onStep`), each with the state after it, starting from the game as the last turn left it.
 * An undo goes back to an earlier entry's state and a move from there drops the entries after it, so the
 * events of a turn are always the path from the last turn to the board as it stands.
 */
import { applyEvent } from '../rules/apply.ts';
import { canonical } from '../mail/index.ts';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';

interface Entry {
  event: GameEvent;
  after: GameState;
}

/**
 * Whether two states are one game for a turn: the same object, or the same content. The banker's
 * hand-over note is left aside: an undo turns it round without changing the game.
 */
export function sameGame(a: GameState, b: GameState): boolean {
  if (a === b) return true;
  try {
    return canonical({ ...a, lastTransfers: null }) === canonical({ ...b, lastTransfers: null });
  } catch {
    return false;
  }
}

export class MailJournal {
  private entries: Entry[] = [];

  /** From `base` (the game after the last turn), with `events` kept from before a reload replayed on it. */
  constructor(
    readonly base: GameState,
    events: readonly GameEvent[] = [],
  ) {
    let s = base;
    for (const e of events) {
      const r = applyEvent(s, e);
      // A stored event the rules refuse now ends what is known: the moves after it are not trusted.
      if (!r.ok) break;
      s = r.state;
      this.entries.push({ event: e, after: s });
    }
  }

  /** Every event known since the last turn (those undone but still redoable too). */
  get events(): GameEvent[] {
    return this.entries.map((e) => e.event);
  }

  /** The entry whose state is `s` (-1: the base), or null when no known move leads to it. */
  private at(s: GameState): number | null {
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i].after === s) return i;
    if (s === this.base) return -1;
    // After a reload or an undo the board's state is a copy: compared by content, newest first.
    for (let i = this.entries.length - 1; i >= 0; i--) if (sameGame(this.entries[i].after, s)) return i;
    return sameGame(this.base, s) ? -1 : null;
  }

  /** The engine applied `event` to `before`: kept, unless `before` is no game these moves reach (then false). */
  step(event: GameEvent, before: GameState, after: GameState): boolean {
    const i = this.at(before);
    if (i === null) return false;
    this.entries.length = i + 1;
    this.entries.push({ event, after });
    return true;
  }

  /** The events from the last turn to `now`, or null when the board is at a game these moves do not reach. */
  eventsTo(now: GameState): GameEvent[] | null {
    const i = this.at(now);
    return i === null ? null : this.entries.slice(0, i + 1).map((e) => e.event);
  }
}
