/**
 * The table (#/table): the board companion and the console on one page, for a whole evening. The
 * board (zone bars, Power Base Record, chips, whose turn) stays in view beside the console's picture;
 * during a battle the picture grows (integer ×2 or more) beside the war panel. Battles are programmed
 * into the machine and their results read back from it (battle-driver.ts); the game autosaves as on
 * the board page and the machine autosaves into this browser, so a reload mid-battle comes back to
 * the same battle.
 */
import { el } from '../platform/dom.ts';
import { readMailbox } from '../../rom-core/roms/index.ts';
import { mountBoardView } from '../board-view/index.ts';
import type { BoardView } from '../board-view/index.ts';
import { loadStateOn } from '../machine/load-state.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import { ScreenView } from '../machine/screen-view.ts';
import { restoreTableMachine, saveTableMachine } from './table-autosave.ts';
import { InputRouter } from '../machine/input-router.ts';
import { LibraryPanel } from '../machine/library-panel.ts';
import { WorkerBattleConsole } from '../machine/battle-console.ts';
import { battleDriver, type BattleDriver } from './battle-driver.ts';
import { renderBattle } from './war-panel.ts';
import { belongs, fightNow, guestBattle, guestPlay, type FightNow } from './fight-now.ts';
import { TableNews } from './table-news.ts';
import { ComputerSeats } from './computer-seats.ts';
import { renderControlsLegend } from './controls-legend.ts';
import { TablePlay } from './table-play.ts';
import type { ViewState } from '../board-view/types.ts';
import { RemotePanel } from './remote-panel.ts';
import { MailPanel } from './mail-panel.ts';
import { BotBattles } from '../machine/bot-battles.ts';
import { TableCues, memoryStore } from '../../board/index.ts';
import { boardHooks, type TableParts } from './board-hooks.ts';
import { playUiSound } from '../audio/ui-sounds.ts';

/** The standard gamepad's Start button: ENTER at the table. */
const PAD_START = 9;

export class TablePage {
  private readonly root: HTMLElement;
  private readonly message: HTMLElement;
  private readonly screen: ScreenView;
  private readonly input: InputRouter;
  private readonly library: LibraryPanel;
  private readonly board: BoardView;
  /** Under the picture: the battle's seats, "Program the battle", ENTER, the result in words. */
  private readonly battleBox: HTMLElement;
  private readonly driver: BattleDriver;
  private readonly seats: ComputerSeats;
  private readonly play: TablePlay;
  /** Players on other computers (issue 21): this page hosts a remote table, or is a guest at one. */
  private readonly remote: RemotePanel;
  /** Players far apart (issue 21): turns by file or link; none at a guest's page (its board is the host's). */
  private readonly mail: MailPanel | null;
  private readonly cleanups: (() => void)[] = [];
  private padStart = false;
  private guestFighting = false;
  /**
   * The machine's autosaves are kept once its autosave was read back: a fresh machine running while the page
   * starts posts its own, which overwrote the battle saved before a reload (table-people saw it restore frame 420).
   */
  private autosaving = false;
  private destroyed = false;
  /** The board's panel (phase, turn, war) at the last layout, and whether it moved on while the console had the keys. */
  private lastPanel = '';
  private panelMoved = false;
  /** What the table said, kept only while it holds (an old result, the autosave's note). */
  private readonly news = new TableNews();
  /** "Your turn" and a battle won, as sounds (with the sound settings). */
  private readonly cues = new TableCues();
  /** A touch screen: the words name the on-screen sticks, not the keys. */
  private readonly touch = matchMedia('(pointer: coarse)').matches;

  constructor(
    private readonly host: MachineHost,
    container: HTMLElement,
  ) {
    const boardBox = el('div', { class: 'tb-board' });
    this.message = el('p', { class: 'console-message', id: 'table-message', role: 'status', 'aria-live': 'polite' });
    this.library = new LibraryPanel(host, {
      loadState: (bytes, what) => loadStateOn(host, bytes, what),
      booted: () => undefined,
    });
    this.screen = new ScreenView(host, {
      onDrop: (files) => void this.library.takeFiles(files).then(() => this.screen.focus()),
    });
    this.battleBox = el('div', { class: 'tb-battle-box' });
    const consoleBox = el('div', { class: 'tb-console' }, this.screen.element, this.message, this.battleBox);
    this.root = el('section', { class: 'table', id: 'table', 'data-battle': 'off' }, boardBox, consoleBox);
    container.append(this.root);

    const battleConsole = new WorkerBattleConsole(host);
    const parts: TableParts = {};
    // ?join=CODE: a guest at another browser's table. Its board shows the host's game and keeps nothing here.
    const query = new URLSearchParams(location.search);
    const joinCode = query.get('join');
    this.board = mountBoardView(boardBox, {
      ...(joinCode !== null ? { store: memoryStore(), tab: null } : {}),
      keysOnlyWhenFocused: true,
      table: boardHooks(parts, this.news, () => void this.readout()),
    });
    parts.board = this.board;
    this.driver = battleDriver(
      battleConsole,
      this.board.controller,
      () => this.changed(),
      () => host.runtime?.info.builtinCart === 'battle',
    );
    parts.driver = this.driver;
    // ?computerPause=MS shortens the computers' visible pause (tests, impatient players).
    const pause = Number(new URLSearchParams(location.search).get('computerPause'));
    this.seats = new ComputerSeats(
      host,
      this.board.controller,
      this.driver,
      Number.isFinite(pause) && pause >= 0 && pause <= 10_000 ? pause : undefined,
    );
    parts.seats = this.seats;
    consoleBox.append(this.seats.element);
    const away = this.playersAway(consoleBox, joinCode, query.get('name'));
    this.remote = parts.remote = away.remote;
    this.mail = away.mail;
    this.input = new InputRouter(host, {
      screen: this.screen.box,
      ownsKey: (e) => e.target instanceof Node && this.board.element.contains(e.target),
      // From the entry on the screen to the result: both controls steer from their keys, wherever the focus is.
      battle: () =>
        this.driver.state.stage === 'enter' || this.driver.state.stage === 'fighting' || this.remote.battling,
    });
    this.cleanups.push(this.input.onBindings(() => this.layout()));
    this.root.append(this.input.remap.element);
    // With the picture: the turn banner in a war's battle, and on a touch screen ENTER, SPACE and both sticks.
    this.play = new TablePlay(this.screen.element, this.input, {
      computer: (name) => this.seats.isComputer(name),
      elsewhere: (name) => this.remote.heldElsewhere(name) != null,
      away: (name) => this.remote.awayHolder(name),
    });
    this.cleanups.push(() => this.play.destroy());

    this.listen();
  }

  /** The machine's words, autosaves and frames; the console's switch guard; the board's steps; the window's size. */
  private listen(): void {
    const host = this.host;
    this.cleanups.push(
      host.on({
        message: (text, kind) => this.say(text, kind),
        autosave: (state, frame) => {
          if (this.autosaving) void saveTableMachine(host, state, frame);
        },
        frame: (_pixels, eram) => {
          if (this.driver.state.stage === 'result') this.driver.seen(readMailbox(eram));
        },
      }),
      host.addSwitchGuard(() =>
        this.driver.busy ? 'a battle is under way at the table; its result is recorded first.' : null,
      ),
      this.board.controller.subscribe(() => this.layout()),
    );
    const onResize = (): void => this.layout();
    window.addEventListener('resize', onResize);
    this.cleanups.push(() => window.removeEventListener('resize', onResize));
  }

  /** Players on other computers: the remote table (host or guest), and play by mail (none at a guest's page). */
  private playersAway(
    consoleBox: HTMLElement,
    joinCode: string | null,
    name: string | null,
  ): { remote: RemotePanel; mail: MailPanel | null } {
    const host = this.host;
    const remote = new RemotePanel(
      {
        controller: this.board.controller,
        machine: host,
        computer: (player) => this.seats.isComputer(player),
        giveToComputer: (player) => this.seats.play(player, 'medium'),
        changed: () => {
          if (!this.destroyed) this.layout();
        },
        battle: this.driver,
      },
      joinCode,
      name,
    );
    this.seats.elsewhere = (player) => remote.heldElsewhere(player) != null;
    this.seats.away = (player) => remote.awayHolder(player) !== null;
    consoleBox.append(remote.element);
    if (remote.isGuest) {
      this.seats.standDown();
      return { remote, mail: null };
    }
    const mail = new MailPanel({
      controller: this.board.controller,
      refights: new BotBattles(() => {
        const api = host.runtime?.api;
        return api ? api.battleRoms() : Promise.reject(new Error('the console has not started'));
      }).refights,
      changed: () => {
        if (!this.destroyed) this.layout();
      },
    });
    consoleBox.append(mail.element);
    this.seats.standIn = (player) => mail.standIn(player);
    this.seats.elsewhere = (player) => remote.heldElsewhere(player) != null || mail.elsewhere(player);
    return { remote, mail };
  }

  async start(): Promise<void> {
    const host = this.host;
    const fresh = !host.probe.ready;
    host.attach('table');
    await host.start();
    const restored = fresh ? await restoreTableMachine(host) : null;
    this.autosaving = true;
    if (restored) this.say(restored.text, restored.error ? 'error' : 'info');
    if (restored && !restored.error) this.news.noted(restored.text);
    // The battle on the restored machine is read from its first frame, never from one the fresh machine posted before the load.
    if (restored?.frame !== undefined) await host.frameShown(restored.frame);
    await this.screen.start();
    this.layout();
    this.screen.focusIfUnclaimed(this.root);
    this.pollPads();
    host.probe.ready = true;
    this.remote.start();
    // A turn in the page's link is opened on the game resumed from the autosave, never before it (it would be replaced).
    void this.board.resumed.then(() => {
      if (!this.destroyed) this.mail?.start();
    });
    if (!this.remote.isGuest) void this.driver.resume();
  }

  private say(text: string, kind: 'info' | 'error' = 'info'): void {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  private changed(): void {
    this.board.redraw();
    this.layout();
  }

  /** The picture grows while a war or an end-game confrontation is on; the battle panel sits under it. */
  private layout(): void {
    const view = this.board.controller.snapshot().view;
    const battle = view.war !== null || (view.endgame?.match ?? null) !== null || this.driver.busy;
    this.root.dataset.battle = battle ? 'on' : 'off';
    this.root.dataset.stage = this.driver.state.stage;
    // The autosave's note is old news once the game or the battle moves on.
    const old = this.news.stale(view, this.driver.state.stage, this.board.element.dataset.ready === 'true');
    const here = (name: string): boolean => !this.seats.isComputer(name) && this.remote?.heldElsewhere(name) == null;
    for (const cue of this.cues.seen(view, here)) playUiSound(cue);
    if (old !== null && this.message.textContent === old) this.say('');
    const focusKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    // Another tab plays this game: this one offers no battle buttons, only the reason (the board offers the take-over).
    if (this.remote?.isGuest) {
      const fight = this.fightNow();
      // The board's "Legal now" follows the guest's battle starting and ending (the board itself did not move).
      const fighting = this.remote.guest?.battle != null;
      if (fighting !== this.guestFighting) this.board.redraw();
      this.guestFighting = fighting;
      const seated = view.players.filter((p) => !p.eliminated).map((p) => p.name);
      this.play.update(this.remote.guest?.battle ? 'fighting' : 'ready', guestPlay(fight, this.remote.guest, seated));
      const g = this.remote.guest;
      const waits = fight && this.remote.battleWaits(fight.attacker, fight.defender, !!(g?.battle ?? g?.watching));
      this.battleBox.replaceChildren(...guestBattle(fight, g, waits));
    } else if (this.board.controller.elsewhere) {
      this.battleBox.replaceChildren(
        el(
          'p',
          { class: 'tb-hint', 'data-elsewhere': '' },
          'Another tab of this browser plays this game: its battles are programmed there. “Play here instead” on the board moves the game to this tab.',
        ),
      );
    } else
      this.battleBox.replaceChildren(...this.battlePanel(view.players.filter((p) => !p.eliminated).map((p) => p.name)));
    if (focusKey)
      this.battleBox.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
    this.seats?.update();
    this.followBoard(view);
    // The page never scrolls: the table takes the window's height below the header.
    this.root.style.height = `${Math.max(400, window.innerHeight - this.root.getBoundingClientRect().top - 16)}px`;
  }

  /**
   * The console has the keys for its part of a step (the readout, a war's or a confrontation's battles,
   * SPACE after each); once the board has moved on to its next panel and the console's part is over,
   * the keys go to that panel (a homeland is chosen with "/", a turn played with the board's letters),
   * unless a person put the focus elsewhere.
   */
  private followBoard(view: ViewState): void {
    const panel = `${view.phase}|${view.turn ?? ''}|${view.war?.country ?? ''}`;
    if (panel !== this.lastPanel) this.panelMoved = this.lastPanel !== '';
    this.lastPanel = panel;
    const fighting = view.war !== null || (view.endgame?.match ?? null) !== null;
    if (!this.panelMoved || this.driver.busy || this.remote?.battling || fighting) return;
    this.panelMoved = false;
    if (document.activeElement === this.screen.box)
      this.board.element.querySelector<HTMLElement>('#bv-panel-title')?.focus({ preventScroll: true });
  }

  /** The battle's panel for the war or match the game is at (none outside one). */
  private battlePanel(seated: string[]): HTMLElement[] {
    const fight = this.fightNow();
    const attackerLeft = fight && this.driver.port.controlOf(fight.attacker, fight.defender) === 'left';
    this.play?.update(this.driver.state.stage, fight && { ...fight, seated, attackerLeft: attackerLeft === true });
    if (!fight) return [];
    return [
      renderBattle(
        this.driver,
        {
          program: () => void this.program(),
          enter: () => void this.enter(),
          next: () => void this.driver.next().then(() => this.screen.focus()),
        },
        {
          ...fight,
          seated,
          computer: (name) => this.seats.isComputer(name),
          waits: this.remote.battleWaits(fight.attacker, fight.defender, this.driver.busy),
          ...belongs(
            this.driver.state.request,
            fight,
            this.board.controller.pendingBattle(),
            this.driver.busy,
            this.news.resultHolds(this.board.controller.snapshot().view, this.driver.state.stage),
          ),
          touch: this.touch,
          legend: (red, blue, ...extra) =>
            renderControlsLegend(
              {
                red,
                blue,
                touch: this.touch,
                keys: this.input.keys(),
                swapped: this.input.swap,
                computer: (name) => this.seats.levelOf(name) ?? this.mail?.standIn(name) ?? null,
                remap: () => this.input.remap.open(),
              },
              ...extra,
            ),
        },
      ),
    ];
  }

  /** The battle the game is at, or the decided war's last battle while its result is the game's last step. */
  private fightNow(): FightNow | null {
    const view = this.board.controller.snapshot().view;
    return fightNow(view, this.driver, this.news.resultHolds(view, this.driver.state.stage));
  }

  private async program(): Promise<void> {
    const done = this.driver.program();
    // Players watch the readouts fill in and press ENTER there: keys go to the console again.
    this.screen.focus();
    await done;
  }

  /** ENTER from the panel's button or a gamepad's Start: the battle chart presses it while it waits for it. */
  private enter(): void {
    this.screen.focus();
    this.driver.enter();
  }

  private async readout(): Promise<void> {
    const done = this.driver.readout();
    this.screen.focus();
    await done;
  }

  /**
   * Gamepads: Start presses ENTER (a battle's start), the sticks and fire go through the input router. Read
   * at the router's poll, which runs only while a pad is connected: no animation frame of its own.
   */
  private pollPads(): void {
    this.cleanups.push(
      this.input.onPads((pads) => {
        if (this.destroyed) return;
        const start = pads.some((p) => p.buttons[PAD_START]?.pressed === true);
        if (start && !this.padStart) void this.enter();
        this.padStart = start;
      }),
    );
  }

  destroy(): void {
    this.destroyed = true;
    this.driver.cancel();
    this.seats.destroy();
    this.remote.destroy();
    this.mail?.destroy();
    for (const c of this.cleanups) c();
    this.input.destroy();
    this.board.destroy();
    this.screen.destroy();
    this.root.remove();
    this.host.detach();
  }
}
