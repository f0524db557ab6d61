/**
 * The board companion as one component (the #/board page, and the table's board): it owns the controller, the
 * drafts, the clock, the tab's claim and the slots it draws into, and composes the parts (toolbar, notices,
 * setup, panels, world map, editor). It draws afresh from the controller's snapshot on each change.
 */
import { h } from '../platform/h.ts';
import { indexedDbStore } from './save-store.ts';
import { commandFor } from './shortcuts.ts';
import type { GameEvent, ViewState } from './types.ts';
import { LogLines, type Mode } from './view-panels.ts';
import { WorldRows } from './view-world.ts';
import { indexedDbScenarioStore, memoryScenarioStore } from './scenario-store.ts';
import { playUiSound } from '../audio/ui-sounds.ts';
import { downloadText } from '../platform/download.ts';
import { runCommand } from './board-keys.ts';
import { EditorHost } from './editor-host.ts';
import { NoticeBox } from './notice-box.ts';
import { renderToolbar } from './toolbar.ts';
import { boardGameTab, renderTabPanel } from './tab-claim.ts';
import type { TabLock, TabLockEvent } from '../platform/tab-lock.ts';
import { BoardDrafts } from './drafts.ts';
import { BoardHeader } from './board-header.ts';
import type { BoardView, BoardViewOptions, RefusableAction } from './board-options.ts';
import { importFileInput, keysList, placeFocus } from './page-parts.ts';
import { playBody, playColumns, setupBody, type BodyParts } from './board-body.ts';
import { KeptParts, serialDraw, setAttr, setChildren } from './kept-dom.ts';
import { GameClock } from './game-clock.ts';
import { readStored, setAsideStored } from '../platform/stored.ts';
import { GameSession, memoryStore } from '../../board/index.ts';

/** The large-type setting; a stored value other than 'true' or 'false' is set aside with a sentence (stored.ts). */
function readLarge(): boolean {
  const t = readStored(LARGE_KEY);
  if (t !== null && t !== 'true' && t !== 'false') setAsideStored(LARGE_KEY, t, 'is not "true" or "false"');
  return t === 'true';
}

const LARGE_KEY = 'o2conquest.board.largeType';

export class BoardPage implements BoardView {
  readonly controller: GameSession;
  readonly element: HTMLElement;
  private readonly drafts = new BoardDrafts();
  private readonly clock: GameClock;
  private readonly editor: EditorHost;
  private readonly notices: NoticeBox;
  private readonly fileInput: HTMLInputElement;
  private readonly header = new BoardHeader();
  /** What the setup and play screens use of the page. */
  private readonly parts: BodyParts;
  private readonly bodySlot = h('div', { class: 'bv-slot' });
  private large = readLarge();
  private lastPanelKey = '';
  /** Draws the page; a draw asked for while one runs comes after it (kept-dom.ts). */
  private readonly draw = serialDraw(() => this.drawNow());
  private isResumed = false;
  readonly resumed: Promise<void>;
  private localNotice: string | null = null;
  private confirmNew = false;
  // Where this tab stands with the autosaved game: it plays it, or another tab does.
  private readonly tab: TabLock | null;
  private tabState: TabLockEvent | null = null;
  private takingOver = false;
  private resizeFrame = 0;
  private readonly unsubscribe: () => void;
  private readonly offTab: (() => void) | undefined;

  constructor(
    container: HTMLElement,
    private readonly options: BoardViewOptions = {},
  ) {
    const store = options.store ?? (typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore());
    // At the table the first-player readout runs on the console, so the chart waits for it there.
    this.controller = new GameSession(store, { table: options.table !== undefined });
    const scenarios =
      options.scenarios ?? (typeof indexedDB === 'undefined' ? memoryScenarioStore() : indexedDbScenarioStore());
    // On its own page the board fills the window (the table page lays it out itself).
    this.element = h('div', { class: options.table ? 'bv' : 'bv bv-page', 'data-ready': 'false' });
    container.append(this.element);
    this.clock = new GameClock(() => this.controller.clockLeft());
    this.tab = options.tab !== undefined ? options.tab : options.store ? null : boardGameTab();
    // The what-if editor (from the setup screen).
    this.editor = new EditorHost(this.controller, scenarios, this.element, () => this.draw());
    this.fileInput = this.importInput();
    this.parts = {
      controller: this.controller,
      drafts: this.drafts,
      editor: this.editor,
      clock: this.clock,
      table: options.table,
      act: this.act,
      say: this.say,
      redraw: this.redraw,
      setMode: this.setMode,
      onCountry: (name, state) => this.onCountry(name, state),
      rematch: () => this.rematch(),
      world: new WorldRows(),
      logLines: new LogLines(),
      kept: new KeptParts(),
      ...playColumns(),
    };
    this.notices = new NoticeBox({
      dismiss: () => this.dismiss(),
      corrupt: () => this.controller.corrupt,
      downloadCorrupt: () => {
        if (this.controller.corrupt)
          downloadText(this.controller.corrupt, 'conquest-unreadable-save.json', 'application/octet-stream');
      },
    });
    // The file input stays put: moving it in a redraw while its picker opens can cancel the picker.
    this.element.append(
      this.header.element,
      this.notices.element,
      this.bodySlot,
      this.fileInput,
      this.editor.fileInput,
    );

    document.addEventListener('keydown', this.onKey);
    this.unsubscribe = this.controller.subscribe(this.redraw);
    this.draw();
    const firstResume = this.controller.resume().finally(() => {
      this.isResumed = true;
      this.element.dataset.ready = 'true';
      this.draw();
    });
    this.resumed = firstResume.catch(() => undefined);
    this.offTab = this.watchTab(firstResume);
    window.addEventListener('resize', this.onResize);
  }

  readonly redraw = (): void => this.draw();

  readonly say = (text: string): void => {
    this.localNotice = text;
    this.draw();
  };

  destroy(): void {
    window.removeEventListener('resize', this.onResize);
    cancelAnimationFrame(this.resizeFrame);
    this.unsubscribe();
    this.offTab?.();
    this.clock.stop();
    document.removeEventListener('keydown', this.onKey);
    this.controller.close();
    this.element.remove();
  }

  // ---- actions -----------------------------------------------------------------------------------------------

  /** At the table, undo, import and a new game wait until the battle on the console is over. */
  private refused(action: RefusableAction): boolean {
    const why = this.options.table?.refuse(action);
    if (why) this.say(why);
    return !!why;
  }

  private readonly undo = (): void => {
    if (!this.refused('undo')) this.controller.undo();
  };

  private readonly redo = (): void => {
    if (!this.refused('redo')) this.controller.redo();
  };

  private readonly act = (ev: GameEvent): void => {
    this.localNotice = null;
    // A person's click never makes a move for a seat the computer plays (it would be logged as the computer's).
    const seat = this.options.table?.refuseMove?.(ev) ?? null;
    if (seat !== null) {
      playUiSound('error');
      this.controller.say({ kind: 'refused', refusal: { rule: 'seat', reason: seat }, event: ev.type });
      return;
    }
    const accepted = this.controller.act(ev);
    playUiSound(accepted ? 'confirm' : 'error');
    if (accepted && this.drafts.accepted(ev)) this.draw();
  };

  private onCountry(name: string, state: ViewState): void {
    const d = this.drafts;
    const inPlay = state.phase === 'play' || state.phase === 'final-round';
    const who = inPlay ? (d.actor ?? state.turn ?? '') : (state.turn ?? '');
    if (state.phase === 'homelands') this.act({ type: 'homeland', player: who, country: name });
    else if (state.phase === 'home-alliances') {
      if (d.homeSelection.has(name)) d.homeSelection.delete(name);
      else if (this.controller.wouldAccept({ type: 'ally.home', player: who, countries: [...d.homeSelection, name] }))
        d.homeSelection.add(name);
      else {
        // Refused with its rule (e.g. 4A: not in the home zone) and left unticked.
        playUiSound('error');
        return;
      }
      this.draw();
    } else if (inPlay) {
      this.act(
        d.mode === 'attack'
          ? { type: 'attack', player: who, country: name }
          : { type: 'ally.buy', player: who, country: name },
      );
    } else {
      this.say(`Countries can't be chosen now (phase: ${state.phase}).`);
    }
  }

  private readonly exportGame = (): void => {
    downloadText(
      this.controller.exportText(),
      `conquest-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`,
    );
  };

  private readonly toggleLarge = (): void => {
    this.large = !this.large;
    localStorage.setItem(LARGE_KEY, String(this.large));
    this.draw();
  };

  private readonly setMode = (m: Mode): void => {
    this.drafts.mode = m;
    this.draw();
  };

  /** Game over: the same players, colours, banker and variation on the same board, from the first-player call. */
  private rematch(): void {
    const v = this.controller.snapshot().view;
    const players = v.players.map((p) => ({ name: p.name, color: p.color }));
    const ev: GameEvent = { type: 'setup', players, banker: v.banker ?? players[0]?.name };
    if (v.variations.targetRecord !== null) ev.targetRecord = v.variations.targetRecord;
    if (v.variations.clockMinutes !== null) ev.clockMinutes = v.variations.clockMinutes;
    const scenario = this.controller.scenario();
    this.controller.newGame(scenario, `Rematch: ${players.map((p) => p.name).join(', ')} on ${scenario.name}.`);
    if (this.controller.act(ev)) this.drafts.summaryClosed.step = -1;
  }

  private readonly dismiss = (): void => {
    this.localNotice = null;
    this.controller.dismissNotice();
  };

  private takeOver(): void {
    if (!this.tab || this.takingOver) return;
    this.takingOver = true;
    this.draw();
    void this.tab.takeOver();
  }

  // ---- what it listens to ------------------------------------------------------------------------------------

  private importInput(): HTMLInputElement {
    return importFileInput(async (file) => {
      if (this.refused('import')) return false;
      this.controller.importText(await file.text(), `"${file.name}"`);
      return true;
    });
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    const t = e.target as HTMLElement | null;
    if (this.options.keysOnlyWhenFocused && !(t instanceof Node && this.element.contains(t))) return;
    const inText =
      !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
    const cmd = commandFor(e, inText);
    if (!cmd) return;
    // The editor is all form fields: only Esc (leave a field, close a message) keeps its meaning there.
    if (this.editor.draft && cmd !== 'cancel') return;
    const ctx = {
      state: this.controller.snapshot().view,
      root: this.element,
      homeSelection: this.drafts.homeSelection,
      act: this.act,
      undo: this.undo,
      redo: this.redo,
      toggleLarge: this.toggleLarge,
      exportGame: this.exportGame,
      setMode: this.setMode,
      dismiss: this.dismiss,
    };
    if (runCommand(cmd, e.target, ctx)) e.preventDefault();
  };

  // Sizes drawn for the window (the record chart's width) follow it when it changes: one redraw a frame at most.
  private readonly onResize = (): void => {
    if (!this.resizeFrame)
      this.resizeFrame = requestAnimationFrame(() => {
        this.resizeFrame = 0;
        this.draw();
      });
  };

  private watchTab(firstResume: Promise<unknown>): (() => void) | undefined {
    const tab = this.tab;
    if (!tab) return undefined;
    const off = tab.on((e) => {
      const was = this.tabState;
      this.tabState = e;
      this.controller.elsewhere = e !== 'owned';
      this.element.dataset.tab = e;
      if (e === 'owned' && (was === 'elsewhere' || was === 'taken')) {
        // Taken over: the game as the other tab last saved it.
        void firstResume
          .then(() => this.controller.resume())
          .finally(() => {
            this.takingOver = false;
            this.draw();
          });
      }
      this.draw();
    });
    tab.beforeHandOver = () => this.controller.settled();
    void tab.claim();
    return off;
  }

  // ---- drawing -----------------------------------------------------------------------------------------------

  private drawNow(): void {
    const snap = this.controller.snapshot();
    const s = snap.view;
    // Drafts belong to one moment of the game: a new phase or turn starts them afresh.
    const phaseKey = `${s.phase}|${s.turn}`;
    this.drafts.enter(phaseKey);
    // A new panel (phase, turn, or a war starting or ending) is where the keyboard goes next.
    const panelKey = `${phaseKey}|${s.war?.country ?? ''}`;
    const moved = panelKey !== this.lastPanelKey;
    this.lastPanelKey = panelKey;
    const focusKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    // Only what changed is set: a redraw leaves the page's elements as they are where it can (kept-dom.ts).
    if (this.element.classList.contains('bv-large') !== this.large)
      this.element.classList.toggle('bv-large', this.large);
    setAttr(this.element, 'data-phase', s.phase);
    setAttr(this.element, 'data-turn', s.turn ?? '');

    this.drawHeader(snap);
    this.notices.fill(snap.notice, this.localNotice);
    const body = this.body(snap);
    // In play the key list closes the side column; elsewhere it closes the page.
    if (!body.some((b) => b?.querySelector('.bv-keys'))) body.push(this.parts.kept.keep('keys', keysList()));
    setChildren(
      this.bodySlot,
      body.filter((b): b is HTMLElement => b !== null),
    );
    this.clock.tick();
    placeFocus(this.element, focusKey, moved);
  }

  private drawHeader(snap: ReturnType<GameSession['snapshot']>): void {
    const s = snap.view;
    const tools = renderToolbar({
      phase: s.phase,
      canUndo: snap.canUndo,
      canRedo: snap.canRedo,
      large: this.large,
      confirmNew: this.confirmNew,
      undo: this.undo,
      redo: this.redo,
      toggleLarge: this.toggleLarge,
      exportGame: this.exportGame,
      importGame: () => {
        if (!this.refused('import')) this.fileInput.click();
      },
      askNew: () => {
        this.confirmNew = true;
        this.draw();
        this.element.querySelector<HTMLElement>('[data-key="new-game-no"]')?.focus();
      },
      newGame: () => {
        this.confirmNew = false;
        if (this.refused('new game')) return;
        this.drafts.newGame();
        this.controller.newGame();
      },
      keepPlaying: () => {
        this.confirmNew = false;
        this.draw();
      },
    });
    this.header.show(snap, tools);
  }

  private body(snap: ReturnType<GameSession['snapshot']>): (HTMLElement | null)[] {
    const s = snap.view;
    if (this.editor.draft && s.phase !== 'setup') this.editor.draft = null;
    if (this.tabState === 'elsewhere' || this.tabState === 'taken')
      return [renderTabPanel(this.tabState, this.takingOver, () => this.takeOver())];
    // Until the autosave has been read, showing the setup form would flash a wrong screen.
    if (!this.isResumed) return [h('p', { class: 'bv-loading' }, 'Loading the saved game…')];
    if (this.editor.draft) return this.editor.render();
    if (s.phase === 'setup') return [setupBody(snap, this.parts)];
    return playBody(snap, this.parts);
  }
}
