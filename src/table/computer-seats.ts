/**
 * Computer players at the table (issue 10): any seat can be played by the computer at three levels.
 * Its board moves come from board/ai (public state and legal actions only), each after a short pause
 * people can follow, sent through the board's controller like anyone's (so they land in the log), with
 * the reason shown in a sentence. Its battles are fought on the console by the battle bot, which holds
 * the seat's hand control in the worker; when the attacker is a computer the page programs the battle
 * and presses ENTER itself, and goes on after the result. Which seats are computers is kept in this
 * browser (per seat name) and can change at any time, mid-game included.
 */
import { ComputerPlayers, isLevel, LEVELS } from '../../board/index.ts';
import type { Level } from '../../board/index.ts';
import { el } from '../platform/dom.ts';
import { choice, jsonSetting } from '../platform/settings.ts';
import type { BoardController } from '../board-view/controller.ts';
import type { MachineHost } from '../machine/host.ts';
import type { BattleDriver } from './battle-driver.ts';

/** The visible pause before a computer's board move and between its battle steps. */
export const COMPUTER_PAUSE_MS = 900;

type Seats = Record<string, Level>;

const SEATS = jsonSetting<Seats>('o2conquest.table.computers', {}, (v) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const out: Seats = {};
  for (const [name, level] of Object.entries(v)) if (isLevel(level)) out[name] = level;
  return out;
});

/** How fast a battle between two computers is shown: watching 60 frames a second is slow when nobody plays. */
const BOT_BATTLE_SPEEDS = ['1', '4', '8'] as const;
const BOT_BATTLE_SPEED = choice('o2conquest.table.botBattleSpeed', BOT_BATTLE_SPEEDS, '1');

export class ComputerSeats {
  readonly element: HTMLElement;
  private readonly list = el('div', { class: 'tb-computer-seats' });
  private readonly status = el('p', { class: 'tb-seat-status', id: 'table-computer-status', role: 'status' });
  private seats: Seats = SEATS.get();
  private players: ComputerPlayers;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The levels the worker's bots play on the left and right controls now (null: a person). */
  private readonly assigned: (Level | null)[] = [null, null];
  private enterPresses = 0;
  /** The game state whose battle the machine refused to program, so the computers do not retry it. */
  private refusedAt: unknown = null;
  private shownNames = '';
  private destroyed = false;
  private readonly pauseMs: number;
  private readonly speedSelect: HTMLSelectElement;
  /** The speed this panel set the machine to (1 once it gave the machine back at normal speed). */
  private spedUp = 1;
  /**
   * After an undo or redo the computers wait, so the players can step back past the computers' moves
   * (a battle result included) instead of watching them replay at once. `heldLog` is the game's log
   * length after that step: a person's next move (a longer log) or "Computers play on" lets them go on.
   */
  private held = false;
  private heldLog: number | null = null;
  /** Whether the worker's bots were let go once this page had the machine (a page before may have left one). */
  private botsCleared = false;
  /** A guest's page at a remote table: the computers are the host's (standDown). */
  private off = false;
  private readonly goOn: HTMLButtonElement;
  /**
   * Who else's control a bot holds in a battle (no seat of the computer's: it makes no board move): a
   * player away from a game by mail whose standing orders send their battle bot (mail-panel.ts).
   */
  standIn: (name: string) => Level | null = () => null;

  constructor(
    private readonly host: MachineHost,
    private readonly controller: BoardController,
    private readonly driver: BattleDriver,
    pauseMs?: number,
  ) {
    this.pauseMs = pauseMs ?? COMPUTER_PAUSE_MS;
    this.players = this.build();
    this.element = el(
      'details',
      { class: 'tb-computers', id: 'table-computers' },
      el('summary', { text: 'Computer players' }),
      el('p', {
        class: 'tb-hint',
        text: 'Any seat can be played by the computer: it makes its board moves after a short pause, and its battles are fought on the console by the battle bot.',
      }),
      this.list,
      this.status,
    );
    this.speedSelect = el('select', {
      id: 'table-bot-speed',
      title: 'How fast a battle between two computers is shown',
    });
    for (const v of BOT_BATTLE_SPEEDS)
      this.speedSelect.append(el('option', { value: v, text: v === '1' ? 'as it happens' : `${v} times as fast` }));
    this.speedSelect.value = BOT_BATTLE_SPEED.get();
    this.speedSelect.addEventListener('change', () => {
      const v = BOT_BATTLE_SPEEDS.find((x) => x === this.speedSelect.value);
      if (v) BOT_BATTLE_SPEED.set(v);
      this.act();
    });
    this.element.insertBefore(
      el('label', { class: 'tb-bot-speed' }, 'Battles between two computers: ', this.speedSelect),
      this.status,
    );
    this.goOn = el('button', { type: 'button', 'data-key': 'computers-go-on', hidden: '' }, 'Computers play on');
    this.goOn.addEventListener('click', () => this.release('The computers play on.'));
    this.element.append(this.goOn);
  }

  /**
   * A guest's page at a remote table: the computers play at the host, so none plays here (this browser's
   * own choices stay saved for its own games).
   */
  standDown(): void {
    this.off = true;
    this.seats = {};
    clearTimeout(this.timer);
    this.element.replaceChildren(
      el('p', { class: 'tb-hint', text: "Computer players are chosen at the host's browser and play there." }),
    );
  }

  /** The computer's level for a seat it plays, or null for a person. */
  levelOf(name: string): Level | null {
    return Object.hasOwn(this.seats, name) ? this.seats[name] : null;
  }

  /** An undo or redo is about to happen: the computers wait until a person moves or lets them go on. */
  hold(action: 'undo' | 'redo'): void {
    if (!Object.keys(this.seats).length) return;
    this.held = true;
    this.heldLog = null;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.goOn.hidden = false;
    this.element.setAttribute('open', '');
    this.say(`The computers wait after the ${action}: undo further, make a move, or press “Computers play on”.`);
  }

  private release(text: string): void {
    this.held = false;
    this.heldLog = null;
    this.goOn.hidden = true;
    this.say(text);
    this.act();
  }

  /** Whether the computers still wait after an undo (a person's forward step ends the wait). */
  private waiting(): boolean {
    if (!this.held) return false;
    const n = this.controller.gameState()?.log.length ?? 0;
    if (this.heldLog === null) this.heldLog = n;
    else if (n > this.heldLog) {
      this.held = false;
      this.goOn.hidden = true;
    }
    return this.held;
  }

  private build(): ComputerPlayers {
    const seats = Object.entries(this.seats).map(([name, level]) => ({ name, level }));
    return new ComputerPlayers(seats, 1 + (Date.now() % 100_000));
  }

  isComputer(name: string): boolean {
    return Object.hasOwn(this.seats, name);
  }

  /** Redraws the seat list when the players change, then lets the computers act if it is their turn. */
  update(): void {
    if (this.destroyed || this.off) return;
    const view = this.controller.snapshot().view;
    const names = view.phase === 'setup' ? [] : view.players.map((p) => p.name);
    const key = names.join('\n');
    if (key !== this.shownNames) {
      this.shownNames = key;
      this.list.replaceChildren(
        ...(names.length
          ? names.map((n) => this.seatRow(n))
          : [el('p', { text: 'Start the game on the board first; then choose which seats the computer plays.' })]),
      );
    }
    this.act();
  }

  private seatRow(name: string): HTMLElement {
    const s = el('select', { 'data-key': `computer-${name}`, title: `Who plays ${name}` });
    s.append(el('option', { value: '', text: 'a person' }));
    for (const l of LEVELS) s.append(el('option', { value: l, text: `the computer (${l})` }));
    s.value = this.levelOf(name) ?? '';
    s.addEventListener('change', () => {
      const next = { ...this.seats };
      if (s.value && isLevel(s.value)) next[name] = s.value;
      else delete next[name];
      this.seats = next;
      SEATS.set(next);
      this.players = this.build();
      this.say(s.value ? `${name} is played by the computer (${s.value}).` : `${name} is played by a person.`);
      this.act();
    });
    return el('label', {}, `${name}: `, s);
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  /** One step for the computers, if one is theirs: a board move, or a battle step, after a pause. */
  private act(): void {
    if (this.off) return;
    if (this.timer !== undefined || this.destroyed) return;
    // Another tab plays this game: the computers wait with everybody else here.
    if (this.controller.elsewhere) return;
    this.syncBots();
    if (this.waiting()) return;
    const d = this.driver.state;
    const request = this.controller.pendingBattle();
    const attackerIsComputer = request ? this.isComputer(request.attacker.player) : false;
    if (d.stage === 'enter' && d.request && this.isComputer(d.request.attacker.player)) {
      // Pressed again after a while if the console has not started the battle (a key it missed).
      this.later(
        () => {
          this.driver.enter();
        },
        this.enterPresses++ === 0 ? 1 : 3,
      );
      return;
    }
    if (d.stage === 'result' && d.request && this.isComputer(d.request.attacker.player)) {
      // The result's words stay up a little longer than a move's pause.
      this.later(() => {
        void this.driver.next();
      }, 3);
      return;
    }
    if (this.driver.busy) return;
    const state = this.controller.gameState();
    if (state?.phase === 'over') return;
    // From the last battle's result screen too (a person's battle just ended): the companion goes on from it.
    if (request && attackerIsComputer && (d.stage === 'ready' || d.stage === 'result')) {
      // A battle the machine refused once is not programmed again and again: a person takes it from there.
      if (this.refusedAt !== null && this.refusedAt === state) return;
      this.later(
        () => {
          if (this.controller.pendingBattle() && !this.driver.busy) {
            this.enterPresses = 0;
            const at = this.controller.gameState();
            void this.driver.program().then(() => {
              const error = this.driver.state.error;
              if (this.driver.state.stage !== 'ready' || !error) return;
              this.refusedAt = at;
              this.say(`The computer's battle could not be programmed (${error}); a person may program it.`);
            });
          }
        },
        d.stage === 'result' ? 3 : 1,
      );
      return;
    }
    if (!state || request) return;
    let move;
    try {
      move = this.players.moveNow(state);
    } catch (e) {
      this.say(`The computer could not choose a move: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const nobodyElse = state.players.every((p) => p.eliminated || this.isComputer(p.name));
    if (!move && state.phase === 'first-player' && nobodyElse && d.stage === 'ready') {
      // Rule 2: every digit is called and no person is here to stop the readout: the table stops it itself, after
      // a stretch of 30-150 frames nobody chose (the digit is as much chance as a player's blind SPACE).
      this.later(() => {
        if (this.controller.gameState() === state) void this.driver.readout(30 + Math.floor(Math.random() * 121));
      });
      return;
    }
    if (!move) {
      // Rule 21: nobody's turn before the end game; a person starts it with the board's button, but a table of
      // computers only would wait for ever (the deadlock a whole computer game found).
      if (state.phase === 'awaiting-endgame' && nobodyElse) {
        this.later(() => {
          if (this.controller.gameState() !== state) return;
          const ok = this.controller.act({ type: 'endgame.start' });
          this.say(
            ok
              ? 'The computers start the end game (rule 21).'
              : 'The end game could not be started; a person may start it.',
          );
        });
      }
      return;
    }
    this.later(() => {
      // The game may have moved on during the pause (a person's move, an undo): ask again then.
      if (this.controller.gameState() !== state) return;
      const ok = this.controller.act(move.event);
      this.say(
        ok
          ? `${move.player} (${move.level}): ${move.reason}`
          : `${move.player} (${move.level}) tried a move the rules refused; a person may play it instead.`,
      );
    });
  }

  private later(fn: () => void, pauses = 1): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.destroyed) return;
      fn();
      this.act();
    }, this.pauseMs * pauses);
  }

  /** The bot holds a computer combatant's hand control while a battle is programmed and fought. */
  private syncBots(): void {
    const api = this.host.runtime?.api;
    if (!this.botsCleared && api) {
      // Whatever an earlier page left on the controls (a practice bot) is let go: here only the computers' battles are steered.
      this.botsCleared = true;
      void api.setBot(0, null);
      void api.setBot(1, null);
    }
    const d = this.driver.state;
    const fighting = ['programming', 'enter', 'fighting'].includes(d.stage) && d.seating !== null;
    const level = (name: string): Level | null => this.levelOf(name) ?? this.standIn(name);
    this.assign(0, fighting && d.seating ? level(d.seating.red) : null);
    this.assign(1, fighting && d.seating ? level(d.seating.blue) : null);
    const nobodyPlays = fighting && this.assigned[0] !== null && this.assigned[1] !== null;
    this.setSpeed(nobodyPlays ? Number(BOT_BATTLE_SPEED.get()) : 1);
  }

  /** Fast-forwards a battle only bots fight, and gives the machine back at normal speed after it. */
  private setSpeed(speed: number): void {
    if (speed === this.spedUp) return;
    const api = this.host.runtime?.api;
    if (!api) return;
    this.spedUp = speed;
    void api.setSpeed(speed);
  }

  private assign(stick: 0 | 1, level: Level | null): void {
    if (this.assigned[stick] === level) return;
    const api = this.host.runtime?.api;
    if (!api) return;
    this.assigned[stick] = level;
    void api.setBot(stick, level, 1 + (Date.now() % 65_536));
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.timer);
    this.assign(0, null);
    this.assign(1, null);
    this.setSpeed(1);
  }
}
