/**
 * A turn carries its sender's moves only: an event naming another player is refused, except what no
 * player does (a battle's result, the first-player readout, the end game's start, the clock) and what
 * an absent player's standing orders did in their place (their weapon, chosen by the computer player
 * at their level when their orders are "bot"). A battle's result and the readout name no player, and
 * are checked against the game instead (readout.ts): the result only from one of the battle's two
 * players, the readout only the digit the chain draws.
 */
import type { GameEvent } from '../model/events.ts';
import { nameKey, shownName } from '../model/names.ts';
import type { StandingOrders } from './turn.ts';

/** A short name for event `i` in a sentence: "event 3 (pass by Bob)". */
export function eventWords(e: GameEvent, i: number): string {
  const who = 'player' in e ? ` by ${shownName(e.player)}` : '';
  const what = 'country' in e ? ` on ${shownName(e.country)}` : 'weapon' in e ? ` (${shownName(e.weapon)})` : '';
  return `event ${i + 1} (${e.type}${who}${what})`;
}

/** Why event `i` is not the sender's to send, or null. `orders` are the players' standing orders before the turn. */
export function seatProblem(
  e: GameEvent,
  i: number,
  sender: string,
  orders: Record<string, StandingOrders>,
): string | null {
  const mine = (n: string): boolean => nameKey(n) === nameKey(sender);
  if ('player' in e && !mine(e.player)) {
    const absent = Object.entries(orders).find(([n]) => nameKey(n) === nameKey(e.player))?.[1];
    if (e.type === 'weapon' && absent?.absent === 'bot') return null;
    return `${eventWords(e, i)} is ${shownName(e.player)}'s move, but this turn is ${shownName(sender)}'s: a turn carries its sender's moves only`;
  }
  if ('players' in e) {
    const names = e.type === 'setup' ? e.players.map((p) => p.name) : e.players;
    const other = names.find((n) => !mine(n));
    if (other !== undefined) {
      return `${eventWords(e, i)} names ${shownName(other)} too: it needs both players at the table, and a turn by mail carries its sender's moves only`;
    }
  }
  return null;
}
