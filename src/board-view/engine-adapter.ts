import { createActor, type Actor } from 'xstate';
import {
  battleActor,
  battleMachine,
  deserializeGame,
  gatedReadout,
  legalActions,
  noReadout,
  pendingBattle,
  serializeGame,
} from '../../board/index.ts';
import type { BattleRequest, GameEvent, GameState, Scenario } from '../../board/index.ts';
import type { EngineFactory, EngineSession, TablePorts } from './engine-port.ts';
import type { LegalAction, SendResult } from './types.ts';
import { toView } from './view-state.ts';

/** Undo steps kept in a save (the machine keeps more in memory while the page is open). */
export const SAVED_UNDO = 30;

/**
 * What `serialize()` writes: the engine's own snapshot plus the engine's undo and redo steps, also as snapshots
 * (`redo` is absent from saves made before redo existed).
 */
interface SessionText {
  game: string;
  undo: string[];
  redo?: string[];
}

/** Session text for a game state (its undo states oldest first, its redo states most recently undone last), in the engine's snapshot format. */
export function encodeSession(state: GameState, undo: GameState[] = [], redo: GameState[] = []): string {
  const text: SessionText = {
    game: serializeGame(state),
    undo: undo.map(serializeGame),
    redo: redo.map(serializeGame),
  };
  return JSON.stringify(text);
}

/**
 * The battle chart with this table's ports: every battle waits in `ports.battles` (ManualBattlePort: typed in
 * by hand, or fought on the console), the readout in `ports.readout`. Without ports nothing is ever fought
 * or read, and results come only as `battle` events (the chart accepts those either way).
 */
function chart(ports?: TablePorts) {
  const idle = { fight: () => new Promise<never>(() => undefined) };
  return battleMachine.provide({
    actors: {
      battle: battleActor(ports?.battles ?? idle),
      readout: ports?.readout ? gatedReadout(ports.readout) : noReadout,
    },
  });
}

type Chart = ReturnType<typeof chart>;

class MachineSession implements EngineSession {
  private legalCache: { from: GameState; legal: LegalAction[] } | null = null;
  private readonly listeners = new Set<() => void>();
  /** The state last told (or sent): a change from it that `step` did not make is the chart's own. */
  private seen: GameState;
  private stepping = false;

  constructor(private readonly actor: Actor<Chart>) {
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

  stop(): void {
    this.listeners.clear();
    this.actor.stop();
  }

  private get state(): GameState {
    return this.actor.getSnapshot().context.state;
  }

  gameState(): GameState {
    return this.state;
  }

  view() {
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

  serialize(): string {
    const ctx = this.actor.getSnapshot().context;
    // Every save carries the undo steps; the last SAVED_UNDO of them keeps autosaves small and quick.
    return encodeSession(ctx.state, ctx.history.slice(-SAVED_UNDO), ctx.future.slice(-SAVED_UNDO));
  }
}

function load(snapshot: string, what: string): GameState {
  const r = deserializeGame(snapshot);
  if (!r.ok) throw new Error(`${what}: ${r.error}`);
  return r.state;
}

/** The board engine (board/index.ts) behind the view's port: its battle chart, one actor per game. */
export function boardEngine(): EngineFactory {
  return {
    create: (scenario?: Scenario, ports?: TablePorts) =>
      new MachineSession(createActor(chart(ports), { input: scenario ? { scenario } : {} }).start()),
    restore(snapshot: string, ports?: TablePorts) {
      let doc: unknown;
      try {
        doc = JSON.parse(snapshot);
      } catch {
        throw new Error('the game snapshot is not valid JSON');
      }
      const t = doc as Partial<SessionText> | null;
      if (!t || typeof t.game !== 'string' || !Array.isArray(t.undo) || !t.undo.every((u) => typeof u === 'string')) {
        throw new Error('the game snapshot is missing its game or undo list');
      }
      if (t.redo !== undefined && (!Array.isArray(t.redo) || !t.redo.every((u) => typeof u === 'string'))) {
        throw new Error("the game snapshot's redo list is not a list of game snapshots");
      }
      const state = load(t.game, 'the game');
      const history = t.undo.map((u, i) => load(u, `undo step ${i + 1}`));
      const future = (t.redo ?? []).map((u, i) => load(u, `redo step ${i + 1}`));
      // The machine takes the state and its undo and redo steps as input, so undo and redo after a reload are what they were before.
      return new MachineSession(createActor(chart(ports), { input: { state, history, future } }).start());
    },
  };
}
