/**
 * The table's battles on the console, headless: the battle chart (battle-chart.ts) run for the battle the
 * game waits for, on the console's MachineBattlePort. The game's chart invokes each battle once both
 * weapons are chosen and it waits in the game's `battles`; `program` fights it there through the battle
 * chart (the entry typed into the machine, ENTER left to a player: `enter` asks the chart to press it),
 * and the game records the outcome read from the mailbox. `state` is what the table shows: the chart's
 * stage while it runs, else `ready`, `result` (with the outcome in words) or `readout`. A result read
 * from the machine is never typed by hand; on a cartridge that is not ours the players confirm it
 * (nothing is recorded unconfirmed). The first player's readout (rule 2) waits in the game's `readout`.
 */
import type { CartMailbox } from '../../rom-core/roms/index.ts';
import type { GameState } from '../model/game.ts';
import type { BattleOutcome, BattleRequest } from '../ports/battle-port.ts';
import {
  BUSY_STAGES,
  chartError,
  chartStage,
  programBattle,
  type BattleChartActor,
  type BattleStage,
} from '../machines/battle-chart.ts';
import { runReadout } from '../machines/readout-chart.ts';
import type { BattleConsole } from './battle-console.ts';
import { describeBattle } from './battle-words.ts';
import { MachineBattlePort, type ConfirmRequest, type ProgrammedBattle, type Seating } from './machine-battle-port.ts';
import type { Stored, TableGame, TableStorage } from './ports.ts';
import { screenEnergies } from './screen-energy.ts';

export interface TableBattleState {
  stage: BattleStage;
  /** The battle being fought (or just fought). */
  request: BattleRequest | null;
  seating: Seating | null;
  /** The last battle's outcome in words. */
  words: string | null;
  /** What went wrong, in a sentence. */
  error: string | null;
  /** What the players are asked to confirm (a cartridge that is not ours), in the units on its screen. */
  ask: ConfirmRequest | null;
}

const programmedBattle = (value: unknown): ProgrammedBattle | null | undefined => {
  const v = value as Partial<ProgrammedBattle> | null;
  return v && typeof v.id === 'string' && Number.isInteger(v.machineBattle)
    ? { id: v.id, machineBattle: v.machineBattle! }
    : null;
};
const names = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : undefined;

/** The stages of a battle under way on the console that `drop` drops (the readout is no battle). */
const DROPS: ReadonlySet<BattleStage> = new Set(['programming', 'enter', 'fighting', 'confirm']);

export interface TableBattleOptions {
  /** Whether the machine runs our battle cartridge (a user's cartridge has no mailbox). Default: yes. */
  ourCartridge?: () => boolean;
}

/** The battle a table's game waits for (its chart waits for it to be programmed, or runs it), or null. */
export function waitingBattle(game: TableGame): BattleRequest | null {
  return game.battleChart()?.getSnapshot().context.request ?? null;
}

export class TableBattle {
  readonly port: MachineBattlePort;
  state: TableBattleState = { stage: 'ready', request: null, seating: null, words: null, error: null, ask: null };
  /** The battle chart under way, if any (it is sent `enter` and `confirmed`). */
  private chart: BattleChartActor | null = null;
  /** Fights begun, to tell a replaced fight from the one under way. */
  private fights = 0;
  private readonly listeners = new Set<() => void>();
  /**
   * The battle last started on the machine, kept beside the machine's autosave: after a reload, a battle
   * found running is taken up only if it is the one the game waits for (MachineBattlePort.isRunning).
   */
  private readonly programmed: Stored<ProgrammedBattle | null>;
  /** The players who take the right-hand control when attacking (the attacker's choice), kept across reloads. */
  private readonly rightHanded: Stored<string[]>;
  /** …and those who chose the left-hand control when their colours would give them the right one. */
  private readonly leftHanded: Stored<string[]>;
  private readonly ourCartridge: () => boolean;
  /** The fight `drop` dropped (its end is no failure), or 0. */
  private dropping = 0;
  /** Stops the readout under way (the page goes away). */
  private readoutStop: AbortController | null = null;

  constructor(
    private readonly console: BattleConsole,
    private readonly game: TableGame,
    storage: TableStorage,
    options: TableBattleOptions = {},
  ) {
    this.programmed = storage.slot('o2conquest.table.programmed', null, programmedBattle);
    this.rightHanded = storage.slot('o2conquest.table.rightControl', [], names);
    this.leftHanded = storage.slot('o2conquest.table.leftControl', [], names);
    this.ourCartridge = options.ourCartridge ?? (() => true);
    this.port = new MachineBattlePort(console, {
      enter: 'human',
      confirm: 'players',
      programmed: (p) => this.programmed.set(p),
      colourOf: (player) => this.game.gameState()?.players.find((p) => p.name === player)?.color ?? null,
    });
    this.port.programmed = this.programmed.get();
    for (const name of this.leftHanded.get()) this.port.setControl(name, 'left');
    for (const name of this.rightHanded.get()) this.port.setControl(name, 'right');
  }

  /** Told each time `state` changes. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** A battle (or the readout) is under way on the console: switching cartridge, undo and loading wait. */
  get busy(): boolean {
    return BUSY_STAGES.has(this.state.stage);
  }

  private set(patch: Partial<TableBattleState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of [...this.listeners]) fn();
  }

  /**
   * Fights the battle the game waits for on the console; resolves once its result is recorded. From the
   * last result screen too: the companion goes on from it (SPACE) as a player would.
   */
  async program(): Promise<void> {
    if (this.busy) return;
    if (this.game.elsewhere) {
      this.set({ error: 'Another tab of this browser plays this game: press “Play here instead” on the board first.' });
      return;
    }
    if (!this.pending()) {
      this.set({ error: 'Choose both weapons first (rule 12F): the battle is programmed with them.' });
      return;
    }
    await this.fight('programming');
  }

  /** After a reload: a battle already running on the (restored) machine is this battle; its result is awaited. */
  async resume(): Promise<void> {
    const request = this.pending();
    if (!request || this.busy) return;
    // The mailbox of the next frame the machine shows (a restored state's, after a reload).
    const m = await this.console.waitFor(() => true, 'a frame of the console');
    // Only the battle the game waits for is taken up; any other is left for "Program the battle" (which restarts the cartridge).
    if (this.port.isRunning(request, m) && !this.busy) await this.fight('fighting');
  }

  /**
   * Programs the waiting battle for the remote table, unless the machine already runs that very battle (the
   * host's page reloaded mid-battle, its machine restored from its autosave): then it is taken up, as `resume`
   * does, and the battle goes on from there instead of starting again.
   */
  async takeUpOrProgram(): Promise<void> {
    const request = this.pending();
    if (!request || this.busy) return;
    const m = await this.console.waitFor(() => true, 'a frame of the console');
    if (this.busy) return;
    if (this.port.isRunning(request, m)) await this.fight('fighting');
    else await this.program();
  }

  /**
   * A player asks for ENTER (a button, a gamepad's Start, a computer seat, the remote table's host): the
   * battle chart presses it while it waits for it. False when no battle waits for ENTER.
   */
  enter(): boolean {
    const chart = this.chart;
    if (!chart || (this.state.stage !== 'enter' && this.state.stage !== 'confirm')) return false;
    chart.send({ type: 'enter' });
    return true;
  }

  /**
   * Fights the waiting battle on the machine through the battle chart. The game records the outcome only
   * while it still waits for that very battle: an undo, a load or a changed weapon drops the fight (and
   * its result) with the step.
   */
  private async fight(from: 'programming' | 'fighting'): Promise<void> {
    const chart = this.game.battleChart();
    const request = this.pending();
    // A chart already under way is another fight's (it owns the stage): this one leaves it be.
    if (!chart || !request || chartStage(chart) !== 'ready') return;
    const seating = this.port.seating(request);
    const mine = ++this.fights;
    this.set({ stage: from, request, seating, error: null, words: null, ask: null });
    const before = this.game.gameState();
    const recorded = this.nextChange(before);
    this.watch(chart, request, mine);
    const outcome = await programBattle(chart, this.port, { enter: 'human', from });
    // A later fight replaced this one (it owns the panel now): nothing to tell anyone.
    if (mine !== this.fights) return;
    this.chart = null;
    if (!outcome) {
      // Dropped with its step (the game moved on), or failed: the battle waits again, with the reason.
      // One dropped to be fought again is no failure (a computer attacker's table would not try it again).
      const why = this.dropping === mine ? null : chartError(chart);
      this.set({ stage: 'ready', ask: null, error: why ? `The battle was not recorded: ${why}.` : null });
      return;
    }
    // The game records the outcome a moment later (a promise): the words are made from the state after it.
    const after = await recorded;
    const end = this.port.last?.mailbox?.end ?? 'none';
    const words = before && after ? describeBattle(request, outcome, seating, before, after, end) : null;
    this.set({ stage: 'result', words, ask: null });
  }

  private pending(): BattleRequest | null {
    return waitingBattle(this.game);
  }

  /** The battle the game waits for, both weapons chosen (it can be programmed now), or null. */
  get waiting(): BattleRequest | null {
    return this.pending();
  }

  /** The table shows the chart's stage while it runs (from `programming` on: `ready` is the table's own). */
  private watch(chart: BattleChartActor, request: BattleRequest, mine: number): void {
    this.chart = chart;
    const show = (): void => {
      const stage = chartStage(chart);
      if (mine !== this.fights || this.chart !== chart || stage === null || stage === 'ready') return;
      if (stage === this.state.stage) return;
      const ask =
        stage === 'confirm'
          ? { request: screenEnergies(request).request, seating: this.port.seating(request), prefill: {} }
          : null;
      this.set({ stage, ask });
    };
    chart.subscribe({ next: show, error: () => undefined });
    show();
  }

  /** The game's state once it is no longer `before`. */
  private nextChange(before: GameState | null | undefined): Promise<GameState | null | undefined> {
    return new Promise((resolve) => {
      const off = this.game.subscribe(() => {
        const now = this.game.gameState();
        if (now === before) return;
        off();
        resolve(now);
      });
    });
  }

  /** Rule 12E: SPACE on the result screen returns to program entry with the energy left. */
  async next(): Promise<void> {
    if (this.state.stage !== 'result') return;
    const fights = this.fights;
    try {
      await this.port.goOn();
    } finally {
      // A battle programmed while SPACE went in (a computer attacker's next battle) owns the stage now.
      if (this.fights === fights && this.state.stage === 'result') this.set({ stage: 'ready' });
    }
  }

  /** A player pressed SPACE on the console's result screen: the table goes on with it. */
  seen(m: CartMailbox): void {
    if (this.state.stage === 'result' && m.ours && m.phase === 'entry') this.set({ stage: 'ready' });
  }

  /**
   * Drops the battle under way and leaves it to be fought again from its start (a remote table's fighter
   * went away: the host chose so). Nothing is recorded: the port's fight is cancelled, so the battle
   * chart goes back to waiting to be programmed (as after a failed try, without the failure's words),
   * and the machine goes back to the cartridge's program entry. False when no battle is under way.
   */
  async drop(reason: string): Promise<boolean> {
    if (!this.chart || !DROPS.has(this.state.stage)) return false;
    this.dropping = this.fights;
    await this.port.backToEntry(reason);
    return true;
  }

  /** The result shown belongs to a step undone (or about to be replaced): the table is ready to program a battle again. */
  forgetResult(): void {
    // An undone result left on the screen must not be read again as the battle the game then waits for.
    this.port.forgetProgrammed();
    if (this.state.stage === 'result') this.set({ stage: 'ready', words: null });
  }

  /** Who holds the left (red) control when `player` attacks `against`: swapped by the attacker's choice (kept). */
  swap(player: string, against?: string): void {
    if (this.busy) return;
    const side = this.port.swapControl(player, against);
    const right = new Set(this.rightHanded.get());
    const left = new Set(this.leftHanded.get());
    (side === 'right' ? right : left).add(player);
    (side === 'right' ? left : right).delete(player);
    this.rightHanded.set([...right]);
    this.leftHanded.set([...left]);
    this.set({});
  }

  /** The players' confirmed result of a foreign cartridge's battle (in the units on its screen). */
  confirmed(outcome: BattleOutcome): void {
    this.chart?.send({ type: 'confirmed', outcome });
  }

  /**
   * Rule 2: starts the WAR GAME readout; a player stops it with SPACE; the digit is recorded. With
   * `stopAfterFrames` the table itself presses SPACE that many frames in (a table of computers only).
   */
  async readout(stopAfterFrames?: number): Promise<void> {
    if (this.busy) return;
    // The mailbox signature appears only once our cartridge runs (not at SELECT GAME): ask what is loaded.
    if (!this.ourCartridge()) {
      this.set({
        error:
          'This cartridge is not ours, so its readout cannot be read from the machine: click the board and press the stopped digit (0-9).',
      });
      return;
    }
    const chart = this.game.readoutChart();
    if (!chart) {
      this.set({ error: 'Every player calls a number first (rule 2); then the readout runs.' });
      return;
    }
    this.set({ stage: 'readout', error: null });
    const stop =
      stopAfterFrames === undefined
        ? { stop: 'human' as const }
        : { stop: 'port' as const, runFrames: stopAfterFrames };
    // The game records the stopped digit as the `first.readout` step.
    const stopper = new AbortController();
    this.readoutStop = stopper;
    const digit = await runReadout(chart, (signal) =>
      this.port.firstPlayerReadout({ ...stop, signal: AbortSignal.any([signal, stopper.signal]) }),
    );
    const why = chart.getSnapshot().context.error?.message;
    this.set({ stage: 'ready', error: digit === null && why ? `The readout was not read: ${why}.` : null });
  }

  /** Stops what runs (the page goes away). */
  cancel(): void {
    this.port.cancel('the table was closed');
    this.readoutStop?.abort('the table was closed');
  }
}
