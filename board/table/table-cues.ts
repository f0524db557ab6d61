/**
 * The table's sound cues (issue 35: feedback where the person looks, and where they do not): "your turn"
 * when the turn passes to a person at this table, and "won" when a battle is recorded that a person at
 * this table won. What was already there when the page opened sounds nothing (a reload is not news).
 * Pure: the page plays the cue (with the sound settings).
 */
import type { PublicState } from '../rules/public-state.ts';

export type TableCue = 'turn' | 'won';

type CueView = Pick<PublicState, 'turn' | 'war' | 'lastWar'>;

/** The newest battle recorded, who won it (null: both destroyed), and a key that changes with each battle. */
function newestBattle(view: CueView): { key: string; winner: string | null } | null {
  const war = view.war;
  const w = war?.battles.length ? war : view.lastWar;
  const last = w?.battles.at(-1);
  if (!w || !last) return null;
  const winner = last.winner === 'attacker' ? w.attacker : last.winner === 'defender' ? w.defender : null;
  // A war under way by its battles so far; a decided one by the log line of its deciding battle.
  const key = w === war ? `war ${w.country} ${w.attacker} ${w.battles.length}` : `decided ${view.lastWar?.step}`;
  return { key, winner };
}

export class TableCues {
  private turn: string | null | undefined;
  private battle: string | null | undefined;

  /** The cues a new view brings (none the first time: the page just opened). `person`: a person plays here. */
  seen(view: CueView, person: (name: string) => boolean): TableCue[] {
    const cues: TableCue[] = [];
    const newest = newestBattle(view);
    const key = newest?.key ?? null;
    if (this.battle !== undefined && key !== null && key !== this.battle && newest?.winner && person(newest.winner))
      cues.push('won');
    if (this.turn !== undefined && view.turn !== null && view.turn !== this.turn && person(view.turn))
      cues.push('turn');
    this.battle = key;
    this.turn = view.turn;
    return cues;
  }
}
