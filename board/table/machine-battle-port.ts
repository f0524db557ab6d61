import type { CartMailbox } from '../../rom-core/roms/index.ts';
import type { BattleConsole } from './battle-console.ts';
import type { BattleOutcome, BattleRequest, Programmed, StagedBattlePort } from '../ports/battle-port.ts';
import { runBattle, type RunBattleOptions } from '../machines/battle-chart.ts';
import { readFirstPlayer, type ReadoutOptions } from './first-player-readout.ts';
import { BattleCancelledError } from '../ports/battle-port.ts';
import { boardOutcome, screenEnergies } from './screen-energy.ts';
import { CART_WEAPON, byColour, checkRequest, checkShown, outcomeProblem } from './battle-checks.ts';
import type { ConfirmRequest, ProgrammedBattle, Seating } from './battle-checks.ts';

export { outcomeProblem, WEAPON_WORDS } from './battle-checks.ts';
export type { ConfirmRequest, ProgrammedBattle, Seating } from './battle-checks.ts';

/**
 * A `BattlePort` that fights each battle on the console (our battle cartridge), through a
 * `BattleConsole` (Node: rom-core's SteppedConsole; browser: the worker's). It programs the entry the
 * way the manual's players do (SPACE, R, weapon, digits, B, weapon, digits, typed so the readouts fill
 * in), lets ENTER be typed or waits for a human to press it, waits for the result screen and reads the
 * outcome from the cartridge's mailbox. The left-hand control (J0) plays red, the right-hand one blue.
 */

export type ControlSide = 'left' | 'right';

export interface MachineBattlePortOptions {
  /** 'port' types ENTER itself (Node, the CLI); 'human' waits for a player to press it. Default 'port'. */
  enter?: 'port' | 'human';
  /**
   * On a cartridge that is not ours (no mailbox signature) the outcome cannot be read: the players
   * confirm it: through this callback, or ('players') as the battle chart's `confirmed` event. Without
   * either such a battle fails with a sentence saying so.
   */
  confirm?: ((ask: ConfirmRequest) => Promise<BattleOutcome>) | 'players';
  /**
   * Told each time a battle with an identity starts on the machine (and null when none may be taken
   * up again), so a page can keep it across a reload with the machine's autosave.
   */
  programmed?: (p: ProgrammedBattle | null) => void;
  /**
   * A player's marker colour (rule 1: each player's C/A markers), or null: a player whose markers are red
   * drives the red tank (left control) and one whose markers are blue the blue tank (right control), unless
   * the attacker chose a control.
   */
  colourOf?: (player: string) => string | null;
}

/** The last battle the port read from the machine, for the words at the table (battle-words.ts). */
export interface MachineBattleResult {
  request: BattleRequest;
  seating: Seating;
  outcome: BattleOutcome;
  /** The mailbox on the result screen; null when the players confirmed a foreign cartridge's result. */
  mailbox: CartMailbox | null;
  /** What the energies were divided by to fit the readout (1: typed as they are; screen-energy.ts). */
  divisor: number;
}

export class MachineBattlePort implements StagedBattlePort {
  /** The last battle fought, or null. */
  last: MachineBattleResult | null = null;
  /**
   * The battle last started on the machine (restored by a page after a reload): a battle found running
   * is taken up only when it is this one and the request's identity is its own.
   */
  programmed: ProgrammedBattle | null = null;
  private readonly sides = new Map<string, ControlSide>();
  private current: AbortController | null = null;
  /** A fight was cancelled: a battle still running on the machine is not the next request's. */
  private abandoned = false;
  /** A dropped battle's way back to program entry (`backToEntry`): programming waits for it. */
  private returning: Promise<void> = Promise.resolve();
  /** The cartridge's battle count while the entry waited for ENTER (a count moved on means it started). */
  private entryBattles = -1;
  private readonly options: MachineBattlePortOptions;

  constructor(
    readonly console: BattleConsole,
    options: MachineBattlePortOptions = {},
  ) {
    this.options = options;
  }

  /**
   * The control `player` takes when attacking `against`: the attacker's choice if it made one; else the
   * tank of its markers' colour (red left, blue right), or the one its opponent's colour leaves it; else left.
   */
  controlOf(player: string, against?: string): ControlSide {
    const chosen = this.sides.get(player);
    if (chosen) return chosen;
    const colour = (p: string | undefined): string | null =>
      p === undefined ? null : (this.options.colourOf?.(p)?.toLowerCase() ?? null);
    const mine = colour(player);
    if (mine === 'red') return 'left';
    if (mine === 'blue' || colour(against) === 'red') return 'right';
    return 'left';
  }

  /** Whether `player` chose its control (else its colours choose it). */
  choseControl(player: string): boolean {
    return this.sides.has(player);
  }

  /** Remembers which control `player` takes when attacking. */
  setControl(player: string, side: ControlSide): void {
    if (side !== 'left' && side !== 'right')
      throw new RangeError(`a control is "left" or "right", got ${JSON.stringify(side)}`);
    this.sides.set(player, side);
  }

  /** Swaps the controls `player` takes when attacking `against`; returns the new side (remembered as its choice). */
  swapControl(player: string, against?: string): ControlSide {
    const side = this.controlOf(player, against) === 'left' ? 'right' : 'left';
    this.sides.set(player, side);
    return side;
  }

  /** Who holds which control in a battle: the attacker's choice, the defender the other one. */
  seating(request: BattleRequest): Seating {
    const a = request.attacker.player;
    const d = request.defender.player;
    return this.controlOf(a, d) === 'left'
      ? { red: a, blue: d, attacker: 'red' }
      : { red: d, blue: a, attacker: 'blue' };
  }

  /** Cancels the battle under way, if any (undo, load, new game): its `fight` rejects with BattleCancelledError. */
  cancel(reason = 'the game moved on'): boolean {
    const c = this.current;
    if (!c) return false;
    c.abort(reason);
    return true;
  }

  /**
   * Fights `request` through the battle chart (battle-chart.ts), whose states are the battle's stages and
   * whose steps are this port's `program`, `pressEnter`, `started` and `result`. A battle already under way
   * here is replaced. `options.watch` is given the chart (the table shows its stage and sends it ENTER).
   */
  fight(
    request: BattleRequest,
    signal?: AbortSignal,
    options: Omit<RunBattleOptions, 'enter'> = {},
  ): Promise<BattleOutcome> {
    return runBattle(this, request, signal, { ...options, enter: this.options.enter ?? 'port' });
  }

  /** Rule 12E: SPACE on the result screen returns to program entry (energy left carried over). */
  async goOn(signal?: AbortSignal): Promise<void> {
    const m = await this.console.read();
    if (m.ours && m.phase === 'result') {
      await this.console.type(['SPACE'], signal);
      await this.console.waitFor((n) => n.phase === 'entry', 'program entry after SPACE on the result screen', signal);
    }
  }

  /**
   * Rule 2: starts the WAR GAME readout (from SELECT GAME, after a RESET if the cartridge is past it),
   * lets the digit run until SPACE stops it (typed here with `stop: 'port'`, or a human's on the
   * console) and returns the stopped digit for the `first.readout` event.
   */
  firstPlayerReadout(options: ReadoutOptions = {}): Promise<number> {
    return readFirstPlayer(this.console, options);
  }

  /**
   * The signal of this port's battle under way, from its `program` on: `cancel` aborts it as well as the
   * chart's own signal does. A battle dropped while it ran on the machine is left there (`abandoned`).
   */
  private follow(signal: AbortSignal, fresh: boolean): AbortSignal {
    if (fresh || !this.current) {
      this.current?.abort('replaced by another battle');
      this.current = new AbortController();
    }
    const mine = this.current;
    const both = AbortSignal.any([signal, mine.signal]);
    both.addEventListener('abort', () => {
      this.abandoned = true;
      if (this.current === mine) this.current = null;
    });
    return both;
  }

  /** Runs a step of the battle's under `follow`'s signal; an abort rejects with a BattleCancelledError. */
  private async step<T>(
    request: BattleRequest,
    signal: AbortSignal,
    fresh: boolean,
    work: (s: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const s = this.follow(signal, fresh);
    try {
      return await work(s);
    } catch (e) {
      if (s.aborted) throw new BattleCancelledError(request, reasonText(s.reason));
      throw e;
    }
  }

  /**
   * The chart's `programming`: types the entry as the manual's players do and checks it on the readouts;
   * 'running' when the machine already runs this very battle (a reload mid-battle), 'foreign' on a
   * cartridge that is not ours.
   */
  program(request: BattleRequest, signal: AbortSignal): Promise<Programmed> {
    checkRequest(request);
    return this.step(request, signal, true, (s) => this.typeEntry(request, s));
  }

  private async typeEntry(request: BattleRequest, signal: AbortSignal): Promise<Programmed> {
    const c = this.console;
    const { red, blue } = byColour(this.seating(request), screenEnergies(request).request);
    // A dropped battle's machine may still be on its way back to program entry (`backToEntry`).
    await this.returning;
    let m = await c.read();
    // The same battle already running (a reload mid-battle): its result is this battle's.
    if (m.ours && m.phase === 'battle' && !this.abandoned && this.isRunning(request, m)) return 'running';
    await this.toEntry(signal);
    const keys = [
      'R',
      CART_WEAPON[red.weapon],
      ...String(red.energy),
      'B',
      CART_WEAPON[blue.weapon],
      ...String(blue.energy),
    ];
    await c.type(keys, signal);
    m = await c.read();
    if (!m.ours) return 'foreign';
    if (m.phase !== 'entry')
      throw new Error(
        `the cartridge should be on program entry after the companion typed it, but it is in its ${m.phase} phase`,
      );
    checkShown('red', m.red, red);
    checkShown('blue', m.blue, blue);
    this.entryBattles = m.battles;
    return 'entry';
  }

  /**
   * The way to the cartridge's program entry, the one every battle takes before its entry is typed: a
   * battle running on the machine (a cancelled fight's, or one recorded before a reload) cannot be
   * stopped on the cartridge, so RESET goes back to SELECT GAME; then SPACE (our readout: SPACE stops
   * the digit, SPACE again opens entry).
   */
  private async toEntry(signal?: AbortSignal): Promise<void> {
    const c = this.console;
    let m = await c.read();
    if (m.ours && m.phase === 'battle') {
      await c.type(['RESET'], signal);
      m = await c.read();
    }
    this.abandoned = false;
    if (m.ours && m.phase === 'entry') return;
    await c.type(['SPACE'], signal);
    m = await c.read();
    for (let i = 0; i < 2 && m.ours && m.phase !== 'entry'; i++) {
      await c.type(['SPACE'], signal);
      m = await c.read();
    }
  }

  /**
   * A battle dropped while it ran (a remote table fights it again from its start): cancelled, never to be
   * taken up again (nor its result read), and the machine goes back to program entry at once, as the next
   * battle's programming would take it there, so nothing of it plays on meanwhile.
   */
  async backToEntry(reason: string): Promise<void> {
    this.forgetProgrammed();
    this.cancel(reason);
    this.abandoned = true;
    const done = this.returning.then(() => this.toEntry());
    // The next programming waits for it; a failure here (the console went away) is that programming's to meet.
    this.returning = done.catch(() => undefined);
    await done;
  }

  /** The chart's ENTER (the chart presses it when a player asks, or by itself with `enter: 'port'`). */
  pressEnter(signal: AbortSignal): Promise<void> {
    return this.console.type(['ENTER'], signal);
  }

  /** The chart's `enter`: resolves once the battle runs (ENTER reached the machine from anyone). */
  started(request: BattleRequest, signal: AbortSignal): Promise<void> {
    return this.step(request, signal, false, async (s) => {
      const battles = this.entryBattles;
      const m = await this.console.waitFor(
        (n) => n.phase === 'battle' || n.battles !== battles,
        'ENTER to start the battle',
        s,
      );
      this.setProgrammed(request.id === undefined ? null : { id: request.id, machineBattle: m.battles });
    });
  }

  /** The chart's `fighting` on the machine: the outcome read from the result screen. */
  result(request: BattleRequest, signal: AbortSignal): Promise<BattleOutcome> {
    return this.step(request, signal, false, async (s) => {
      const m = await this.console.waitFor(
        (n) => n.phase === 'result' && n.winner !== 'none',
        'the end of the battle (the result screen)',
        s,
      );
      const outcome = this.read(request, m);
      this.current = null;
      return outcome;
    });
  }

  /** A foreign cartridge's outcome from the players, through `options.confirm` when it is a callback. */
  ask(request: BattleRequest, signal: AbortSignal): Promise<BattleOutcome> {
    return this.step(request, signal, false, async (s) => {
      const confirm = this.options.confirm;
      if (confirm === 'players') return new Promise<never>(() => undefined);
      if (!confirm) {
        throw new Error(
          'the cartridge is not ours (no mailbox signature), so its result cannot be read; the players have to confirm it, and no confirm callback was given',
        );
      }
      // The players read the screen: they confirm in the units typed into it.
      const screen = screenEnergies(request);
      const answer = await Promise.race([
        confirm({ request: screen.request, seating: this.seating(request), prefill: {} }),
        new Promise<never>((_, reject) =>
          s.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }),
        ),
      ]);
      const problem = this.confirmProblem(request, answer);
      if (problem) throw new Error(`the confirmed result cannot be right: ${problem}`);
      return this.confirmed(request, answer);
    });
  }

  confirmProblem(request: BattleRequest, answer: BattleOutcome): string | null {
    return outcomeProblem(screenEnergies(request).request, answer);
  }

  confirmed(request: BattleRequest, answer: BattleOutcome): BattleOutcome {
    const screen = screenEnergies(request);
    const seating = this.seating(request);
    const outcome = boardOutcome(request, screen, { winner: answer.winner, energy: { ...answer.energy } });
    this.last = { request, seating, outcome, mailbox: null, divisor: screen.divisor };
    return outcome;
  }

  /**
   * The battle last started is no longer the game's to take up (an undo, a load, a new game): a result it
   * left on the screen is never read as the battle the game waits for next.
   */
  forgetProgrammed(): void {
    this.setProgrammed(null);
  }

  private setProgrammed(p: ProgrammedBattle | null): void {
    this.programmed = p;
    this.options.programmed?.(p);
  }

  /**
   * Whether the battle running on the machine is `request`'s: the weapons on the readouts are the ones
   * this request programs, and for a battle of a game, it is the battle last started for this very
   * identity (the cartridge's count unchanged since). A battle left from before a reload whose result
   * the game already took is never taken for the next one.
   */
  isRunning(request: BattleRequest, m: CartMailbox): boolean {
    if (!(m.ours && (m.phase === 'battle' || this.showsResult(request, m)))) return false;
    const { red, blue } = byColour(this.seating(request), request);
    if (m.red.weapon !== CART_WEAPON[red.weapon] || m.blue.weapon !== CART_WEAPON[blue.weapon]) return false;
    if (request.id === undefined) return m.phase === 'battle';
    const p = this.programmed;
    // The cartridge counts a battle when it ends (mailbox 0Ah): on its result screen it is one more.
    return p !== null && p.id === request.id && (p.machineBattle + (m.phase === 'result' ? 1 : 0)) % 256 === m.battles;
  }

  /**
   * Whether the machine shows the result of a battle (a page reloaded as the battle ended, before the
   * game kept its result): with the programmed battle's id that result is this battle's, read and
   * recorded as if the page had stayed (a fought battle is never lost, nor fought again).
   */
  private showsResult(request: BattleRequest, m: CartMailbox): boolean {
    return request.id !== undefined && m.phase === 'result' && m.winner !== 'none';
  }

  private read(request: BattleRequest, m: CartMailbox): BattleOutcome {
    const screen = screenEnergies(request);
    const seat = this.seating(request);
    const attackerSide = seat.attacker === 'red' ? m.red : m.blue;
    const defenderSide = seat.attacker === 'red' ? m.blue : m.red;
    const winner = m.winner === 'both' ? 'both-destroyed' : m.winner === seat.attacker ? 'attacker' : 'defender';
    const shown: BattleOutcome = { winner, energy: { attacker: attackerSide.energy, defender: defenderSide.energy } };
    for (const r of ['attacker', 'defender'] as const) {
      if (shown.energy[r] > screen.request[r].energy) {
        throw new Error(
          `the cartridge shows ${shown.energy[r]} energy left for the ${r} (${request[r].player}), more than the ${screen.request[r].energy} programmed`,
        );
      }
    }
    const outcome = boardOutcome(request, screen, shown);
    this.last = { request, seating: seat, outcome, mailbox: m, divisor: screen.divisor };
    return outcome;
  }
}

const reasonText = (r: unknown): string => (r instanceof Error ? r.message : String(r ?? 'aborted'));
