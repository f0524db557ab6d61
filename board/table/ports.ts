/**
 * The ports through which the evening at a table (board/table/) reaches the page's world: the machine
 * (a `BattleConsole`, battle-console.ts), what the browser keeps across reloads, and the game session it
 * plays. No DOM, no `window`, no timers here: the browser shell gives these (src/table/), and the Node
 * tests give the stepped console, a map for storage and a game chart of their own.
 */
import type { GameState } from '../model/game.ts';
import type { ManualBattlePort } from '../ports/battle-port.ts';
import type { StepGate } from '../ports/step-gate.ts';

/** One value kept across reloads (in the browser: localStorage under `key`). */
export interface Stored<T> {
  get(): T;
  set(value: T): void;
}

/** Where the table keeps what must outlive a reload. `check` turns a stored value back into a T, or undefined when it is none. */
export interface TableStorage {
  slot<T>(key: string, fallback: T, check: (value: unknown) => T | undefined): Stored<T>;
}

/** A storage that lives as long as the object (Node tests; a browser that keeps nothing). */
export function memoryStorage(): TableStorage & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    slot<T>(key: string, fallback: T, check: (value: unknown) => T | undefined): Stored<T> {
      return {
        get: () => (values.has(key) ? (check(values.get(key)) ?? fallback) : fallback),
        set: (value) => values.set(key, JSON.parse(JSON.stringify(value)) as unknown),
      };
    },
  };
}

/**
 * The game session as the table's battle sees it (the board's controller in the browser): where its
 * chart waits for each battle and for the first player's readout, its state, and word when it changes.
 */
export interface TableGame {
  /** Another tab of this browser plays this game: this one changes nothing. */
  readonly elsewhere: boolean;
  readonly battles: ManualBattlePort;
  readonly readout: StepGate<true, number>;
  gameState(): GameState | null | undefined;
  subscribe(fn: () => void): () => void;
}
