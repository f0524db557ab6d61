/**
 * The battles a turn says the battle bots fought alone under standing orders (turn.ts, BotBattle),
 * checked on opening. Each must be a battle of the sender against an absent player whose standing
 * orders are "bot", with the seed the chain draws for it; and, given a machine, each is fought again
 * here in order, and the turn is refused when a result differs from the one it carries: a sender
 * cannot write the result they would have liked. A battle a person steered is not recorded, and is
 * taken as fought (it cannot be fought again); seats.ts still holds it to the battle's players.
 */
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import { nameKey, shownName } from '../model/names.ts';
import { runBattle } from '../machines/battle-chart.ts';
import type { BattleOutcome, BattleRequest } from '../ports/battle-port.ts';
import { pendingBattle } from '../ports/battle-port.ts';
import type { AbsentBattle, AbsentBattlePort } from './standing.ts';
import { battleSeed } from './standing.ts';
import type { StandingOrders, Turn } from './turn.ts';

export type BotBattlesChecked = { ok: true; refought: number } | { ok: false; error: string };

const fightWords = (r: BattleRequest): string =>
  `the battle ${shownName(r.attacker.player)} ${r.attacker.weapon} ${r.attacker.energy} v ${shownName(r.defender.player)} ${r.defender.weapon} ${r.defender.energy}`;

const outcomeWords = (o: BattleOutcome): string =>
  `${o.winner} wins, energy left ${o.energy.attacker} / ${o.energy.defender}`.replace(
    'both-destroyed wins',
    'both destroyed',
  );

/** The absent "bot" player the sender fought in `request`, with their level; or why the record is wrong. */
function absentOf(
  request: BattleRequest,
  sender: string,
  orders: Record<string, StandingOrders>,
): { battle: Pick<AbsentBattle, 'absent' | 'level'> } | { error: string } {
  const { attacker, defender } = request;
  const mine = (n: string): boolean => nameKey(n) === nameKey(sender);
  const absent = mine(attacker.player) ? defender.player : mine(defender.player) ? attacker.player : null;
  if (absent === null) return { error: `it is not ${shownName(sender)}'s battle` };
  const o = Object.entries(orders).find(([n]) => nameKey(n) === nameKey(absent))?.[1];
  if (o?.absent !== 'bot')
    return { error: `${shownName(absent)}'s standing orders do not have the battle bot fight it` };
  return { battle: { absent, level: o.level } };
}

/**
 * Checks `turn`'s bot battles against the game before it (`orders`, and `before`, the state before
 * each event) and, with `port`, fights each again. `sender` is the turn's sender as seated.
 */
export async function checkBotBattles(
  turn: Turn,
  sender: string,
  orders: Record<string, StandingOrders>,
  before: readonly GameState[],
  port?: AbsentBattlePort,
): Promise<BotBattlesChecked> {
  const records = turn.botBattles ?? [];
  const refused = (i: number, e: GameEvent, why: string): BotBattlesChecked => ({
    ok: false,
    error: `turn ${turn.number}: event ${i + 1} (${e.type}) is recorded as a battle the battle bots fought alone, but ${why}; the turn was refused`,
  });
  const due: AbsentBattle[] = [];
  for (const r of records) {
    const e = turn.events[r.event];
    const request = e.type === 'battle' ? pendingBattle(before[r.event]) : null;
    if (request === null) return refused(r.event, e, 'it is no battle');
    const who = absentOf(request, sender, orders);
    if ('error' in who) return refused(r.event, e, `${fightWords(request)}: ${who.error}`);
    if (r.seed !== battleSeed(turn.previous, r.event))
      return refused(r.event, e, `its seed ${r.seed} is not the one the chain draws for it`);
    due.push({ request, ...who.battle, present: sender, seed: r.seed, stick: r.stick });
  }
  if (!port) return { ok: true, refought: 0 };
  for (let i = 0; i < due.length; i++) {
    const b = due[i];
    const e = turn.events[records[i].event] as Extract<GameEvent, { type: 'battle' }>;
    let o: BattleOutcome;
    try {
      o = await runBattle(await port(b), b.request);
    } catch (err) {
      return {
        ok: false,
        error: `turn ${turn.number}: ${fightWords(b.request)} (event ${records[i].event + 1}, the battle bots' under ${shownName(b.absent)}'s standing orders) could not be fought again here: ${(err as Error).message}; the turn was refused`,
      };
    }
    if (o.winner !== e.winner || o.energy.attacker !== e.energy.attacker || o.energy.defender !== e.energy.defender) {
      return {
        ok: false,
        error: `turn ${turn.number}: ${fightWords(b.request)} (event ${records[i].event + 1}, fought by the battle bots under ${shownName(b.absent)}'s standing orders, ${shownName(sender)}'s at ${records[i].stick}) was fought again here and ended "${outcomeWords(o)}", not "${outcomeWords(e)}" as the turn says; the turn was refused`,
      };
    }
  }
  return { ok: true, refought: due.length };
}
