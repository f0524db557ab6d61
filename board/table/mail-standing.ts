/**
 * Standing orders "bot" at the table: while a turn is played here, a battle against an absent player
 * whose orders are "bot" is fought on this table's console, their control held by the battle bot at
 * their level, and their weapons are the ones board/mail's standing orders choose. The turn is then
 * made by sendTurn as everywhere: the absent player's weapons are left to the standing orders (which
 * choose the same ones, from the same seed), and each battle's outcome is the one fought here, handed
 * to the battle chart through the port sendTurn fights absent players' battles on.
 */
import { applyEvent } from '../rules/apply.ts';
import { pendingBattle } from '../ports/battle-port.ts';
import { sendTurn } from '../mail/index.ts';
import type { BattleOutcome, BattleRequest } from '../ports/battle-port.ts';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Level } from '../ai/index.ts';
import type { MailGame, Sent, StandingOrders } from '../mail/index.ts';

/** The level of `name`'s battle bot when they are away (not `me`) with orders "bot", else null. */
export function botLevel(game: MailGame, me: string, name: string): Level | null {
  const o = game.orders[name];
  return name !== me && o?.absent === 'bot' ? o.level : null;
}

/**
 * `events` (the board's, since the last turn) without what the standing orders make in sendTurn
 * (the absent "bot" players' weapons and the battles against them), and those battles' outcomes in order.
 */
export function splitStanding(
  game: MailGame,
  me: string,
  events: readonly GameEvent[],
): { kept: GameEvent[]; outcomes: BattleOutcome[] } {
  const kept: GameEvent[] = [];
  const outcomes: BattleOutcome[] = [];
  let s: GameState = game.state;
  for (const e of events) {
    const fight = e.type === 'battle' ? pendingBattle(s) : null;
    const absentFight =
      fight !== null &&
      (botLevel(game, me, fight.attacker.player) !== null || botLevel(game, me, fight.defender.player) !== null);
    if (e.type === 'battle' && absentFight) outcomes.push({ winner: e.winner, energy: { ...e.energy } });
    else if (!(e.type === 'weapon' && botLevel(game, me, e.player) !== null)) kept.push(e);
    const r = applyEvent(s, e);
    if (!r.ok) break;
    s = r.state;
  }
  return { kept, outcomes };
}

export type StandingSend =
  | { ok: true; sent: Extract<Sent, { ok: true }> }
  /** A battle against an absent "bot" player is due and not fought yet: `due` is it, weapons chosen. */
  | { ok: false; error: string; due: BattleRequest | null };

/** sendTurn with the board's events, the battles against absent "bot" players as fought at this table. */
export async function sendWithStanding(
  game: MailGame,
  me: string,
  events: readonly GameEvent[],
  orders: StandingOrders,
  /** The sender's private key in a signed game (mail-keys.ts): the turn is signed with it. */
  privateKey?: string,
): Promise<StandingSend> {
  const { kept, outcomes } = splitStanding(game, me, events);
  let due: BattleRequest | null = null;
  const sent = await sendTurn(game, me, kept, {
    orders,
    ...(privateKey === undefined ? {} : { privateKey }),
    battles: (b) => ({
      fight: (request) => {
        const o = outcomes.shift();
        if (o) return Promise.resolve(o);
        due = request;
        return Promise.reject(
          new Error(
            `the battle ${request.attacker.player} v ${request.defender.player} is due, and ${b.absent}'s battle bot (${b.level}) fights it: program it and fight it on the console first`,
          ),
        );
      },
    }),
  });
  return sent.ok ? { ok: true, sent } : { ok: false, error: sent.error, due };
}

/**
 * The weapons the absent "bot" players' standing orders choose next on a board at `now` (reached by
 * `events` since the last turn), as sendTurn would choose them: none outside a war or match with such a
 * player. `pending`: whether the board already waits for a battle (both weapons chosen).
 */
export async function botWeaponsDue(
  game: MailGame,
  me: string,
  orders: StandingOrders,
  now: GameState,
  events: readonly GameEvent[],
  pending: boolean,
  privateKey?: string,
): Promise<Extract<GameEvent, { type: 'weapon' }>[]> {
  const match = now.endgame?.match;
  const fighting = now.war ? [...now.war.attackers, ...now.war.defenders] : match ? [match.a, match.b] : [];
  if (!fighting.some((n) => botLevel(game, me, n) !== null)) return [];
  // A dry run of the turn: a signed game's needs the sender's key, or it is refused unsigned and chooses nothing.
  const made = await sendWithStanding(game, me, events, orders, privateKey);
  let todo: GameEvent[] = [];
  if (made.ok) todo = made.sent.turn.events.slice(events.length);
  else if (made.due && !pending) {
    // The battle due needs the absent player's weapon on the board first: the one the dry run chose.
    const { attacker: a, defender: d } = made.due;
    const side = botLevel(game, me, a.player) !== null ? a : d;
    todo = [{ type: 'weapon', player: side.player, weapon: side.weapon }];
  }
  const out: Extract<GameEvent, { type: 'weapon' }>[] = [];
  for (const e of todo) {
    if (e.type !== 'weapon' || botLevel(game, me, e.player) === null) break;
    out.push(e);
  }
  return out;
}
