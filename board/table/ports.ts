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
import type { NetplayStats, NetStartOptions, WatchFrames } from '../../rom-core/netplay/index.ts';

/** One value kept across reloads (in the browser: localStorage under `key`). */
export interface Stored<T> {
  get(): T;
  set(value: T): void;
}

/** Text kept under keys (the browser's localStorage; a map in Node): what play by mail keeps across reloads. */
export interface TextStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Text kept in a map (Node tests; a browser whose storage is refused): `m` is what is kept. */
export function memoryText(entries: Record<string, string> = {}): TextStorage & { m: Map<string, string> } {
  const m = new Map<string, string>(Object.entries(entries));
  return {
    m,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
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
 * Where the game session keeps its autosave (the browser's IndexedDB; a map in Node). Each save is whole
 * or not at all; a save that cannot be read is kept aside under a key of its own, never overwritten.
 */
export interface SaveStore {
  load(): Promise<string | null>;
  /** Rejects with a `StorageFullError` when the storage is full. */
  save(text: string): Promise<void>;
  /** Keeps an unreadable save under a new key and returns that key. */
  keepAside(text: string): Promise<string>;
  clear(): Promise<void>;
  /** A save the last page started and never finished (the tab closed), said once, then forgotten. */
  takeCutOff(): CutOffSave | undefined;
}

export interface CutOffSave {
  /** When the unfinished save started (ISO time). */
  startedAt: string;
}

/** A save refused because the storage is full (the players are told to export the game to a file). */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
}

/** A save store in memory: a browser without IndexedDB, the table page's own game, Node tests. */
export function memoryStore(): SaveStore & { records: Map<string, string>; cutOff?: CutOffSave } {
  const records = new Map<string, string>();
  let n = 0;
  return {
    records,
    takeCutOff() {
      const c = this.cutOff;
      this.cutOff = undefined;
      return c;
    },
    load: async () => records.get('current') ?? null,
    save: async (text) => {
      records.set('current', text);
    },
    keepAside: async (text) => {
      const key = `unreadable-${++n}`;
      records.set(key, text);
      return key;
    },
    clear: async () => {
      records.delete('current');
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

/** Calls `fn` every `ms` through the clock (the remote table's pings and checks); the function returned stops it. */
export function every(clock: TableClock, fn: () => void, ms: number): () => void {
  let cancel = clock.later(function tick() {
    cancel = clock.later(tick, ms);
    fn();
  }, ms);
  return () => cancel();
}

/**
 * The machine's network battle calls (the remote table): the browser's worker API, or a machine of a
 * Node test's own. Each may answer at once or later.
 */
export interface NetConsole {
  netStart(options: NetStartOptions): Promise<Uint8Array> | Uint8Array;
  netInput(text: string): unknown;
  netStop(): Promise<NetplayStats | null> | NetplayStats | null;
  netStats(): Promise<NetplayStats | null> | NetplayStats | null;
  /** The host's machine in a battle between two guests: it watches from its own state now (returned). */
  watchHere(epoch: number): Promise<Uint8Array> | Uint8Array;
  watchStart(state: Uint8Array, epoch: number): unknown;
  watchInput(frames: WatchFrames): unknown;
  watchStop(): unknown;
  soloStart(state: Uint8Array, epoch: number): unknown;
}

/** The machine a remote table's page runs, as its host and guest sessions reach it. */
export interface NetMachine {
  /** Its network calls now, or undefined while no machine runs (a page still starting its worker). */
  calls(): NetConsole | undefined;
  /** Its network calls once a machine runs (a page just loaded mid-battle may still be starting it). */
  ready(): Promise<NetConsole | undefined>;
  /**
   * Word from the machine: `net` the network battle's message for the other side, `netWatch` confirmed
   * frames for spectators (and, from a reporting guest, for the host). The function returned stops it.
   */
  on(events: { net?(text: string): void; netWatch?(frames: WatchFrames): void }): () => void;
}

/** A notice shown on the board (a refusal, the host's answer). */
export interface TableNotice {
  kind: 'info' | 'error';
  text: string;
}

/** The game as a remote table's host keeps it (the board's controller in the browser). */
export interface HostSession {
  gameState(): GameState | null | undefined;
  subscribe(fn: () => void): () => void;
  /** Why this page may not make a move (a guest holds the seat), asked before each; null lifts it. */
  guard(refusal: ((event: GameEvent) => string | null) | null): void;
  /** A guest's move, its seat checked: null when the engine took it, else its sentence. */
  actFor(event: GameEvent): string | null;
}

/** The game as a remote table's guest shows it: the host's game followed, its own moves sent there. */
export interface GuestSession {
  /** Shows the host's game (the engine's snapshot text); throws a sentence when it cannot. */
  follow(game: string): void;
  /** From now on this page's moves go to `send` (null: back to its own game). */
  sendMoves(send: ((event: GameEvent) => void) | null): void;
  say(notice: TableNotice): void;
}

/**
 * Which of a connection's two lanes a message takes: the table's (reliable and ordered: moves, seats, the
 * game, a battle's start and its confirmed frames) or the battle's (unordered: a battle message lost or
 * late holds up none after it, and the next carries its sticks again). A link without a battle lane
 * sends everything on the table's.
 */
export type Lane = 'table' | 'battle';

/** The host's end of the network: one connection per guest, by id. */
export interface HostLinkPort {
  readonly code: string;
  send(connection: string, text: string, lane?: Lane): void;
  /** Closes a connection that stopped answering (its guest keeps its seats). */
  drop(connection: string): void;
  close(): void;
}

/** A guest's line to the host, once joined. */
export interface GuestConnection {
  send(text: string, lane?: Lane): void;
  close(): void;
}

/** How a guest reaches a host: joins the table under `code` (rejects with a sentence when it cannot). */
export type GuestJoin = (
  code: string,
  events: { data(text: string): void; closed(): void },
) => Promise<GuestConnection>;
