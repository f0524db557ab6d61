/**
 * The table's battles on the console, as the game's battle chart runs them. The chart (the board
 * controller's engine) invokes each battle once both weapons are chosen, and the battle waits in the
 * controller's `battles` port; "Program the battle" fights it there on the engine's MachineBattlePort
 * (the entry typed into the machine, ENTER left to a player), and the chart records the outcome read
 * from the mailbox. The driver is a view of that: where the battle is, its words once recorded, what
 * went wrong. A result read from the machine is never typed by hand; on a cartridge that is not ours
 * the players confirm it (nothing is recorded unconfirmed). The first player's readout (rule 2) waits
 * in the controller's `readout` the same way.
 */
import { MachineBattlePort, describeBattle } from '../../board/index.ts';
import type { BattleConsole, BattleOutcome, BattleRequest, ConfirmRequest, Seating } from '../../board/index.ts';
import type { CartMailbox } from '../../rom-core/roms/index.ts';
import type { BoardController } from '../board-view/controller.ts';
import { jsonSetting } from '../platform/settings.ts';
import type { ProgrammedBattle } from '../../board/index.ts';

/**
 * The battle last started on the machine, kept beside the machine's autosave: after a reload, a battle
 * found running is taken up only if it is the one the game waits for (MachineBattlePort.isRunning).
 */
const PROGRAMMED = jsonSetting<ProgrammedBattle | null>('o2conquest.table.programmed', null, (value) => {
  const v = value as Partial<ProgrammedBattle> | null;
  return v && typeof v.id === 'string' && Number.isInteger(v.machineBattle)
    ? { id: v.id, machineBattle: v.machineBattle! }
    : null;
});

/** The players who take the right-hand control when attacking (the attacker's choice), kept across reloads. */
const RIGHT_HANDED = jsonSetting<string[]>('o2conquest.table.rightControl', [], (v) =>
  Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : undefined,
);

export type BattleStage =
  /** Nothing under way: the battle can be programmed once both weapons are chosen. */
  | 'ready'
  /** The companion is typing the entry into the machine. */
  | 'programming'
  /** The entry is on the screen: a player presses ENTER. */
  | 'enter'
  /** The battle runs on the console. */
  | 'fighting'
  /** A foreign cartridge: the players confirm who won and the energies left. */
  | 'confirm'
  /** The result is recorded; SPACE or "next battle" goes on. */
  | 'result'
  /** Rule 2: the WAR GAME readout runs until a player stops it with SPACE. */
  | 'readout';

export interface DriverState {
  stage: BattleStage;
  /** The battle being fought (or just fought). */
  request: BattleRequest | null;
  seating: Seating | null;
  /** The last battle's outcome in words. */
  words: string | null;
  /** What went wrong, in a sentence. */
  error: string | null;
  /** What the players are asked to confirm (foreign cartridge). */
  ask: ConfirmRequest | null;
}

export class BattleDriver {
  readonly port: MachineBattlePort;
  state: DriverState = { stage: 'ready', request: null, seating: null, words: null, error: null, ask: null };
  private answer: ((o: BattleOutcome) => void) | null = null;
  /** Fights begun, to tell a replaced fight from the one under way. */
  private fights = 0;

  constructor(
    private readonly console: BattleConsole,
    private readonly controller: BoardController,
    private readonly changed: () => void,
    /** Whether the machine runs our battle cartridge (a user's cartridge has no mailbox). */
    private readonly ourCartridge: () => boolean = () => true,
  ) {
    this.port = new MachineBattlePort(console, {
      enter: 'human',
      confirm: (ask) => this.confirm(ask),
      programmed: (p) => PROGRAMMED.set(p),
      stage: (stage) => {
        if (this.state.stage !== 'readout') this.set({ stage });
      },
    });
    this.port.programmed = PROGRAMMED.get();
    for (const name of RIGHT_HANDED.get()) this.port.setControl(name, 'right');
  }

  /** A battle (or the readout) is under way on the console: switching cartridge, undo and loading wait. */
  get busy(): boolean {
    return ['programming', 'enter', 'fighting', 'confirm', 'readout'].includes(this.state.stage);
  }

  private set(patch: Partial<DriverState>): void {
    this.state = { ...this.state, ...patch };
    this.changed();
  }

  /**
   * Fights the battle the chart waits for on the console; resolves once its result is recorded. From the
   * last result screen too: the companion goes on from it (SPACE) as a player would.
   */
  async program(): Promise<void> {
    if (this.busy) return;
    if (this.controller.elsewhere) {
      this.set({ error: 'Another tab of this browser plays this game: press “Play here instead” on the board first.' });
      return;
    }
    if (!this.controller.battles.pending) {
      this.set({ error: 'Choose both weapons first (rule 12F): the battle is programmed with them.' });
      return;
    }
    await this.fight('programming');
  }

  /** After a reload: a battle already running on the (restored) machine is this battle; its result is awaited. */
  async resume(): Promise<void> {
    const request = this.controller.battles.pending;
    if (!request || this.busy) return;
    // The mailbox of the next frame the machine shows (a restored state's, after a reload).
    const m = await this.console.waitFor(() => true, 'a frame of the console');
    // Only the battle the game waits for is taken up; any other is left for "Program the battle" (which restarts the cartridge).
    if (this.port.isRunning(request, m) && !this.busy) await this.fight('fighting');
  }

  /**
   * Fights the waiting battle on the machine through the chart's port. The chart records the outcome only
   * while it still waits for that very battle: an undo, a load or a changed weapon drops the fight (and
   * its result) with the step.
   */
  private async fight(stage: BattleStage): Promise<void> {
    const battles = this.controller.battles;
    const request = battles.pending;
    if (!request) return;
    const seating = this.port.seating(request);
    const mine = ++this.fights;
    this.set({ stage, request, seating, error: null, words: null, ask: null });
    const before = this.controller.gameState();
    const recorded = this.nextChange(before);
    const outcome = await battles.run(this.port);
    // A later fight replaced this one (it owns the panel now): nothing to tell anyone.
    if (mine !== this.fights) return;
    if (!outcome) {
      // Dropped with its step (the game moved on), or failed: the battle waits again, with the reason.
      const why = battles.error;
      this.set({ stage: 'ready', ask: null, error: why ? `The battle was not recorded: ${why}.` : null });
      return;
    }
    // The chart records the outcome a moment later (a promise): the words are made from the state after it.
    const after = await recorded;
    const end = this.port.last?.mailbox?.end ?? 'none';
    const words = before && after ? describeBattle(request, outcome, seating, before, after, end) : null;
    this.set({ stage: 'result', words, ask: null });
  }

  /** The engine's state once it is no longer `before`. */
  private nextChange(before: unknown): Promise<ReturnType<BoardController['gameState']>> {
    return new Promise((resolve) => {
      const off = this.controller.subscribe(() => {
        const now = this.controller.gameState();
        if (now === before) return;
        off();
        resolve(now);
      });
    });
  }

  /** Rule 12E: SPACE on the result screen returns to program entry with the energy left. */
  async next(): Promise<void> {
    if (this.state.stage !== 'result') return;
    try {
      await this.port.goOn();
    } finally {
      this.set({ stage: 'ready' });
    }
  }

  /** A player pressed SPACE on the console's result screen: the table goes on with it. */
  seen(m: CartMailbox): void {
    if (this.state.stage === 'result' && m.ours && m.phase === 'entry') this.set({ stage: 'ready' });
  }

  /** The result shown belongs to a step undone (or about to be replaced): the table is ready to program a battle again. */
  forgetResult(): void {
    if (this.state.stage === 'result') this.set({ stage: 'ready', words: null });
  }

  /** Who holds the left (red) control when `player` attacks: swapped by the attacker's choice. */
  swap(player: string): void {
    if (this.busy) return;
    const side = this.port.swapControl(player);
    const right = new Set(RIGHT_HANDED.get());
    if (side === 'right') right.add(player);
    else right.delete(player);
    RIGHT_HANDED.set([...right]);
    this.changed();
  }

  private confirm(ask: ConfirmRequest): Promise<BattleOutcome> {
    this.set({ stage: 'confirm', ask });
    return new Promise((resolve) => {
      this.answer = resolve;
    });
  }

  /** The players' confirmed result of a foreign cartridge's battle. */
  confirmed(outcome: BattleOutcome): void {
    const answer = this.answer;
    this.answer = null;
    answer?.(outcome);
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
    const gate = this.controller.readout;
    if (!gate.step) {
      this.set({ error: 'Every player calls a number first (rule 2); then the readout runs.' });
      return;
    }
    this.set({ stage: 'readout', error: null });
    const stop =
      stopAfterFrames === undefined
        ? { stop: 'human' as const }
        : { stop: 'port' as const, runFrames: stopAfterFrames };
    // The chart records the stopped digit as the `first.readout` step.
    const digit = await gate.run((_, signal) => this.port.firstPlayerReadout({ ...stop, signal }));
    this.set({
      stage: 'ready',
      error: digit === null && gate.error ? `The readout was not read: ${gate.error}.` : null,
    });
  }

  /** Stops what runs (the page goes away). */
  cancel(): void {
    this.port.cancel('the table was closed');
    this.controller.readout.cancel('the table was closed');
  }
}
