import {
  applyEvent,
  battleEvent,
  type BattleChartActor,
  type BattleOutcome,
  type BattleRequest,
  type ReadoutChartActor,
  type GameState,
  type Scenario,
} from '../../board/index.ts';
import type { EngineFactory, EngineSession, StepListener } from './engine-port.ts';
import { encodeEnvelope, parseEnvelope, SaveFormatError } from './save-format.ts';
import { StorageFullError, type SaveStore } from './save-store.ts';
import type { GameEvent, LegalAction, Refusal, ViewState } from './types.ts';

export type Notice =
  | { kind: 'refused'; refusal: Refusal; event: string }
  | { kind: 'error'; text: string }
  | { kind: 'info'; text: string };

export interface ControllerSnapshot {
  view: ViewState;
  legal: LegalAction[];
  canUndo: boolean;
  canRedo: boolean;
  notice: Notice | null;
  /** False until a save landed, and after a failed one (the game is then only in this tab). */
  saved: boolean;
}

/** How long start-up waits for the autosave before going on without it. */
export const LOAD_TIMEOUT_MS = 5000;
/** How long a save may take before it counts as failed (a storage that never answers must not hide that moves are unsaved). */
export const SAVE_TIMEOUT_MS = 5000;

/** `work`, or a rejection saying the browser's storage did not answer within `ms`. */
function answered<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('browser storage did not answer')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Splits "rule 12: the attacker's energy…" (the battle port's wording) into rule and reason. */
export function refusalFromText(text: string): Refusal {
  const m = /^rule\s+([^:]+):\s*(.*)$/i.exec(text);
  return m ? { rule: m[1].trim(), reason: m[2] } : { rule: '-', reason: text };
}

/**
 * The view's state outside the DOM: the engine session, autosave, the battle port and the messages shown
 * to the players. Drawing code only reads `snapshot()` and calls these methods.
 */
/** "14:03:07" in the user's time: enough to recognise the moment the page was closed. */
function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export class BoardController {
  private session: EngineSession;
  private notice: Notice | null = null;
  private saved = false;
  private listeners = new Set<() => void>();
  /** Told of every game event the engine applies (the table's game by mail gathers a turn's events from it). */
  private stepListeners = new Set<StepListener>();
  private unstep: () => void = () => undefined;
  /** Serialises saves so an older one can never land after a newer one. */
  private saving: Promise<void> = Promise.resolve();
  /** While set (an unreadable save could not be copied aside), autosave would destroy it: it stays off. */
  private blockedSave = false;
  /** Why the autosave does not work now (its last try failed, or storage did not answer at start-up), or null. */
  private saveProblem: string | null = null;
  /** Raw text of an unreadable save found at start-up, so the players can download it. */
  corrupt: string | null = null;
  /**
   * At a table, the game runs a battle chart for each battle it waits for (programmed on the console by the
   * table's TableBattle) and a readout chart once every player has called; elsewhere results are typed in.
   */
  private readonly table: boolean;
  private unwatch: () => void = () => undefined;
  /**
   * Set while another tab of this browser plays the game: this tab changes nothing and saves nothing, so the
   * two never overwrite each other's autosave (the view offers to take over).
   */
  elsewhere = false;
  /** Variation 1: when the agreed time started running (set when a clock game is set up). */
  clockStartedAt: string | null = null;
  /**
   * At a remote table (src/net), a guest's board: its moves go to the host, whose game it shows
   * (`follow`). Undo, loading and a new game are the host's.
   */
  remote: { send(event: GameEvent): void } | null = null;
  /** At a remote table's host: why this page may not make a move (a guest's browser holds the seat), or null. */
  guard: ((event: GameEvent) => string | null) | null = null;

  constructor(
    private readonly engine: EngineFactory,
    private readonly store: SaveStore,
    private readonly now: () => Date = () => new Date(),
    table = false,
  ) {
    this.table = table;
    this.session = engine.create(undefined, this.table);
    this.watch();
  }

  private unsavedNotice(): Notice | null {
    return this.saveProblem === null
      ? null
      : {
          kind: 'error',
          text: `This move is not saved: autosave is failing (${this.saveProblem}). The game is safe in this tab; use Export to save it to a file.`,
        };
  }

  /** The view goes away: the game's chart stops (a battle waiting in it is dropped). */
  close(): void {
    this.unwatch();
    this.unstep();
    this.session.stop?.();
  }

  /** A battle or readout the chart recorded by itself is a step like any other: shown and saved. */
  private watch(): void {
    this.unstep();
    this.unstep =
      this.session.onStep?.((e, before, after) => {
        for (const fn of [...this.stepListeners]) fn(e, before, after);
      }) ?? (() => undefined);
    this.unwatch();
    this.unwatch =
      this.session.subscribe?.(() => {
        this.notice = this.unsavedNotice();
        this.changed();
      }) ?? (() => undefined);
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** `fn` hears each game event the engine applies from now on, in this game and the next ones loaded. */
  onStep(fn: StepListener): () => void {
    this.stepListeners.add(fn);
    return () => this.stepListeners.delete(fn);
  }

  snapshot(): ControllerSnapshot {
    return {
      view: this.session.view(),
      legal: this.session.legal(),
      canUndo: this.session.canUndo(),
      canRedo: this.session.canRedo(),
      notice: this.notice,
      saved: this.saved,
    };
  }

  /**
   * Asks the engine whether it would take `event`, changing nothing: a refusal is shown at once with
   * its rule (a draft such as a home-zone tick is refused when made, not only at Confirm).
   */
  wouldAccept(event: GameEvent): boolean {
    const state = this.session.gameState?.();
    if (!state) return true;
    const r = applyEvent(state, event);
    if (r.ok) return true;
    this.notice = { kind: 'refused', refusal: r.refusal, event: event.type };
    this.emit();
    return false;
  }

  /** Sends one player action to the engine; a refusal is shown with its rule and changes nothing. */
  act(event: GameEvent): boolean {
    if (this.refusedHere(event.type)) return false;
    const seat = this.guard?.(event) ?? null;
    if (seat !== null) {
      this.notice = { kind: 'refused', refusal: { rule: 'seat', reason: seat }, event: event.type };
      this.emit();
      return false;
    }
    if (this.remote) {
      // The host checks it (seat, then rules) and answers; its game comes back here through `follow`.
      this.remote.send(event);
      this.notice = { kind: 'info', text: 'Sent to the host…' };
      this.emit();
      return true;
    }
    const result = this.session.send(event);
    if (!result.ok) {
      this.notice = { kind: 'refused', refusal: result.refusal, event: event.type };
      this.emit();
      return false;
    }
    // While autosave fails, every move says it is not saved (the warning before it was replaced by this move).
    this.notice = this.unsavedNotice();
    if (event.type === 'setup') this.clockStartedAt = event.clockMinutes ? this.now().toISOString() : null;
    this.changed();
    return true;
  }

  /**
   * A move from a guest's browser at a remote table (the host checked its seat): null when the engine
   * takes it, else the engine's sentence. The host's own notice is left alone; the guest is told.
   */
  actFor(event: GameEvent): string | null {
    if (this.elsewhere) return 'the host plays this game in another tab of its browser just now';
    const result = this.session.send(event);
    if (!result.ok) return `rule ${result.refusal.rule}: ${result.refusal.reason}`;
    if (event.type === 'setup') this.clockStartedAt = event.clockMinutes ? this.now().toISOString() : null;
    this.changed();
    return null;
  }

  undo(): void {
    if (this.refusedHere('undo') || this.hostOnly('undo')) return;
    const r = this.session.undo();
    this.notice = r.ok
      ? { kind: 'info', text: 'Last action undone.' }
      : { kind: 'refused', refusal: r.refusal, event: 'undo' };
    if (r.ok) this.changed();
    else this.emit();
  }

  /** Brings back the last step undone (a battle result with its chips: the banker is told to hand them over again). */
  redo(): void {
    if (this.refusedHere('redo') || this.hostOnly('redo')) return;
    const r = this.session.redo();
    this.notice = r.ok
      ? { kind: 'info', text: 'Step redone.' }
      : { kind: 'refused', refusal: r.refusal, event: 'redo' };
    if (r.ok) this.changed();
    else this.emit();
  }

  /** A battle result typed in on screen: to the battle waiting on the chart, else to the engine (which says what is missing). */
  submitBattle(outcome: BattleOutcome): boolean {
    // Checked here, before the port takes the figures: a result the engine would refuse must keep the form as typed.
    if (!['attacker', 'defender', 'both-destroyed'].includes(outcome.winner)) {
      this.notice = {
        kind: 'refused',
        refusal: { rule: '12', reason: 'choose who won this battle: the attacker, the defender, or both destroyed' },
        event: 'battle',
      };
      this.emit();
      return false;
    }
    if (this.refusedHere('battle') || this.hostOnly('battle')) return false;
    // The result typed in is a `battle` event like the one the battle chart records: the engine checks it (rule 12).
    return this.act(battleEvent(outcome));
  }

  /** At a table: the battle chart the game runs for the battle it waits for, or null. */
  battleChart(): BattleChartActor | null {
    return this.session.battleChart?.() ?? null;
  }

  /** At a table: the readout chart the game runs once every player has called (rule 2), or null. */
  readoutChart(): ReadoutChartActor | null {
    return this.session.readoutChart?.() ?? null;
  }

  /** The battle the game waits for (both weapons chosen), or null. */
  pendingBattle(): BattleRequest | null {
    return this.session.pendingBattle();
  }

  /** The engine's state, when the engine offers it (the table's words for a battle). */
  gameState(): GameState | undefined {
    return this.session.gameState?.();
  }

  /** The board the current game is played on. */
  scenario(): Scenario {
    return this.session.scenario();
  }

  private replaceSession(next: EngineSession): void {
    this.session.stop?.();
    this.session = next;
    this.watch();
  }

  dismissNotice(): void {
    this.notice = null;
    this.emit();
  }

  /** A new game waiting for its setup, on `scenario` (default: the 1982 world). */
  newGame(scenario?: Scenario, notice = 'New game started.'): void {
    if (this.refusedHere('new game') || this.hostOnly('new game')) return;
    this.replaceSession(this.engine.create(scenario, this.table));
    this.clockStartedAt = null;
    this.blockedSave = false;
    this.notice = { kind: 'info', text: notice };
    this.changed();
  }

  exportText(): string {
    return encodeEnvelope({ engine: this.session.document(), clockStartedAt: this.clockStartedAt }, this.now());
  }

  /** Loads an exported file. Anything wrong leaves the current game exactly as it was. */
  importText(text: string, source = 'the file'): boolean {
    if (this.refusedHere('load') || this.hostOnly('load')) return false;
    try {
      const env = parseEnvelope(text);
      this.replaceSession(this.engine.restore(env.engine, this.table));
      this.clockStartedAt = env.clockStartedAt ?? null;
      this.blockedSave = false;
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
  async resume(): Promise<void> {
    let text: string | null;
    try {
      // A storage that never answers (it happens in some private modes) must not leave the page waiting.
      text = await answered(this.store.load(), LOAD_TIMEOUT_MS);
    } catch (e) {
      this.saveProblem = readable(e);
      this.notice = {
        kind: 'error',
        text: `Autosave is not available (${readable(e)}). Use Export to keep your game in a file.`,
      };
      this.emit();
      return;
    }
    const cutOff = this.store.takeCutOff();
    if (text === null) {
      if (cutOff) {
        this.notice = {
          kind: 'error',
          text: `The first autosave of the last game (started ${clockTime(cutOff.startedAt)}) did not finish: the page was closed while it was being written. There was no earlier save to go back to.`,
        };
        this.emit();
      }
      return;
    }
    try {
      const env = parseEnvelope(text);
      this.replaceSession(this.engine.restore(env.engine, this.table));
      this.clockStartedAt = env.clockStartedAt ?? null;
      this.saved = true;
      this.notice = cutOff
        ? {
            kind: 'error',
            text: `The last autosave (started ${clockTime(cutOff.startedAt)}) did not finish: the page was closed while it was being written. Resumed the game as it was saved before it; the last step may be missing.`,
          }
        : { kind: 'info', text: 'Resumed the saved game.' };
    } catch (e) {
      let where: string;
      try {
        where = ` It was kept in browser storage as "${await this.store.keepAside(text)}".`;
      } catch {
        where = ' It could not be copied aside, so autosave stays off until you start or load a game.';
        this.blockedSave = true;
      }
      this.corrupt = text;
      this.notice = {
        kind: 'error',
        text: `The saved game could not be read: ${readable(e)}.${where} Use "Download unreadable save" to keep a copy.`,
      };
    }
    this.emit();
  }

  /** Variation 1: milliseconds left on the agreed clock (negative once it has run out), or null. */
  clockLeft(): number | null {
    const minutes = this.session.view().variations.clockMinutes;
    if (minutes === null || this.clockStartedAt === null) return null;
    return Date.parse(this.clockStartedAt) + minutes * 60_000 - this.now().getTime();
  }

  /** Resolves when every save started so far has finished. */
  settled(): Promise<void> {
    return this.saving;
  }

  private changed(): void {
    this.emit();
    void this.autosave();
  }

  /**
   * Shows the host's game (a guest's board at a remote table): `game` is the engine's snapshot of it.
   * Nothing is saved here; the host's autosave keeps the game. Throws (changing nothing) when it cannot be read.
   */
  follow(game: string): void {
    const next = this.engine.restore({ game, undo: [] });
    this.replaceSession(next);
    // Kept by the host's autosave: nothing here is unsaved.
    this.saved = true;
    this.emit();
  }

  /** A guest's board: what only the host's browser does is refused with a sentence. */
  private hostOnly(what: string): boolean {
    if (!this.remote) return false;
    this.notice = {
      kind: 'refused',
      refusal: {
        rule: 'host',
        reason: `the host's browser keeps this game, so ${what === 'battle' ? 'battle results are recorded' : `${what} is done`} there`,
      },
      event: what,
    };
    this.emit();
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
    this.notice = {
      kind: 'refused',
      refusal: {
        rule: 'tab',
        reason:
          'this game is being played in another tab of this browser; press "Play here instead" to move it to this tab first',
      },
      event: what,
    };
    this.emit();
    return true;
  }

  private autosave(): Promise<void> {
    if (this.blockedSave || this.elsewhere) return this.saving;
    const text = this.exportText();
    this.saving = this.saving.then(async () => {
      try {
        // A save that never answers fails after a while, so the next ones (and the players) are not kept waiting.
        await answered(this.store.save(text), SAVE_TIMEOUT_MS);
        this.saveProblem = null;
        const unsaved = this.notice?.kind === 'error' && this.notice.text.startsWith('This move is not saved');
        if (unsaved) this.notice = { kind: 'info', text: 'Autosave works again: the game is saved.' };
        // Redraw only when the "saved" mark or the notice changes: a redraw under a finger or a mouse button can eat a click.
        if (this.saved && !unsaved) return;
        this.saved = true;
        if (this.notice?.kind === 'error' && this.notice.text.startsWith('Autosave failed')) {
          this.notice = { kind: 'info', text: 'Autosave works again: the game is saved.' };
        }
      } catch (e) {
        this.saved = false;
        this.saveProblem = e instanceof StorageFullError ? 'browser storage is full' : readable(e);
        this.notice =
          e instanceof StorageFullError
            ? {
                kind: 'error',
                text: 'Autosave failed: browser storage is full. The game is safe in this tab; use Export to save it to a file.',
              }
            : {
                kind: 'error',
                text: `Autosave failed (${readable(e)}). The game is safe in this tab; use Export to save it to a file.`,
              };
      }
      this.emit();
    });
    return this.saving;
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }
}

function readable(e: unknown): string {
  if (e instanceof SaveFormatError) return e.message;
  if (e instanceof Error) return e.message.replace(/\.$/, '');
  return String(e);
}
