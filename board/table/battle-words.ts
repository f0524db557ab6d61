import type { CartEnd } from '../../rom-core/roms/index.ts';
import { WAR_CHEST } from '../model/chips.ts';
import type { GameState } from '../model/game.ts';
import type { BattleOutcome, BattleRequest } from '../ports/battle-port.ts';
import type { Seating } from './machine-battle-port.ts';
import { WEAPON_WORDS } from './machine-battle-port.ts';

const COLOUR = { red: 'Red', blue: 'Blue' } as const;

/** A fighter whose browser is away (remote-battle.ts's AwayFighter): the player and the guest's name. */
interface Away {
  player: string;
  name: string;
  /** Its guest's browser answers but stopped reporting the battle (a relay's reporter): said so, not "away". */
  stalled?: boolean;
}

/** "Ann (Ann at home's browser is away)", each away fighter so, joined by "and". */
const awayList = (away: readonly Away[]): string =>
  away
    .map((a) => `${a.player} (${a.name}'s browser ${a.stalled ? 'stopped reporting the battle' : 'is away'})`)
    .join(' and ');

/**
 * A remote table's battle waiting for its fighters' browsers, in words, or null when none is away: under
 * way it waits where it is (both machines hold at the same frame), else it is programmed once they are back.
 */
export function battleWaitsWords(away: readonly Away[], underWay: boolean): string | null {
  if (away.length === 0) return null;
  const back = `${away.map((a) => a.player).join(' and ')} ${away.length > 1 ? 'are' : 'is'} back`;
  return underWay
    ? `The battle waits for ${awayList(away)}: it goes on once ${back}.`
    : `The battle waits for ${awayList(away)}: it is programmed once ${back}.`;
}

/**
 * The host's offer for a seat whose guest has been away `awayMs` (AWAY_OFFER_MS and more): how long, and
 * when the seat fights the battle the table is at, that the battle waits meanwhile (doing nothing waits).
 * `stalled`: the guest's browser answers but stopped reporting the battle for that long (report-stall.ts).
 */
export function awayOfferWords(awayMs: number, fights: boolean, stalled = false): string {
  const s = Math.round(awayMs / 1000);
  const away = stalled ? `stopped reporting ${s} s ago` : `away ${s} s`;
  return fights ? `(${away}; the battle waits meanwhile, or:)` : `(${away})`;
}

/**
 * A battle's outcome in words for the table, e.g. "Red (Ann) wins: Bob's tank was destroyed. Ann has
 * 2000 left, Bob has 1355 left. Ann wins the war for Canada and takes 1400 PBU in chips." The figures
 * after the battle come from the engine's state after the `battle` event (`after`), `before` is the
 * state it was applied to; `end` is how the cartridge says the battle ended, when known.
 */
export function describeBattle(
  request: BattleRequest,
  outcome: BattleOutcome,
  seating: Seating,
  before: GameState,
  after: GameState,
  end: CartEnd = 'none',
): string {
  const a = request.attacker;
  const d = request.defender;
  const colourOf = (player: string) => (seating.red === player ? 'red' : 'blue');
  const words: string[] = [];
  if (outcome.winner === 'both-destroyed') {
    words.push(`Both destroyed: ${a.player}'s ${WEAPON_WORDS[a.weapon]} and ${d.player}'s ${WEAPON_WORDS[d.weapon]}.`);
  } else {
    const win = outcome.winner === 'attacker' ? a : d;
    const lose = outcome.winner === 'attacker' ? d : a;
    const how = end === 'out-of-energy' ? 'ran out of energy' : 'was destroyed';
    words.push(
      `${COLOUR[colourOf(win.player)]} (${win.player}) wins: ${lose.player}'s ${WEAPON_WORDS[lose.weapon]} ${how}.`,
    );
  }
  words.push(`${a.player} has ${outcome.energy.attacker} left, ${d.player} has ${outcome.energy.defender} left.`);
  if (before.war && !after.war) {
    const country = before.war.country;
    const verdict = after.log
      .slice(before.log.length)
      .flatMap((l) => l.split('; '))
      .find((l) => l.endsWith(`wins the war for ${country}`));
    const paid = after.lastTransfers
      .filter((t) => t.from === WAR_CHEST)
      .map((t) => `${t.to} takes ${t.amount} PBU in chips`);
    if (verdict) words.push(`${[verdict.trim(), ...paid].join('; ')}.`);
  }
  return words.join(' ');
}
