/**
 * The game's chart as a session plays it: one `battleMachine` actor (at a table, `tableGameMachine`, whose
 * battle and readout charts wait for the console) with the game's state, its undo and redo steps, the
 * moves the rules refused and word of every game event applied. `document()` is the game as it is saved:
 * the state as the engine's own game document, with its undo and redo steps as only what each changes.
 */
import { createActor, type Actor } from 'xstate';
import { battleMachine } from '../machines/game-machine.ts';
import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import { pendingBattle, type BattleRequest } from '../ports/battle-port.ts';
import { legalActions, type LegalAction } from '../rules/legal.ts';
import { deserializeGame, gameDocument, readGameDocument, type GameDocument } from '../rules/snapshot.ts';
import { battleChartOf, readoutChartOf, tableGameMachine } from './table-game.ts';
import { toView, type SendResult, type ViewState } from './game-view.ts';
import { readAhead, readSteps, stepDocument, type StepDocument, type StepsAhead } from './session-steps.ts';

/** Told of a game event the chart applied, with the states before and after it. */
export type StepListener = (event: GameEvent, before: GameState, after: GameState) => void;

/** Undo steps kept in a save (the machine keeps more in memory while the page is open). */
export const SAVED_UNDO = 30;

/**
 * What `document()` gives (saves from version 3 on): the game as the engine's own game document, whole, and its
 * undo and redo steps as `StepDocument`s, each only what it changes (session-steps.ts); one JSON value.
 */
export interface SessionDocument {
  game: GameDocument;
  /** What the redo steps add to the game's log and record trail. */
  ahead: StepsAhead;
  undo: StepDocument[];
  redo: StepDocument[];
}

/** A session's document for a game state (its undo states oldest first, its redo states most recently undone last). */
export function sessionDocument(state: GameState, undo: GameState[] = [], redo: GameState[] = []): SessionDocument {
  const furthest = redo[0] ?? state;
  return {
    game: gameDocument(state),
    ahead: {
      log: furthest.log.slice(state.log.length),
      recordTrail: (furthest.recordTrail ?? []).slice(state.recordTrail?.length ?? 0),
    },
    undo: undo.map((s, i) => stepDocument(s, undo[i + 1] ?? state)),
    redo: redo.map((s, i) => stepDocument(s, redo[i + 1] ?? state)),
  };
}

/**
 * A game document as saves before version 3 hold each step, and every save its game: a value (saves of version 2
 * and 3) or, in saves of version 1, the same document as JSON text inside a string (`redo` is absent from saves
 * made before redo existed).
 */
type Stored = GameDocument | string;
const isStored = (v: unknown): v is Stored => typeof v === 'string' || (typeof v === 'object' && v !== null);
const isStoredList = (v: unknown): v is Stored[] => Array.isArray(v) && v.every(isStored);

/**
 * The game's chart: at a table, each battle's chart waits to be programmed on the console and the readout's
 * to be run (tableGameMachine); elsewhere nothing is ever fought or read, and results come only as `battle`
 * and `first.readout` events (the chart accepts those either way).
 */
function chart(table: boolean) {
  return table ? tableGameMachine : battleMachine;
}

type Chart = ReturnType<typeof chart>;

/** Machine events that change the game but are no game event (undo, redo, loading a snapshot). */
const NOT_GAME_EVENTS = new Set(['undo', 'redo', 'load']);

/**
 * A new game actor whose applied game events reach `steps`. The inspection's microsteps are where the
 * chart's own events (a raised `battle` or `first.readout`) show, with the state after each.
 */
function startActor(table: boolean, input: Parameters<typeof createActor<Chart>>[1], steps: Steps) {
  let last: GameState | null = null;
  // The inspection starts inside createActor (the initial state's microsteps): the actor is not known yet.
  let self: Actor<Chart> | null = null;
  const actor = createActor(chart(table), {
    ...input,
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep' || self === null || ev.actorRef !== self) return;
      const state = (ev.snapshot as { context?: { state?: GameState } }).context?.state;
      if (!state || last === null || state === last) return;
      const before = last;
      last = state;
      const type = String(ev.event.type);
      if (!NOT_GAME_EVENTS.has(type) && !type.startsWith('xstate.')) steps.tell(ev.event as GameEvent, before, state);
    },
  });
  self = actor;
  actor.start();
  last = actor.getSnapshot().context.state;
  // A change without a microstep of its own (none is known) must not pair a later event with an old state.
  actor.subscribe((snap) => {
    last = snap.context.state;
  });
  return actor;
}

/** The step listeners of one session (filled after the actor exists, told while it runs). */
class Steps {
  readonly listeners = new Set<StepListener>();
  tell(event: GameEvent, before: GameState, after: GameState): void {
    for (const fn of [...this.listeners]) fn(event, before, after);
  }
}

/**
 * One game's chart: what the game session sends it and reads of it. Refusals come from the rules
 * themselves (the chart's `lastRefusal`); nothing is decided here.
 */
export class GameChart {
  private legalCache: { from: GameState; legal: LegalAction[] } | null = null;
  private readonly listeners = new Set<() => void>();
  /** The state last told (or sent): a change from it that `step` did not make is the chart's own. */
  private seen: GameState;
  private stepping = false;

  constructor(
    private readonly actor: Actor<Chart>,
    private readonly steps = new Steps(),
  ) {
    this.seen = this.state;
    actor.subscribe((snap) => {
      if (this.stepping || snap.context.state === this.seen) return;
      this.seen = snap.context.state;
      for (const fn of [...this.listeners]) fn();
    });
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onStep(fn: StepListener): () => void {
    this.steps.listeners.add(fn);
    return () => this.steps.listeners.delete(fn);
  }

  stop(): void {
    this.listeners.clear();
    this.steps.listeners.clear();
    this.actor.stop();
  }

  private get state(): GameState {
    return this.actor.getSnapshot().context.state;
  }

  gameState(): GameState {
    return this.state;
  }

  view(): ViewState {
    return toView(this.state);
  }

  scenario(): Scenario {
    return structuredClone(this.state.scenario);
  }

  legal(): LegalAction[] {
    const s = this.state;
    if (this.legalCache?.from !== s) this.legalCache = { from: s, legal: legalActions(s) };
    return this.legalCache.legal;
  }

  send(event: GameEvent): SendResult {
    return this.step(event);
  }

  undo(): SendResult {
    return this.step({ type: 'undo' });
  }

  redo(): SendResult {
    return this.step({ type: 'redo' });
  }

  canRedo(): boolean {
    return this.actor.getSnapshot().context.future.length > 0;
  }

  pendingBattle(): BattleRequest | null {
    return pendingBattle(this.state);
  }

  battleChart() {
    return battleChartOf(this.actor);
  }

  readoutChart() {
    return readoutChartOf(this.actor);
  }

  canUndo(): boolean {
    return this.actor.getSnapshot().context.history.length > 0;
  }

  private step(event: GameEvent | { type: 'undo' } | { type: 'redo' }): SendResult {
    const before = this.state;
    this.stepping = true;
    try {
      this.actor.send(event);
    } finally {
      this.stepping = false;
    }
    const ctx = this.actor.getSnapshot().context;
    this.seen = ctx.state;
    if (ctx.state !== before) return { ok: true };
    return { ok: false, refusal: ctx.lastRefusal ?? { rule: '-', reason: 'the engine did not accept this' } };
  }

  document(): SessionDocument {
    const ctx = this.actor.getSnapshot().context;
    // Every save carries the undo steps; the last SAVED_UNDO of them keeps autosaves small and quick.
    return sessionDocument(ctx.state, ctx.history.slice(-SAVED_UNDO), ctx.future.slice(-SAVED_UNDO));
  }

  serialize(): string {
    return JSON.stringify(this.document());
  }
}

function load(stored: Stored, what: string): GameState {
  const r = typeof stored === 'string' ? deserializeGame(stored) : readGameDocument(stored);
  if (!r.ok) throw new Error(`${what}: ${r.error}`);
  return r.state;
}

/** A new game waiting for its `setup` event, on `scenario` (default: the 1982 world); `table`: its battles wait for the console. */
export function newGameChart(scenario?: Scenario, table = false): GameChart {
  const steps = new Steps();
  return new GameChart(startActor(table, { input: scenario ? { scenario } : {} }, steps), steps);
}

/**
 * The game of a `document()` (or its JSON text) with its undo and redo steps; throws an Error with a
 * readable message when it can't.
 */
export function restoreGameChart(snapshot: unknown, table = false): GameChart {
  let doc: unknown = snapshot;
  if (typeof snapshot === 'string') {
    try {
      doc = JSON.parse(snapshot);
    } catch {
      throw new Error('the game snapshot is not valid JSON');
    }
  }
  const t = doc as { game?: unknown; undo?: unknown; redo?: unknown; ahead?: unknown } | null;
  if (!t || typeof t !== 'object' || !isStored(t.game) || !Array.isArray(t.undo)) {
    throw new Error('the game snapshot is missing its game or undo list');
  }
  if (t.redo !== undefined && !Array.isArray(t.redo)) {
    throw new Error("the game snapshot's redo list is not a list of game snapshots");
  }
  const state = load(t.game, 'the game');
  const { history, future } =
    t.ahead === undefined ? wholeSteps(t.undo, t.redo ?? []) : savedSteps(state, t.undo, t.redo ?? [], t.ahead);
  // The machine takes the state and its undo and redo steps as input, so undo and redo after a reload are what they were before.
  const steps = new Steps();
  return new GameChart(startActor(table, { input: { state, history, future } }, steps), steps);
}

/** Saves before version 3: every step a whole game document. */
function wholeSteps(undo: unknown[], redo: unknown[]): { history: GameState[]; future: GameState[] } {
  if (!isStoredList(undo)) throw new Error('the game snapshot is missing its game or undo list');
  if (!isStoredList(redo)) throw new Error("the game snapshot's redo list is not a list of game snapshots");
  return {
    history: undo.map((u, i) => load(u, `undo step ${i + 1}`)),
    future: redo.map((u, i) => load(u, `redo step ${i + 1}`)),
  };
}

/** Saves from version 3: each step rebuilt from the game outward (session-steps.ts). */
function savedSteps(
  state: GameState,
  undo: unknown[],
  redo: unknown[],
  stored: unknown,
): { history: GameState[]; future: GameState[] } {
  const ahead = readAhead(stored);
  return {
    history: readSteps(undo, state, ahead, 'undo', (i) => `undo step ${i + 1}`),
    future: readSteps(redo, state, ahead, 'redo', (i) => `redo step ${i + 1}`),
  };
}
