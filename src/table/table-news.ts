/**
 * What the table says only while it holds (issue 35: old result texts stayed into the next war, "The console
 * goes on from its autosave" stayed for good). A text is news from one moment of the game: the game's step
 * (its log's length) and the battle's stage when it was said; once either moves on, it is cleared. And
 * "Legal now" at the table, from the same moment.
 */
import { enterPresser, tableLegalNow, type BattleStage, type LegalAction } from '../../board/index.ts';
import type { ViewState } from '../board-view/types.ts';
import type { BattleDriver } from './battle-driver.ts';

/** Stages in which the battle has moved on from where a reload took it up (a new one programmed, one ended). */
const MOVED_ON: ReadonlySet<BattleStage> = new Set(['programming', 'confirm', 'result', 'readout']);

export class TableNews {
  /** The game's step at which the driver's result was first shown. */
  private resultAt: number | null = null;
  /** A message that holds until the game or the battle moves on, and the game's step it was said at (once resumed). */
  private note: { text: string; log: number | null } | null = null;

  /** Whether the driver's result is still the game's last news: no step since it was recorded. */
  resultHolds(view: ViewState, stage: BattleStage): boolean {
    if (stage !== 'result') this.resultAt = null;
    else this.resultAt ??= view.log.length;
    return this.resultAt === view.log.length;
  }

  /** `text` holds until the game (as resumed) takes a step or the battle moves on. */
  noted(text: string): void {
    this.note = { text, log: null };
  }

  /** The noted text once it no longer holds (then forgotten: it is cleared once), else null. */
  stale(view: ViewState, stage: BattleStage, resumed: boolean): string | null {
    const note = this.note;
    if (!note || !resumed) return null;
    note.log ??= view.log.length;
    if (note.log === view.log.length && !MOVED_ON.has(stage)) return null;
    this.note = null;
    return note.text;
  }
}

/**
 * "Legal now" at the table: a result the game has moved on from is no longer the moment (the table is ready
 * for the next battle); ENTER's presser is named as the war panel names them.
 */
export function legalNowAt(
  legal: LegalAction[],
  view: ViewState,
  driver: BattleDriver,
  holds: boolean,
  computer: (name: string) => boolean,
): string {
  const stage = driver.state.stage === 'result' && !holds ? 'ready' : driver.state.stage;
  const req = driver.state.request;
  const seated = view.players.filter((p) => !p.eliminated).map((p) => p.name);
  const attacker = legal.some((a) => a.type === 'battle')
    ? (view.war?.attacker ?? view.endgame?.match?.attacker ?? null)
    : null;
  return tableLegalNow(legal, {
    stage,
    computer,
    attacker,
    enterBy: req ? enterPresser(req.attacker.player, req.defender.player, seated, computer).words : null,
  });
}
