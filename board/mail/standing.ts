/**
 * Standing orders at work while a turn is made: an absent player whose orders are "bot" has their
 * weapon chosen by the computer player at their level (board/ai) and their battles fought by the
 * battle bot on the emulated machine, through the battle chart like every battle (runBattle). An
 * absent player whose orders are "wait" keeps the battle for when both are online: nothing is done.
 */
import { decide, needsWeapon } from '../ai/decide.ts';
import type { Level } from '../ai/levels.ts';
import { seededRng } from '../ai/rng.ts';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import { runBattle } from '../machines/battle-chart.ts';
import type { BattleOutcome, BattlePort, BattleRequest } from '../ports/battle-port.ts';
import { battleEvent, pendingBattle } from '../ports/battle-port.ts';
import { legalActions } from '../rules/legal.ts';
import { publicState } from '../rules/public-state.ts';
import type { StandingOrders } from './turn.ts';

/** A battle the sender fights against an absent player whose standing orders are "bot". */
export interface AbsentBattle {
  request: BattleRequest;
  /** The absent player, and the level their battle bot plays at. */
  absent: string;
  level: Level;
  /** The player sending the turn. */
  present: string;
  /** A seed for this battle's bots, drawn from the chain: the same turn fights the same battle. */
  seed: number;
  /**
   * The level of the battle bot holding the present player's control, when the turn says so (a battle
   * fought again on opening, bot-battles.ts); else the port decides who holds it.
   */
  stick?: Level;
}

/** The seed of the standing orders' choices, drawn from the chain: the previous turn's hash. */
export const chainSeed = (previous: string): number => parseInt(previous.slice(0, 8), 16);

/** The seed of the battle bots in the battle that is event `n` of a turn after `previous`. */
export const battleSeed = (previous: string, n: number): number =>
  (chainSeed(previous) ^ Math.imul(n + 1, 0x85ebca6b)) >>> 0;

/** Where battles against an absent "bot" player are fought: the port the battle chart runs each one on. */
export type AbsentBattlePort = (battle: AbsentBattle) => BattlePort | Promise<BattlePort>;

export interface StandingContext {
  sender: string;
  orders: Record<string, StandingOrders>;
  /** The hash of the last turn applied: it seeds the choices and the bots (chainSeed, battleSeed). */
  previous: string;
  port?: AbsentBattlePort;
  onBattle?: (battle: AbsentBattle, outcome: BattleOutcome) => void;
}

/** The level of `name`'s bot when they are absent with orders "bot", else null. */
function botLevel(ctx: StandingContext, name: string): Level | null {
  const o = ctx.orders[name];
  return name !== ctx.sender && o?.absent === 'bot' ? o.level : null;
}

/**
 * The next event an absent player's standing orders make in `s`, or null when none is due: their
 * weapon, then the battle against them. `n` counts the events made so far (each draws its own seed).
 * Throws a sentence when a battle is due and there is no machine to fight it on.
 */
export async function standingMove(s: GameState, ctx: StandingContext, n: number): Promise<GameEvent | null> {
  if (s.phase === 'over') return null;
  const view = publicState(s);
  for (const p of s.players) {
    const level = botLevel(ctx, p.name);
    if (level && needsWeapon(view, p.name)) {
      const move = decide(
        view,
        legalActions(s),
        p.name,
        level,
        seededRng((chainSeed(ctx.previous) + n * 0x9e3779b1) >>> 0),
      );
      if (move) return move.event;
    }
  }
  const request = pendingBattle(s);
  if (!request) return null;
  const { attacker, defender } = request;
  const absent =
    attacker.player === ctx.sender ? defender.player : defender.player === ctx.sender ? attacker.player : null;
  const level = absent === null ? null : botLevel(ctx, absent);
  if (absent === null || level === null) return null;
  if (!ctx.port)
    throw new Error(
      `the battle ${attacker.player} v ${defender.player} is due, and ${absent}'s standing orders say the battle bot fights it on the machine, but no machine was given`,
    );
  const battle: AbsentBattle = {
    request,
    absent,
    level,
    present: ctx.sender,
    seed: battleSeed(ctx.previous, n),
  };
  const outcome = await runBattle(await ctx.port(battle), request);
  ctx.onBattle?.(battle, outcome);
  return battleEvent(outcome);
}
