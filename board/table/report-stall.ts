/**
 * A battle between two guests whose reporting guest stopped reporting (issue 34): the host's machine runs
 * only the frames the left guest reports (remote-host.ts, relay-witness.ts), so a guest whose browser still
 * answers the table's pings but sends no report leaves the host at the battle for good. Once its report has
 * not moved on for the presence time, it counts as away does: the battle says it waits for that guest's
 * fighter, and after the away time-out the host is offered the seat (the computer plays it, or the battle
 * is fought again).
 */
import type { AwayFighter } from './remote-battle.ts';

/** How long a relay's report may stand still before its guest counts as stalled: the time presence counts a silent guest gone. */
export const REPORT_STALL_MS = 5_000;

/** A seat whose guest stopped reporting the battle it fights, with how long (as TableHost.overdue gives an away guest's). */
export interface StalledSeat {
  player: string;
  name: string;
  awayMs: number;
  stalled: true;
}

/** When the reporting guest's report last moved on, and whether it counts as stalled. */
export class ReportStall {
  /** The frame the reports reached (the first not reported yet). */
  private end = 0;
  private movedAt: number;
  /** When the report counted as stalled (REPORT_STALL_MS after it last moved on), or null. */
  private stalledAt: number | null = null;

  constructor(private readonly now: () => number) {
    this.movedAt = now();
  }

  /** The relay starts (again, a new epoch): nothing reported yet, the time counted from now. */
  begin(): void {
    this.end = 0;
    this.movedAt = this.now();
    this.stalledAt = null;
  }

  /** A report of this epoch reaching frame `end` (its from + its pairs). True: it cleared a stall (the panel redraws). */
  reported(end: number): boolean {
    if (end <= this.end) return false;
    this.end = end;
    this.movedAt = this.now();
    const was = this.stalledAt !== null;
    this.stalledAt = null;
    return was;
  }

  /**
   * The periodic look (while a relay runs). `excused`: a fighter's browser is away, which holds both
   * machines at the prediction window and so the report too (that guest is the one waited for, not the
   * reporter): the time counts from now. True: the reporter just counted as stalled.
   */
  check(excused: boolean): boolean {
    const now = this.now();
    if (excused) {
      this.movedAt = now;
      const was = this.stalledAt !== null;
      this.stalledAt = null;
      return was;
    }
    if (this.stalledAt !== null || now - this.movedAt < REPORT_STALL_MS) return false;
    this.stalledAt = this.movedAt + REPORT_STALL_MS;
    return true;
  }

  /** How long the reporter has counted as stalled (ms), or null while its report moves on. */
  stalledMs(): number | null {
    return this.stalledAt === null ? null : this.now() - this.stalledAt;
  }
}

/** The fighters of a battle held by a stalled reporter, as away fighters (without those away already). */
export function withStalled(away: readonly AwayFighter[], stalled: readonly StalledSeat[]): AwayFighter[] {
  const more = stalled.filter((s) => !away.some((a) => a.player === s.player));
  return [...away, ...more.map(({ player, name }) => ({ player, name, stalled: true }))];
}
