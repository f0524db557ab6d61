/**
 * The game session of a table (issue 33): the game's chart, its undo and redo (kept in the saved
 * document), autosave through the `SaveStore` port, loading and exporting a file, and the sentences shown
 * to the players. The board page draws `snapshot()` and calls these methods; the table's battle, its
 * computer seats, the remote table's host and guest and play by mail drive the same session. No DOM, no
 * timers but the clock port's.
 */
import { applyEvent } from '../rules/apply.ts';
import { battleEvent, type BattleOutcome, type BattleRequest } from '../ports/battle-port.ts';
import type { BattleChartActor } from '../machines/battle-chart.ts';
import type { ReadoutChartActor } from '../machines/readout-chart.ts';
import type { GameEvent, Refusal } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import type { LegalAction } from '../rules/legal.ts';
import { newGameChart, restoreGameChart, type GameChart, type StepListener } from './game-chart.ts';
import { GameAutosave, readable } from './game-autosave.ts';
import { encodeEnvelope, parseEnvelope } from './save-envelope.ts';
import { realClock, type SaveStore, type TableClock } from './ports.ts';
import type { Notice, ViewState } from './game-view.ts';

export interface GameSnapshot {
  view: ViewState;
  legal: LegalAction[];
  canUndo: boolean;
  canRedo: boolean;
  notice: Notice | null;
  /** False until a save landed, and after a failed one (the game is then only in this tab). */
  saved: boolean;
}

export interface GameSessionOptions {
  /** The session's time: the clock variation's start, the saves' times, how long storage may take. */
  clock?: TableClock;
  /**
   * At a table, the game runs a battle chart for each battle it waits for (programmed on the console by the
   * table's TableBattle) and a readout chart once every player has called; elsewhere results are typed in.
   */
  table?: boolean;
}

/** Splits "rule 12: the attacker's energy…" (the battle port's wording) into rule and reason. */
export function refusalFromText(text: string): Refusal {
  const m = /^rule\s+([^:]+):\s*(.*)$/i.exec(text);
  return m ? { rule: m[1].trim(), reason: m[2] } : { rule: '-', reason: text };
}

export class GameSession {
  private chart: GameChart;
  private notice: Notice | null = null;
  private readonly listeners = new Set<() => void>();
  /** Told of every game event the chart applies (the table's game by mail gathers a turn's events from it). */
  private readonly stepListeners = new Set<StepListener>();
  private unstep: () => void = () => undefined;
  private unwatch: () => void = () => undefined;
  private readonly autosave: GameAutosave;
  private readonly clock: TableClock;
  private readonly table: boolean;
  /**
   * Set while another tab of this browser plays the game: this tab changes nothing and saves nothing, so the
   * two never overwrite each other's autosave (the view offers to take over).
   */
  elsewhere = false;
  /** Variation 1: when the agreed time started running (set when a clock game is set up). */
  clockStartedAt: string | null = null;
  /**
   * At a remote table, a guest's board: its moves go to the host, whose game it shows (`follow`). Undo,
   * loading and a new game are the host's.
   */
  remote: { send(event: GameEvent): void } | null = null;
  /** At a remote table's host: why this page may not make a move (a guest's browser holds the seat), or null. */
  guard: ((event: GameEvent) => string | null) | null = null;

  constructor(store: SaveStore, options: GameSessionOptions = {}) {
    this.clock = options.clock ?? realClock;
    this.table = options.table ?? false;
    this.autosave = new GameAutosave(store, this.clock, {
      get: () => this.notice,
      set: (n) => {
        this.notice = n;
      },
      emit: () => this.emit(),
    });
    this.chart = newGameChart(undefined, this.table);
    this.watch();
  }

  /** Raw text of an unreadable save found at start-up, so the players can download it. */
  get corrupt(): string | null {
    return this.autosave.corrupt;
  }

  /** The view goes away: the game's chart stops (a battle waiting in it is dropped). */
  close(): void {
    this.unwatch();
    this.unstep();
    this.chart.stop();
  }

  /** A battle or readout the chart recorded by itself is a step like any other: shown and saved. */
  private watch(): void {
    this.unstep();
    this.unstep = this.chart.onStep((e, before, after) => {
      for (const fn of [...this.stepListeners]) fn(e, before, after);
    });
    this.unwatch();
    this.unwatch = this.chart.subscribe(() => {
      this.notice = this.autosave.unsavedNotice();
      this.changed();
    });
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** `fn` hears each game event the chart applies from now on, in this game and the next ones loaded. */
  onStep(fn: StepListener): () => void {
    this.stepListeners.add(fn);
    return () => this.stepListeners.delete(fn);
  }

  snapshot(): GameSnapshot {
    return {
      view: this.chart.view(),
      legal: this.chart.legal(),
      canUndo: this.chart.canUndo(),
      canRedo: this.chart.canRedo(),
      notice: this.notice,
      saved: this.autosave.saved,
    };
  }

  /**
   * Asks the rules whether they would take `event`, changing nothing: a refusal is shown at once with
   * its rule (a draft such as a home-zone tick is refused when made, not only at Confirm).
   */
  wouldAccept(event: GameEvent): boolean {
    const r = applyEvent(this.chart.gameState(), event);
    if (r.ok) return true;
    this.refuse(r.refusal, event.type);
    return false;
  }

  private refuse(refusal: Refusal, event: string): void {
    this.notice = { kind: 'refused', refusal, event };
    this.emit();
  }

  /** Sends one player action to the game; a refusal is shown with its rule and changes nothing. */
  act(event: GameEvent): boolean {
    if (this.refusedHere(event.type)) return false;
    const seat = this.guard?.(event) ?? null;
    if (seat !== null) {
      this.refuse({ rule: 'seat', reason: seat }, event.type);
      return false;
    }
    if (this.remote) {
      // The host checks it (seat, then rules) and answers; its game comes back here through `follow`.
      this.remote.send(event);
      this.notice = { kind: 'info', text: 'Sent to the host…' };
      this.emit();
      return true;
    }
    const result = this.chart.send(event);
    if (!result.ok) {
      this.refuse(result.refusal, event.type);
      return false;
    }
    this.notice = this.autosave.unsavedNotice();
    this.started(event);
    this.changed();
    return true;
  }

  /**
   * A move from a guest's browser at a remote table (the host checked its seat): null when the game
   * takes it, else the rules' sentence. The host's own notice is left alone; the guest is told.
   */
  actFor(event: GameEvent): string | null {
    if (this.elsewhere) return 'the host plays this game in another tab of its browser just now';
    const result = this.chart.send(event);
    if (!result.ok) return `rule ${result.refusal.rule}: ${result.refusal.reason}`;
    this.started(event);
    this.changed();
    return null;
  }

  /** Variation 1: a game set up against the clock starts its clock now. */
  private started(event: GameEvent): void {
    if (event.type === 'setup') this.clockStartedAt = event.clockMinutes ? this.isoNow() : null;
  }

  private isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }

  undo(): void {
    this.back('undo');
  }

  /** Brings back the last step undone (a battle result with its chips: the banker is told to hand them over again). */
  redo(): void {
    this.back('redo');
  }

  private back(which: 'undo' | 'redo'): void {
    if (this.refusedHere(which) || this.hostOnly(which)) return;
    const r = which === 'undo' ? this.chart.undo() : this.chart.redo();
    if (!r.ok) return this.refuse(r.refusal, which);
    this.notice = { kind: 'info', text: which === 'undo' ? 'Last action undone.' : 'Step redone.' };
    this.changed();
  }

  /** A battle result typed in on screen: to the battle waiting on the chart, else to the rules (which say what is missing). */
  submitBattle(outcome: BattleOutcome): boolean {
    // Checked here, before the port takes the figures: a result the rules would refuse must keep the form as typed.
    if (!['attacker', 'defender', 'both-destroyed'].includes(outcome.winner)) {
      this.refuse(
        { rule: '12', reason: 'choose who won this battle: the attacker, the defender, or both destroyed' },
        'battle',
      );
      return false;
    }
    if (this.refusedHere('battle') || this.hostOnly('battle')) return false;
    // The result typed in is a `battle` event like the one the battle chart records: the rules check it (rule 12).
    return this.act(battleEvent(outcome));
  }

  /** At a table: the battle chart the game runs for the battle it waits for, or null. */
  battleChart(): BattleChartActor | null {
    return this.chart.battleChart();
  }

  /** At a table: the readout chart the game runs once every player has called (rule 2), or null. */
  readoutChart(): ReadoutChartActor | null {
    return this.chart.readoutChart();
  }

  /** The battle the game waits for (both weapons chosen), or null. */
  pendingBattle(): BattleRequest | null {
    return this.chart.pendingBattle();
  }

  /** The game's state (the table's words for a battle). */
  gameState(): GameState {
    return this.chart.gameState();
  }

  /** The board the current game is played on. */
  scenario(): Scenario {
    return this.chart.scenario();
  }

  private replaceChart(next: GameChart): void {
    this.chart.stop();
    this.chart = next;
    this.watch();
  }

  dismissNotice(): void {
    this.notice = null;
    this.emit();
  }

  /** A new game waiting for its setup, on `scenario` (default: the 1982 world). */
  newGame(scenario?: Scenario, notice = 'New game started.'): void {
    if (this.refusedHere('new game') || this.hostOnly('new game')) return;
    this.replaceChart(newGameChart(scenario, this.table));
    this.clockStartedAt = null;
    this.autosave.blocked = false;
    this.notice = { kind: 'info', text: notice };
    this.changed();
  }

  /** The saved document: the game with its undo and redo steps, and the clock's start, in the save envelope. */
  exportText(): string {
    return encodeEnvelope(
      { engine: this.chart.document(), clockStartedAt: this.clockStartedAt },
      new Date(this.clock.now()),
    );
  }

  /** Loads an exported file. Anything wrong leaves the current game exactly as it was. */
  importText(text: string, source = 'the file'): boolean {
    if (this.refusedHere('load') || this.hostOnly('load')) return false;
    try {
      const env = parseEnvelope(text);
      this.replaceChart(restoreGameChart(env.engine, this.table));
      this.clockStartedAt = env.clockStartedAt ?? null;
      this.autosave.blocked = false;
      this.notice = { kind: 'info', text: `Game loaded from ${source}.` };
      this.changed();
      return true;
    } catch (e) {
      this.notice = {
        kind: 'error',
        text: `Could not load ${source}: ${readable(e)}. Your current game is unchanged.`,
      };
      this.emit();
      return false;
    }
  }

  /** Resumes the autosaved game, if any. A save that can't be read is kept aside, never overwritten. */
  resume(): Promise<void> {
    return this.autosave.resume((env) => {
      this.replaceChart(restoreGameChart(env.engine, this.table));
      this.clockStartedAt = env.clockStartedAt ?? null;
    });
  }

  /** Variation 1: milliseconds left on the agreed clock (negative once it has run out), or null. */
  clockLeft(): number | null {
    const minutes = this.chart.view().variations.clockMinutes;
    if (minutes === null || this.clockStartedAt === null) return null;
    return Date.parse(this.clockStartedAt) + minutes * 60_000 - this.clock.now();
  }

  /** Resolves when every save started so far has finished. */
  settled(): Promise<void> {
    return this.autosave.settled();
  }

  private changed(): void {
    this.emit();
    if (!this.elsewhere) void this.autosave.save(this.exportText());
  }

  /**
   * Shows the host's game (a guest's board at a remote table): `game` is the engine's snapshot of it.
   * Nothing is saved here; the host's autosave keeps the game. Throws (changing nothing) when it cannot be read.
   */
  follow(game: string): void {
    this.replaceChart(restoreGameChart({ game, undo: [] }));
    // Kept by the host's autosave: nothing here is unsaved.
    this.autosave.saved = true;
    this.emit();
  }

  /** A guest's board: what only the host's browser does is refused with a sentence. */
  private hostOnly(what: string): boolean {
    if (!this.remote) return false;
    const done = what === 'battle' ? 'battle results are recorded' : `${what} is done`;
    this.refuse({ rule: 'host', reason: `the host's browser keeps this game, so ${done} there` }, what);
    return true;
  }

  /** Shows a sentence from the host (a move refused there, a seat taken). */
  say(notice: Notice): void {
    this.notice = notice;
    this.emit();
  }

  /** While another tab plays the game, every change here is refused with a sentence saying why. */
  private refusedHere(what: string): boolean {
    if (!this.elsewhere) return false;
    this.refuse(
      {
        rule: 'tab',
        reason:
          'this game is being played in another tab of this browser; press "Play here instead" to move it to this tab first',
      },
      what,
    );
    return true;
  }

  private emit(): void {
    for (const fn of [...this.listeners]) fn();
  }
}
