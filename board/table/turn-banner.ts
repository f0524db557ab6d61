/**
 * The turn banner beside the console during a war's battle (issue 35, the table for people): whose battle
 * it is and how each of them steers ("Bob: your battle — W A S D, Left Shift", or the on-screen stick on a
 * touch screen), and while the console waits for ENTER, who presses it. People sharing one keyboard or one
 * tablet read at a glance which hand control is theirs, without looking for the legend under the picture.
 * At a remote table, while a fighter's browser is away, it says the battle waits for them (battle-words.ts).
 * Pure: the page gives the battle's stage, both sides and how they steer here.
 */
import type { BattleStage } from '../machines/battle-chart.ts';
import type { EnterPresser } from './table-moment.ts';
import { battleWaitsWords } from './battle-words.ts';

/** One hand control in the battle and who holds it. */
export interface BannerSide {
  player: string;
  /** How a person here steers it: their keys ("W A S D, Left Shift") or "the on-screen right stick". */
  how: string;
  /** Who steers it: a person at this screen, the computer, or a person at another browser (remote table). */
  by: 'person' | 'computer' | 'elsewhere';
  /** A remote table: the name of the guest whose browser holds this seat while it is away (the battle waits for it). */
  away?: string | null;
}

export interface BannerMoment {
  stage: BattleStage;
  /** The left (red) and right (blue) hand controls. */
  left: BannerSide;
  right: BannerSide;
  /** Who presses ENTER for this battle (enterPresser). */
  enter: EnterPresser;
  /** How ENTER is pressed at this screen: "the Enter key" or "the on-screen ENTER". */
  enterHow: string;
}

export interface BannerWords {
  /** What the console waits for now. */
  headline: string;
  /** One line a control, left (red) first. */
  sides: string[];
}

/** The stages in which a battle is on the console: the banner shows only then (ready and result have their panel). */
const SHOWN: ReadonlySet<BattleStage> = new Set(['programming', 'enter', 'fighting']);

function sideLine(side: BannerSide, where: string): string {
  switch (side.by) {
    case 'computer':
      return `${side.player} (${where}): the computer steers`;
    case 'elsewhere':
      return side.away
        ? `${side.player} (${where}): steers at their own browser, away now`
        : `${side.player} (${where}): steers at their own browser`;
    case 'person':
      return `${side.player}: your battle — ${side.how} (${where})`;
  }
}

/** The banner's words for the moment, or null when no battle is on the console (the banner is hidden). */
export function turnBannerWords(m: BannerMoment): BannerWords | null {
  if (!SHOWN.has(m.stage)) return null;
  const sides = [sideLine(m.left, 'left, red'), sideLine(m.right, 'right, blue')];
  const names = `${m.left.player} against ${m.right.player}`;
  const away = [m.left, m.right].flatMap((s) => (s.away ? [{ player: s.player, name: s.away }] : []));
  // A fighter's browser away: the battle holds where it is, whatever the console waited for, and the banner says so.
  const waits = battleWaitsWords(away, true);
  // A headline, not a sentence: no full stop, as the banner's others.
  if (waits) return { headline: `${names}: ${waits[0].toLowerCase()}${waits.slice(1, -1)}`, sides };
  switch (m.stage) {
    case 'programming':
      return { headline: `${names}: the companion types the battle into the console`, sides };
    case 'enter': {
      const by = m.enter;
      const headline = by.person
        ? `${by.words[0].toUpperCase()}${by.words.slice(1)} presses ENTER: ${m.enterHow}`
        : `${by.words[0].toUpperCase()}${by.words.slice(1)} presses ENTER in a moment`;
      return { headline, sides };
    }
    default:
      return { headline: `${names}: the battle is on`, sides };
  }
}
