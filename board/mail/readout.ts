/**
 * What no sender may choose in a turn by mail (issue 37): the first-player readout, and the result of
 * a battle they do not fight.
 *
 * The readout's digit is drawn from the chain: SHA-256 over the hash of the turn before and the calls
 * made, so every player computes the same digit and no turn carries one of its own choosing. It is
 * not beyond influence: the last caller can work out, for each digit they might call, the readout it
 * would draw, and pick their call accordingly (a round where every caller commits first and reveals
 * after would take that away; not done here).
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

/** The readout's digit for a turn chained to `previous`, once the calls in `s` are all made. */
export async function mailReadout(previous: string, s: GameState): Promise<number> {
  const calls = Object.fromEntries(s.players.map((p) => [p.name, s.firstCalls[p.name] ?? null]));
  const hex = await sha256Hex(canonical({ readout: 'o2conquest.mail', previous, calls }));
  return parseInt(hex.slice(0, 8), 16) % 10;
}

/**
 * Why event `i` may not be sent by `sender`, given the state before it and the hash the turn chains
 * to: a battle's result not fought by the sender, or a readout other than the chain's. Null when fine.
 */
export async function drawnProblem(
  e: GameEvent,
  i: number,
  before: GameState,
  sender: string,
  previous: string,
): Promise<string | null> {
  if (e.type === 'battle') {
    const battle = pendingBattle(before);
    if (!battle) return null; // the rules refused it already
    const { attacker, defender } = battle;
    if ([attacker.player, defender.player].some((p) => nameKey(p) === nameKey(sender))) return null;
    return `${eventWords(e, i)} is the result of ${shownName(attacker.player)} v ${shownName(defender.player)}'s battle, but this turn is ${shownName(sender)}'s: a battle's result comes from one of its two players (or the machine under their standing orders)`;
  }
  if (e.type === 'first.readout') {
    const digit = await mailReadout(previous, before);
    if (e.digit === digit) return null;
    return `${eventWords(e, i)} reads ${e.digit}, but by mail the readout is drawn from the chain, not chosen: it is ${digit}`;
  }
  return null;
}
