/**
 * Computer players at the table (issue 10), as the page shows them: a seat list (a person, or the
 * computer at a level), what the computers did in a sentence, how fast a battle between two computers is
 * shown, and "Computers play on" after an undo. What the computers do is board's TableComputers
 * (board/table/table-computers.ts); this file gives it the worker's controls, this browser's storage and
 * clock, and draws it.
 */
import { LEVELS, TableComputers, isLevel, realClock, type Level, type GameSession } from '../../board/index.ts';
import { el } from '../platform/dom.ts';
import { choice } from '../platform/settings.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import { browserStorage, type BattleDriver } from './battle-driver.ts';

/** How fast a battle between two computers is shown: watching 60 frames a second is slow when nobody plays. */
const BOT_BATTLE_SPEEDS = ['1', '4', '8'] as const;
const BOT_BATTLE_SPEED = choice('o2conquest.table.botBattleSpeed', BOT_BATTLE_SPEEDS, '1');

export class ComputerSeats {
  readonly element: HTMLElement;
  private readonly list = el('div', { class: 'tb-computer-seats' });
  private readonly status = el('p', { class: 'tb-seat-status', id: 'table-computer-status', role: 'status' });
  private readonly computers: TableComputers;
  /** The names the seat list shows (null: not drawn yet, so the list before any game says why it is empty). */
  private shownNames: string | null = null;
  private destroyed = false;
  private off = false;
  private readonly speedSelect: HTMLSelectElement;
  private readonly goOn: HTMLButtonElement;

  constructor(
    host: MachineHost,
    private readonly controller: GameSession,
    driver: BattleDriver,
    pauseMs?: number,
  ) {
    this.computers = new TableComputers(
      controller,
      driver,
      {
        setBot: (stick, level, seed) => {
          const api = host.runtime?.api;
          void api?.setBot(stick, level, seed);
          return api !== undefined;
        },
        setSpeed: (speed) => {
          const api = host.runtime?.api;
          void api?.setSpeed(speed);
          return api !== undefined;
        },
      },
      realClock,
      browserStorage,
      {
        pauseMs,
        botBattleSpeed: () => Number(BOT_BATTLE_SPEED.get()),
        say: (text) => {
          this.status.textContent = text;
        },
        changed: () => {
          this.goOn.hidden = !this.computers.held;
          if (this.computers.held) this.element.setAttribute('open', '');
        },
      },
    );
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
      this.computers.act();
    });
    this.element.insertBefore(
      el('label', { class: 'tb-bot-speed' }, 'Battles between two computers: ', this.speedSelect),
      this.status,
    );
    this.goOn = el('button', { type: 'button', 'data-key': 'computers-go-on', hidden: '' }, 'Computers play on');
    this.goOn.addEventListener('click', () => this.computers.release());
    this.element.append(this.goOn);
  }

  /** Who else's control a bot holds in a battle (a player away from a game by mail, under standing orders). */
  set standIn(fn: (name: string) => Level | null) {
    this.computers.standIn = fn;
  }

  /** Whether a player sits at another browser (a remote table's guest; TableComputers.elsewhere). */
  set elsewhere(fn: (name: string) => boolean) {
    this.computers.elsewhere = fn;
  }

  /** Whether a player's browser is away now (a remote table's guest): a computer's battle with them waits (TableComputers.away). */
  set away(fn: (name: string) => boolean) {
    this.computers.away = fn;
  }

  /**
   * A guest's page at a remote table: the computers play at the host, so none plays here (this browser's
   * own choices stay saved for its own games).
   */
  standDown(): void {
    this.off = true;
    this.computers.standDown();
    this.element.replaceChildren(
      el('p', { class: 'tb-hint', text: "Computer players are chosen at the host's browser and play there." }),
    );
  }

  /** The computer's level for a seat it plays, or null for a person. */
  levelOf(name: string): Level | null {
    return this.computers.levelOf(name);
  }

  isComputer(name: string): boolean {
    return this.computers.isComputer(name);
  }

  /** The computer plays `name` at `level` (the remote panel gives it a seat whose guest is gone), shown in its select. */
  play(name: string, level: Level): void {
    this.computers.setSeat(name, level);
    const select = this.list.querySelector<HTMLSelectElement>(`select[data-key="computer-${CSS.escape(name)}"]`);
    if (select) select.value = level;
  }

  /** An undo or redo is about to happen: the computers wait until a person moves or lets them go on. */
  hold(action: 'undo' | 'redo'): void {
    this.computers.hold(action);
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
          : [
              el('p', {
                class: 'tb-hint',
                'data-no-seats': '',
                text: 'Seats appear once the players are set up on the board (“Start game”); then choose which seats the computer plays.',
              }),
            ]),
      );
    }
    this.computers.act();
  }

  private seatRow(name: string): HTMLElement {
    const s = el('select', { 'data-key': `computer-${name}`, title: `Who plays ${name}` });
    s.append(el('option', { value: '', text: 'a person' }));
    for (const l of LEVELS) s.append(el('option', { value: l, text: `the computer (${l})` }));
    s.value = this.levelOf(name) ?? '';
    s.addEventListener('change', () => this.computers.setSeat(name, s.value && isLevel(s.value) ? s.value : null));
    return el('label', {}, `${name}: `, s);
  }

  destroy(): void {
    this.destroyed = true;
    this.computers.destroy();
  }
}
