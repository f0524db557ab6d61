/**
 * A turn by mail (issue 21, "The remote table"): what one player did since the last turn, sent as a
 * file or a link. Each turn names the turn before it by its hash, so the players' copies of the game
 * stay one chain: a turn edited after it was sent, sent twice, or sent past a missing one is refused.
 */
import type { GameEvent } from '../model/events.ts';
import type { Level } from '../ai/levels.ts';

/**
 * What happens to a battle against this player while they are away: kept until both are online
 * (`wait`), or fought on the emulated machine by the battle bot in their place at `level` (`bot`).
 */
export type StandingOrders = { absent: 'wait' } | { absent: 'bot'; level: Level };

/** The format tag inside every turn: a file of another kind is told apart from a damaged turn. */
export const TURN_FORMAT = 'o2conquest.turn';
export const TURN_VERSION = 1;

/** Everything a turn says; its hash is taken over all of it. */
export interface TurnBody {
  format: typeof TURN_FORMAT;
  version: typeof TURN_VERSION;
  /** The game's id, drawn when the mail game was made: a turn of another game is refused. */
  game: string;
  /** 1 for the first turn after the game was set up, then one more each turn, whoever sends it. */
  number: number;
  /** The hash of the turn before (for turn 1, the hash of the game's starting state). */
  previous: string;
  /** The player who sent it: its events are for this player's seat. */
  player: string;
  /** The game's events since the last turn, in order (the rules engine judges them on opening). */
  events: GameEvent[];
  /** The sender's standing orders from now on. */
  orders: StandingOrders;
  /** In a signed game: the sender's part of the first-player readout's draw (draw.ts). */
  draw?: TurnDraw;
  /**
   * The battles of this turn the battle bots fought on both controls under standing orders, in order:
   * every player opening the turn fights them again on their own machine (bot-battles.ts). A battle a
   * person steered is not here: it cannot be fought again.
   */
  botBattles?: BotBattle[];
}

/**
 * A battle fought by the battle bots alone, as a turn records it: what a player opening the turn needs
 * to fight it again. The energies and weapons are the game's before the event, the absent player's
 * level is their standing orders'; the seed is the chain's (checked), kept so the record reads whole.
 */
export interface BotBattle {
  /** The index of the battle's event in the turn's events. */
  event: number;
  /** The level of the battle bot that held the sender's control. */
  stick: Level;
  /** The bots' seed, drawn from the chain and the event's place (battleSeed in standing.ts). */
  seed: number;
}

/** A player's part of a signed game's draw: the commitment made with their call, and the secret once revealed. */
export interface Draw {
  commit: string;
  reveal?: string;
}

/** A commitment (the hash of a secret, with the sender's call) and/or the secret itself (once all have called). */
export interface TurnDraw {
  commit?: string;
  reveal?: string;
}

export interface Turn extends TurnBody {
  /** SHA-256 (hex) of the canonical encoding of the body. */
  hash: string;
  /** In a signed game: the sender's ECDSA P-256 signature over `hash` (keys.ts); absent in an unsigned one. */
  signature?: string;
}

/** Where a game's chain of turns stands: the last turn applied (0 and the start's hash before any). */
export interface MailChain {
  number: number;
  hash: string;
}
