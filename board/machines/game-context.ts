/** What the game's chart holds and takes (game-machine.ts): its context, its input and its events. */
import type { GameState } from '../model/game.ts';
import type { GameEvent, Refusal } from '../model/events.ts';
import type { Scenario } from '../model/scenario.ts';

/** Events the machine takes besides the game's own: undo, redo, and loading a saved game. */
export type ControlEvent = { type: 'undo' } | { type: 'redo' } | { type: 'load'; snapshot: string };
export type MachineEvent = GameEvent | ControlEvent;

export interface GameContext {
  state: GameState;
  /** States before each accepted event, oldest first: any step can be undone, battle results included. */
  history: GameState[];
  /** States undone, the most recently undone last: redo brings them back until a new event is accepted. */
  future: GameState[];
  lastRefusal: Refusal | null;
  /** Why the last battle (or first-player readout) on the console failed (a sentence), or null. */
  battleError: string | null;
}

export interface GameInput {
  scenario?: Scenario;
  state?: GameState;
  /**
   * The undo history to resume with `state` (oldest first), as `context.history` held it: a saved game
   * keeps its undo steps without going through XState's persisted snapshots. Ignored without `state`.
   */
  history?: GameState[];
  /** The redo steps to resume with (as `context.future` held them). Ignored without `state`. */
  future?: GameState[];
}
