/**
 * The ports through which the evening at a table (board/table/) reaches the page's world: the machine
 * (a `BattleConsole`, battle-console.ts), what the browser keeps across reloads, and the game session it
 * plays. No DOM, no `window`, no timers here: the browser shell gives these (src/table/), and the Node
 * tests give the stepped console, a map for storage and a game chart of their own.
 */
import type { Level } from '../ai/levels.ts';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { BattleChartActor } from '../machines/battle-chart.ts';
import type { ReadoutChartActor } from '../machines/readout-chart.ts';

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
 * The game session as the table's battle sees it (the board's controller in the browser; a
 * `tableGameMachine` actor in Node): the battle chart it runs for the battle it waits for, the readout
 * chart once every player has called, its state, and word when it changes.
 */
export interface TableGame {
  /** Another tab of this browser plays this game: this one changes nothing. */
  readonly elsewhere: boolean;
  battleChart(): BattleChartActor | null;
  readoutChart(): ReadoutChartActor | null;
  gameState(): GameState | null | undefined;
  subscribe(fn: () => void): () => void;
}

/** The game as the computer seats play it: besides what the battle sees, a move sent like anyone's. */
export interface TableMoves extends TableGame {
  /** Sends a move to the game; false when the rules (or the table) refused it. */
  act(event: GameEvent): boolean;
}

/** Time at the table: the computers' pauses. The browser's is setTimeout; a test's may run at once. */
export interface TableClock {
  /** Milliseconds, for seeds (not for ordering: the table waits for states, never for times). */
  now(): number;
  /** Calls `fn` once after `ms`; the function returned cancels it. */
  later(fn: () => void, ms: number): () => void;
}

/** The clock of a browser or of Node: setTimeout and Date.now. */
export const realClock: TableClock = {
  now: () => Date.now(),
  later: (fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/** Who holds the machine's hand controls besides people: the battle bots, and how fast a battle runs. */
export interface MachineControls {
  /**
   * A bot at `level` holds the left (0, red) or right (1, blue) control from the next frame on; null lets it
   * go. False when no machine is there yet (the page's worker still starting): asked again at the next step.
   */
  setBot(stick: 0 | 1, level: Level | null, seed: number): boolean;
  /** Frames per frame: 1 is real time (a battle only bots fight may be shown faster). False as for setBot. */
  setSpeed(speed: number): boolean;
}
