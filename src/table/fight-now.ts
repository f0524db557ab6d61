/**
 * Which battle the table's panel is about (the war or end-game match the game is at, or the war just
 * decided while its result is still the game's last step), whether the battle driver's stage and words
 * belong to it, and a guest's panel at a remote table. Moved out of page.ts, which lays the page out.
 */
import { el } from '../platform/dom.ts';
import type { BattleRequest } from '../../board/index.ts';
import type { NetGuest } from '../net/index.ts';
import type { ViewState } from '../board-view/types.ts';
import type { BattleDriver } from './battle-driver.ts';
import type { WarPanelFight } from './war-panel.ts';
import type { PlayFight } from './table-play.ts';

export type FightNow = Pick<WarPanelFight, 'attacker' | 'defender' | 'decided' | 'over' | 'energy' | 'choosing'> & {
  country: string | null;
};

/**
 * Who fights the battle the game is at (war or end-game confrontation), with the energy to program.
 * `resultHolds`: the game is still at the step the driver's result was recorded in (a decided war's last
 * battle is said until the game moves on, not through every turn after it).
 */
export function fightNow(view: ViewState, driver: BattleDriver, resultHolds: boolean): FightNow | null {
  if (view.war) {
    const { attacker, defender, weapons } = view.war;
    return {
      attacker,
      defender,
      country: view.war.country,
      decided: false,
      over: false,
      energy: view.war.energy,
      choosing: [weapons.attacker ? null : attacker, weapons.defender ? null : defender].filter(
        (n): n is string => n !== null,
      ),
    };
  }
  const m = view.endgame?.match;
  if (m && view.phase === 'endgame') {
    const defender = m.defender;
    return {
      attacker: m.attacker,
      defender,
      country: null,
      decided: false,
      over: false,
      energy: { attacker: m.energy[m.attacker] ?? 0, defender: m.energy[defender] ?? 0 },
      choosing: [m.attacker, defender].filter((n) => !(Object.hasOwn(m.weapons, n) && m.weapons[n])),
    };
  }
  // The war just ended: its last battle's words stay in view while they are the game's last news.
  if (driver.state.request && driver.state.stage === 'result' && (resultHolds || view.phase === 'over')) {
    const r = driver.state.request;
    return {
      attacker: r.attacker.player,
      defender: r.defender.player,
      country: r.country,
      decided: true,
      over: view.phase === 'over',
      energy: { attacker: r.attacker.energy, defender: r.defender.energy },
      choosing: [],
    };
  }
  return null;
}

/**
 * Whether the driver's last battle is the one the panel is about: the same battle, or the same war
 * while its next weapons are still to choose. Once the next battle's weapons are chosen, it is a new
 * battle to program (its button shows), the last one's words below it. Another war's (or match's) words
 * are said only while its result is the game's last step (`resultHolds`: an end-game confrontation's next
 * battle, the roles swapped); once the game has moved on, `lastLabel` is null and they are not shown.
 */
export function belongs(
  req: BattleRequest | null,
  fight: { attacker: string; defender: string; country: string | null },
  pending: BattleRequest | null,
  busy: boolean,
  resultHolds: boolean,
): { current: boolean; lastLabel: string | null } {
  const sameWar =
    req !== null &&
    req.attacker.player === fight.attacker &&
    req.defender.player === fight.defender &&
    req.country === fight.country;
  const current = sameWar && (pending === null || req.id === undefined || pending.id === req.id || busy);
  return { current, lastLabel: sameWar ? 'Last battle' : resultHolds ? "The last war's final battle" : null };
}

/** A guest's battle panel: the host programs the battle; this page steers its side once it runs. */
export function guestBattle(
  fight: FightNow | null,
  guest: NetGuest | null,
  waits: string | null = null,
): HTMLElement[] {
  if (!fight) return [];
  const mine = guest?.mine() ?? [];
  const plays = [fight.attacker, fight.defender].filter((p) => mine.includes(p));
  const battle = guest?.battle;
  const watching = guest?.watching;
  return [
    el(
      'div',
      { class: 'tb-guest-battle', id: 'table-guest-battle', 'data-watching': watching ? 'yes' : 'no' },
      el('p', {}, `${fight.attacker} attacks ${fight.defender}${fight.country ? ` in ${fight.country}` : ''}.`),
      el(
        'p',
        { class: 'tb-hint' },
        battle
          ? `The battle runs on this console in step with the host's: steer ${plays.join(' and ') || 'your side'} with your keys or pad.`
          : plays.length
            ? `${fight.choosing.length ? `Choose ${plays.join(' and ')}'s weapon on the board; ` : ''}the host's browser programs the battle, and it runs here too: you steer ${plays.join(' and ')}.`
            : watching
              ? 'The battle runs on this console as the players fight it (a moment behind them).'
              : "The host's browser programs this battle; you watch it here once it runs.",
      ),
      ...(waits ? [el('p', { class: 'tb-waits', 'data-battle-waits': '', role: 'status' }, waits)] : []),
    ),
  ];
}

/**
 * The turn banner's battle at a guest's page: only while this page fights it (its machine in step with the
 * host's), with the side it steers: side 0 is the left (red) control.
 */
export function guestPlay(fight: FightNow | null, guest: NetGuest | null, seated: string[]): PlayFight | null {
  const b = guest?.battle;
  if (!fight || !b) return null;
  const attackerHere = guest.mine().includes(fight.attacker);
  return { attacker: fight.attacker, defender: fight.defender, seated, attackerLeft: attackerHere === (b.side === 0) };
}
