/**
 * What sits with the table's picture for the people playing: on a touch screen the on-screen ENTER,
 * SPACE and both sticks (src/input/table-touch.ts), and during a war's battle the turn banner (issue 35):
 * whose battle it is, each person's control in their seat's colour (keys, or the on-screen stick on touch),
 * and at the entry who presses ENTER. The banner's words are the board's (`turnBannerWords`); this owns
 * only its element, the touch panel and their listeners, so the page only tells it the moment.
 */
import { h } from '../platform/h.ts';
import { keyLabel } from '../input/keymap.ts';
import type { JoyKey, StickName } from '../input/keymap.ts';
import { createTableTouch } from '../input/table-touch.ts';
import { enterPresser, turnBannerWords } from '../../board/index.ts';
import type { BannerSide, BattleStage } from '../../board/index.ts';
import type { InputRouter } from '../machine/input-router.ts';

/** Who steers a seat other than a person at this screen. */
export interface TablePlaySeats {
  computer(name: string): boolean;
  /** A seat held at another browser (the remote table). */
  elsewhere(name: string): boolean;
  /** The guest's name whose browser holds the seat while it is away (the battle waits for it), or null. */
  away(name: string): string | null;
}

/** The battle the table is at: its two sides, the players still seated (rule 11D), and whether the attacker holds the left control. */
export interface PlayFight {
  attacker: string;
  defender: string;
  seated: string[];
  attackerLeft: boolean;
}

/** "W A S D, Left Shift": a control's steering keys and its fire key, short enough for the banner. */
function keysShort(keys: Readonly<Record<JoyKey, string>>, stick: StickName): string {
  const moves = (['UP', 'LEFT', 'DOWN', 'RIGHT'] as const).map((a) => keyLabel(keys[`${stick}_${a}`])).filter(Boolean);
  return [moves.join(' '), keyLabel(keys[`${stick}_FIRE`])].filter(Boolean).join(', ') || 'no keys';
}

export class TablePlay {
  /** A polite live region, empty (and so taking no room) while no battle is on the console. */
  readonly banner = h('div', { class: 'tb-turn', id: 'table-turn', role: 'status', 'aria-live': 'polite' });
  private readonly touch = matchMedia('(pointer: coarse)').matches;
  private readonly cleanups: (() => void)[] = [];
  private shown = '';

  /** `screen`: the picture's element, already in the page; the banner (and the touch panel) go with it. */
  constructor(
    screen: HTMLElement,
    private readonly input: InputRouter,
    private readonly seats: TablePlaySeats,
  ) {
    screen.after(this.banner);
    if (!this.touch) return;
    // A touch screen: the controls under the picture (or at its sides on a wide screen).
    const panel = createTableTouch((name, down) => input.touchKey(name, down, false));
    const play = h('div', { class: 'tb-play' });
    screen.replaceWith(play);
    play.append(screen, panel.element);
    window.addEventListener('blur', panel.releaseAll);
    this.cleanups.push(() => window.removeEventListener('blur', panel.releaseAll));
  }

  /** The battle's stage and its sides now (null outside a war's or a match's battle). */
  update(stage: BattleStage, fight: PlayFight | null): void {
    const side = (player: string, left: boolean): BannerSide => {
      // The console's swap exchanges the keyboard's sticks; the on-screen sticks name their control themselves.
      const stick: StickName = left !== this.input.swap ? 'J0' : 'J1';
      const how = this.touch ? `the on-screen ${left ? 'left' : 'right'} stick` : keysShort(this.input.keys(), stick);
      const by = this.seats.computer(player) ? 'computer' : this.seats.elsewhere(player) ? 'elsewhere' : 'person';
      return { player, how, by, away: by === 'elsewhere' ? this.seats.away(player) : null };
    };
    const words = fight
      ? turnBannerWords({
          stage,
          left: side(fight.attackerLeft ? fight.attacker : fight.defender, true),
          right: side(fight.attackerLeft ? fight.defender : fight.attacker, false),
          enter: enterPresser(fight.attacker, fight.defender, fight.seated, (n) => this.seats.computer(n)),
          enterHow: this.touch ? 'the on-screen ENTER' : "the Enter key or a gamepad's Start",
        })
      : null;
    const key = words ? [words.headline, ...words.sides].join('\n') : '';
    // Rewritten only when the words change: a live region read out again at every redraw would drown the table.
    if (key === this.shown) return;
    this.shown = key;
    this.banner.dataset.stage = words ? stage : '';
    if (!words) {
      this.banner.replaceChildren();
      return;
    }
    const [red, blue] = words.sides;
    this.banner.replaceChildren(
      h('p', { class: 'tb-turn-head', 'data-turn': 'head' }, words.headline),
      h('p', { class: 'tb-red', 'data-turn': 'left' }, red),
      h('p', { class: 'tb-blue', 'data-turn': 'right' }, blue),
    );
  }

  destroy(): void {
    for (const c of this.cleanups) c();
    this.banner.remove();
  }
}
