/**
 * Computer players at the table, headless: any seat can be played by the computer at three levels. Its
 * board moves come from board/ai (public state and legal actions only), each after a short pause people
 * can follow (the clock port), sent to the game like anyone's, with the reason said in a sentence. Its
 * battles are fought on the console by the battle bot, which holds the seat's hand control (the machine's
 * controls port); when the attacker is a computer the table programs the battle, asks the battle chart for
 * ENTER, and goes on after the result. Which seats are computers is kept (storage port) per seat name and
 * can change at any time, mid-game included. The page (src/table/computer-seats.ts) only draws it.
 */
import { ComputerPlayers } from '../ai/computer-players.ts';
import { isLevel, type Level } from '../ai/levels.ts';
import { seededRng, type Rng } from '../ai/rng.ts';
import type { MachineControls, Stored, TableClock, TableMoves, TableStorage } from './ports.ts';
import { waitingBattle, type TableBattle } from './table-battle.ts';
import type { BattleRequest } from '../ports/battle-port.ts';

/** The visible pause before a computer's board move and between its battle steps. */
export const COMPUTER_PAUSE_MS = 900;

export type Seats = Record<string, Level>;

const seatsOf = (v: unknown): Seats | undefined => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const out: Seats = {};
  for (const [name, level] of Object.entries(v)) if (isLevel(level)) out[name] = level;
  return out;
};

export interface TableComputersOptions {
  pauseMs?: number;
  /** How fast a battle only bots fight is shown (1: real time). */
  botBattleSpeed?: () => number;
  /** What the computers did or could not do, in a sentence. */
  say?: (text: string) => void;
  /** The computers' wait after an undo began or ended (the page shows "Computers play on"). */
  changed?: () => void;
}

export class TableComputers {
  private stored: Stored<Seats>;
  private seats: Seats;
  private players: ComputerPlayers;
  private cancelTimer: (() => void) | null = null;
  /** The levels the machine's bots play on the left and right controls now (null: a person). */
  private readonly assigned: (Level | null)[] = [null, null];
  private enterPresses = 0;
  /** The game state whose battle the machine refused to program, so the computers do not retry it. */
  private refusedAt: unknown = null;
  private destroyed = false;
  private readonly pauseMs: number;
  /** The speed these computers set the machine to (1 once they gave it back at normal speed). */
  private spedUp = 1;
  /**
   * After an undo or redo the computers wait, so the players can step back past the computers' moves
   * (a battle result included) instead of watching them replay at once. `heldLog` is the game's log
   * length after that step: a person's next move (a longer log) or `release` lets them go on.
   */
  held = false;
  private heldLog: number | null = null;
  private botsCleared = false;
  /** A guest's page at a remote table: the computers are the host's (standDown). */
  private off = false;
  /** For the readout's stretch nobody chose (a table of computers only). */
  private readonly rng: Rng;
  /**
   * Who else's control a bot holds in a battle (no seat of the computer's: it makes no board move): a
   * player away from a game by mail whose standing orders send their battle bot.
   */
  standIn: (name: string) => Level | null = () => null;
  /**
   * Whether a player sits at another keyboard (a remote table's guest): nobody here can stop the readout or
   * start the end game for them, so with only computers and such players the table does it itself.
   */
  elsewhere: (name: string) => boolean = () => false;
  /**
   * Whether a player's browser is away now (a remote table's guest gone silent): a computer's battle
   * against them waits to be programmed until they are back (remote-host.ts programs it then too).
   */
  away: (name: string) => boolean = () => false;

  constructor(
    private readonly game: TableMoves,
    private readonly battle: TableBattle,
    private readonly controls: MachineControls,
    private readonly clock: TableClock,
    storage: TableStorage,
    private readonly options: TableComputersOptions = {},
  ) {
    this.stored = storage.slot<Seats>('o2conquest.table.computers', {}, seatsOf);
    this.seats = this.stored.get();
    this.pauseMs = options.pauseMs ?? COMPUTER_PAUSE_MS;
    this.rng = seededRng(1 + (clock.now() % 100_000));
    this.players = this.build();
  }

  private say(text: string): void {
    this.options.say?.(text);
  }

  /** A guest's page at a remote table: the computers play at the host, so none plays here. */
  standDown(): void {
    this.off = true;
    this.seats = {};
    this.cancel();
  }

  /** The computer's level for a seat it plays, or null for a person. */
  levelOf(name: string): Level | null {
    return Object.hasOwn(this.seats, name) ? this.seats[name] : null;
  }

  isComputer(name: string): boolean {
    return Object.hasOwn(this.seats, name);
  }

  /** The computer plays `name` at `level` (kept), or a person does (null). */
  setSeat(name: string, level: Level | null): void {
    const next = { ...this.seats };
    if (level) next[name] = level;
    else delete next[name];
    this.seats = next;
    this.stored.set(next);
    this.players = this.build();
    this.say(level ? `${name} is played by the computer (${level}).` : `${name} is played by a person.`);
    this.act();
  }

  /** An undo or redo is about to happen: the computers wait until a person moves or lets them go on. */
  hold(action: 'undo' | 'redo'): void {
    if (!Object.keys(this.seats).length) return;
    this.held = true;
    this.heldLog = null;
    this.cancel();
    this.options.changed?.();
    this.say(`The computers wait after the ${action}: undo further, make a move, or press “Computers play on”.`);
  }

  /** "Computers play on": the wait after an undo ends. */
  release(text = 'The computers play on.'): void {
    this.held = false;
    this.heldLog = null;
    this.options.changed?.();
    this.say(text);
    this.act();
  }

  /** Whether the computers still wait after an undo (a person's forward step ends the wait). */
  private waiting(): boolean {
    if (!this.held) return false;
    const n = this.game.gameState()?.log.length ?? 0;
    if (this.heldLog === null) this.heldLog = n;
    else if (n > this.heldLog) {
      this.held = false;
      this.options.changed?.();
    }
    return this.held;
  }

  private build(): ComputerPlayers {
    const seats = Object.entries(this.seats).map(([name, level]) => ({ name, level }));
    return new ComputerPlayers(seats, 1 + (this.clock.now() % 100_000));
  }

  private pending() {
    return waitingBattle(this.game);
  }

  /** One step for the computers, if one is theirs: a board move, or a battle step, after a pause. */
  act(): void {
    if (this.off || this.cancelTimer !== null || this.destroyed) return;
    // Another tab plays this game: the computers wait with everybody else here.
    if (this.game.elsewhere) return;
    this.syncBots();
    if (this.waiting()) return;
    if (this.battleStep()) return;
    if (this.battle.busy) return;
    const state = this.game.gameState();
    if (!state || state.phase === 'over' || this.pending()) return;
    let move;
    try {
      move = this.players.moveNow(state);
    } catch (e) {
      this.say(`The computer could not choose a move: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const nobodyElse = state.players.every((p) => p.eliminated || this.isComputer(p.name) || this.elsewhere(p.name));
    if (!move && state.phase === 'first-player' && nobodyElse && this.battle.state.stage === 'ready') {
      // Rule 2: every digit is called and no person at this keyboard to stop the readout: the table stops it itself, after
      // a stretch of 30-150 frames nobody chose (the digit is as much chance as a player's blind SPACE).
      const frames = 30 + this.rng.int(121);
      this.later(() => {
        if (this.game.gameState() === state) void this.battle.readout(frames);
      });
      return;
    }
    if (!move) {
      // Rule 21: nobody's turn before the end game; a person starts it with the board's button, but a table of
      // computers only would wait for ever (the deadlock a whole computer game found).
      if (state.phase === 'awaiting-endgame' && nobodyElse) {
        this.later(() => {
          if (this.game.gameState() !== state) return;
          const ok = this.game.act({ type: 'endgame.start' });
          this.say(
            ok
              ? 'The computers start the end game (rule 21).'
              : 'The end game could not be started; a person may start it.',
          );
        });
      }
      return;
    }
    const chosen = move;
    this.later(() => {
      // The game may have moved on during the pause (a person's move, an undo): ask again then.
      if (this.game.gameState() !== state) return;
      const ok = this.game.act(chosen.event);
      this.say(
        ok
          ? `${chosen.player} (${chosen.level}): ${chosen.reason}`
          : `${chosen.player} (${chosen.level}) tried a move the rules refused; choose “a person” for ${chosen.player} to play it instead.`,
      );
    });
  }

  /** A computer attacker's battle: programmed, ENTER asked of the chart, gone on from the result. True when one is under way. */
  private battleStep(): boolean {
    const d = this.battle.state;
    // The attacker's player runs a battle; an attacker away by mail (their bot stands in) leaves it to the computer
    // they fight here (the end game's challenger is often the away one, and nobody here ran that battle).
    const mine = (r: BattleRequest | null | undefined): boolean =>
      !!r &&
      (this.isComputer(r.attacker.player) ||
        (this.standIn(r.attacker.player) !== null && this.isComputer(r.defender.player)));
    if (d.stage === 'enter' && mine(d.request)) {
      // Asked again after a while if the console has not started the battle (a key it missed).
      this.later(() => void this.battle.enter(), this.enterPresses++ === 0 ? 1 : 3);
      return true;
    }
    if (d.stage === 'result' && mine(d.request)) {
      // The game's last battle has nothing to go on to: its result stays on the screen and the panel.
      if (this.game.gameState()?.phase === 'over') return true;
      // The result's words stay up a little longer than a move's pause.
      this.later(() => {
        if (this.game.gameState()?.phase !== 'over') void this.battle.next();
      }, 3);
      return true;
    }
    if (this.battle.busy) return false;
    const request = this.pending();
    const state = this.game.gameState();
    // From the last battle's result screen too (a person's battle just ended): the companion goes on from it.
    if (!request || !mine(request) || (d.stage !== 'ready' && d.stage !== 'result')) return false;
    // A battle the machine refused once is not programmed again and again: a person takes it from there.
    if (this.refusedAt !== null && this.refusedAt === state) return true;
    if (this.away(request.attacker.player) || this.away(request.defender.player)) return true;
    this.later(
      () => {
        const now = this.pending();
        if (!now || this.battle.busy || this.away(now.attacker.player) || this.away(now.defender.player)) return;
        this.enterPresses = 0;
        const at = this.game.gameState();
        void this.battle.program().then(() => {
          const error = this.battle.state.error;
          if (this.battle.state.stage !== 'ready' || !error) return;
          this.refusedAt = at;
          this.say(`The computer's battle could not be programmed (${error}); a person may program it.`);
        });
      },
      d.stage === 'result' ? 3 : 1,
    );
    return true;
  }

  private later(fn: () => void, pauses = 1): void {
    this.cancelTimer = this.clock.later(() => {
      this.cancelTimer = null;
      if (this.destroyed) return;
      fn();
      this.act();
    }, this.pauseMs * pauses);
  }

  private cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** The bot holds a computer combatant's hand control while a battle is programmed and fought. */
  private syncBots(): void {
    if (!this.botsCleared) {
      // Whatever an earlier page left on the controls (a practice bot) is let go: here only the computers' battles are steered.
      this.botsCleared = this.controls.setBot(0, null, 0) && this.controls.setBot(1, null, 0);
    }
    const d = this.battle.state;
    const fighting = ['programming', 'enter', 'fighting'].includes(d.stage) && d.seating !== null;
    const level = (name: string): Level | null => this.levelOf(name) ?? this.standIn(name);
    this.assign(0, fighting && d.seating ? level(d.seating.red) : null);
    this.assign(1, fighting && d.seating ? level(d.seating.blue) : null);
    const nobodyPlays = fighting && this.assigned[0] !== null && this.assigned[1] !== null;
    this.setSpeed(nobodyPlays ? (this.options.botBattleSpeed?.() ?? 1) : 1);
  }

  /** Fast-forwards a battle only bots fight, and gives the machine back at normal speed after it. */
  private setSpeed(speed: number): void {
    if (speed === this.spedUp) return;
    if (this.controls.setSpeed(speed)) this.spedUp = speed;
  }

  private assign(stick: 0 | 1, level: Level | null): void {
    if (this.assigned[stick] === level) return;
    if (this.controls.setBot(stick, level, 1 + (this.clock.now() % 65_536))) this.assigned[stick] = level;
  }

  destroy(): void {
    this.destroyed = true;
    this.cancel();
    this.assign(0, null);
    this.assign(1, null);
    this.setSpeed(1);
  }
}
