/**
 * What no sender may choose in a turn by mail (issue 37): the first-player readout, and the result of
 * a battle they do not fight.
 *
 * In a signed game the readout's digit is drawn from every player's secret, committed to with their
 * call and revealed once all have called (draw.ts): nobody knows it while calling. In an unsigned game
 * it is drawn from the chain: SHA-256 over the hash of the turn before and the calls made, so every
 * player computes the same digit and no turn carries one of its own choosing, but the last caller can
 * work out, for each call they might make, the digit it would draw (an unsigned game has no private
 * key to derive a secret from, and anyone may write its turns in another player's name anyway).
 */
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import { shownName } from '../model/names.ts';
import { nameKey } from '../model/names.ts';
import { pendingBattle } from '../ports/battle-port.ts';
import { canonical, sha256Hex } from './hash.ts';
import { eventWords } from './seats.ts';

/** Whether the game waits for the readout: every player has called. */
export function readoutDue(s: GameState): boolean {
  return s.phase === 'first-player' && s.players.every((p) => Object.hasOwn(s.firstCalls, p.name));
}

/** The digit the readout must read in state `before`, or the sentence saying why none can be read yet. */
export type ReadoutOf = (before: GameState) => Promise<number | string>;

/** The readout's digit for a turn chained to `previous`, once the calls in `s` are all made. */
export async function mailReadout(previous: string, s: GameState): Promise<number> {
  const calls = Object.fromEntries(s.players.map((p) => [p.name, s.firstCalls[p.name] ?? null]));
  const hex = await sha256Hex(canonical({ readout: 'o2conquest.mail', previous, calls }));
  return parseInt(hex.slice(0, 8), 16) % 10;
}

/**
 * Why event `i` may not be sent by `sender`, given the state before it and the hash the turn chains
 * to: a battle's result not fought by the sender, or a readout other than the one drawn. Null when fine.
 */
export async function drawnProblem(
  e: GameEvent,
  i: number,
  before: GameState,
  sender: string,
  readout: ReadoutOf,
): Promise<string | null> {
  if (e.type === 'battle') {
    const battle = pendingBattle(before);
    if (!battle) return null; // the rules refused it already
    const { attacker, defender } = battle;
    if ([attacker.player, defender.player].some((p) => nameKey(p) === nameKey(sender))) return null;
    return `${eventWords(e, i)} is the result of ${shownName(attacker.player)} v ${shownName(defender.player)}'s battle, but this turn is ${shownName(sender)}'s: a battle's result comes from one of its two players (or the machine under their standing orders)`;
  }
  if (e.type === 'first.readout') {
    const digit = await readout(before);
    if (e.digit === digit) return null;
    if (typeof digit === 'string') return `${eventWords(e, i)} reads ${e.digit}, but ${digit}`;
    return `${eventWords(e, i)} reads ${e.digit}, but by mail the readout is drawn, not chosen: it is ${digit}`;
  }
  return null;
}
