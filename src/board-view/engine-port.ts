import type { BattleRequest, GameState, Scenario } from '../../board/index.ts';
import type { GameEvent, LegalAction, SendResult, ViewState } from './types.ts';

/**
 * What the view needs from the rules engine. engine-adapter.ts builds it from board/; unit tests use a
 * scripted fake. No rule is decided on this side of the seam: every refusal text comes from the engine.
 */
export interface EngineSession {
  view(): ViewState;
  legal(): LegalAction[];
  send(event: GameEvent): SendResult;
  /** The engine's undo: refused (with its reason) when the engine does not allow it, e.g. after a battle. */
  undo(): SendResult;
  canUndo(): boolean;
  /** The engine's redo of the last step undone; refused (with its reason) when there is none. */
  redo(): SendResult;
  canRedo(): boolean;
  /** The battle waiting for its result (both weapons chosen), as the engine's battle port takes it. */
  pendingBattle(): BattleRequest | null;
  /** The board this game is played on (a copy). */
  scenario(): Scenario;
  /** The engine's own state (the table says a battle's outcome in words from it). */
  gameState?(): GameState;
  /** Text that `EngineFactory.restore` turns back into this exact game, undo history included. */
  serialize(): string;
}

export interface EngineFactory {
  /** A new game waiting for its `setup` event, on `scenario` (default: the 1982 world). */
  create(scenario?: Scenario): EngineSession;
  /** Rebuilds a game from `serialize()` output; throws an Error with a readable message when it can't. */
  restore(snapshot: string): EngineSession;
}
