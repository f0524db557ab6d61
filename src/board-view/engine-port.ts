import type { BattleChartActor, BattleRequest, GameState, ReadoutChartActor, Scenario } from '../../board/index.ts';
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
  /** A JSON value that `EngineFactory.restore` turns back into this exact game, undo history included. */
  document(): unknown;
  /** `document()` as JSON text. */
  serialize(): string;
  /** Told when the game changes by itself (the battle chart recorded a battle or a readout), not through `send`. */
  subscribe?(fn: () => void): () => void;
  /** The game is put away (another one started or loaded): what it runs stops. */
  stop?(): void;
  /**
   * Told of every game event the engine applied, whether sent or recorded by the chart itself (a battle
   * fought on the console, the readout), with the states before and after it: the events since the last
   * turn by mail are gathered from this (undo and redo are no events).
   */
  onStep?(fn: StepListener): () => void;
  /** At a table: the battle chart the game runs for the battle it waits for (it waits to be programmed), or null. */
  battleChart?(): BattleChartActor | null;
  /** At a table: the readout chart the game runs once every player has called (rule 2), or null. */
  readoutChart?(): ReadoutChartActor | null;
}

export type StepListener = (event: GameEvent, before: GameState, after: GameState) => void;

export interface EngineFactory {
  /** A new game waiting for its `setup` event, on `scenario` (default: the 1982 world). */
  /** `table`: the game runs the battle and readout charts a table programs on its console (tableGameMachine). */
  create(scenario?: Scenario, table?: boolean): EngineSession;
  /**
   * Rebuilds a game from `document()` (or its text, `serialize()`); throws an Error with a readable message when
   * it can't.
   */
  restore(snapshot: unknown, table?: boolean): EngineSession;
}
