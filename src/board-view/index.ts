import './board-view.css';
import { BoardController } from './controller.ts';
import { button, h } from '../platform/h.ts';
import { boardEngine } from './engine-adapter.ts';
import type { EngineFactory } from './engine-port.ts';
import { indexedDbStore, memoryStore, type SaveStore } from './save-store.ts';
import { commandFor, SHORTCUTS } from './shortcuts.ts';
import type { GameEvent, ViewState } from './types.ts';
import {
  renderLastWar,
  renderLegalSummary,
  renderLog,
  renderPhasePanel,
  renderPlayers,
  type PanelContext,
  type BattleDraft,
  type Mode,
  type TablePanels,
} from './view-panels.ts';
import { newSetupDraft, renderSetup, setupEvent, type SetupDraft } from './view-setup.ts';
import { world1982 } from '../../board/index.ts';
import { indexedDbScenarioStore, memoryScenarioStore, type ScenarioStore } from './scenario-store.ts';
import { renderRecordTrack, renderWorld } from './view-world.ts';
import { playUiSound } from '../audio/ui-sounds.ts';
import { downloadText } from '../platform/download.ts';
import { runCommand } from './board-keys.ts';
import { countryFinder } from './country-finder.ts';
import { EditorHost } from './editor-host.ts';
import { countriesFor, formatClock, joinDots, phaseName } from './labels.ts';
import { NoticeBox } from './notice-box.ts';
import { renderToolbar } from './toolbar.ts';
import { boardGameTab, renderTabPanel } from './tab-claim.ts';
import type { TabLock, TabLockEvent } from '../platform/tab-lock.ts';

const LARGE_KEY = 'o2conquest.board.largeType';

/** What the table may refuse while a battle runs on the console. */
export type RefusableAction = 'undo' | 'redo' | 'import' | 'new game';

export interface BoardViewOptions {
  engine?: EngineFactory;
  store?: SaveStore;
  scenarios?: ScenarioStore;
  /** The table page: battles fought on the console instead of typed in. */
  table?: TablePanels & {
    /** Why undo, import or a new game is refused now (a battle under way on the console), or null. */
    refuse(action: RefusableAction): string | null;
  };
  /** The board's shortcut keys only while the keyboard focus is inside it (the table: other keys go to the console). */
  keysOnlyWhenFocused?: boolean;
  /**
   * One tab at a time plays the autosaved game (default: this tab's claim when the save is the browser's own;
   * none with a store of the caller's, which no other tab shares).
   */
  tab?: TabLock | null;
}

/** The mounted board view: the page's part, and what a page composing it drives. */
export interface BoardView {
  destroy(): void;
  controller: BoardController;
  element: HTMLElement;
  /** Draws again (a page's part of a panel changed). */
  redraw(): void;
  /** Says something in the board's message line. */
  say(text: string): void;
}

/** Mounts the board companion into `container`; `destroy()` removes it and its key handler. */
export function mountBoardView(container: HTMLElement, options: BoardViewOptions = {}): BoardView {
  const store = options.store ?? (typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore());
  // At the table the first-player readout runs on the console, so the chart waits for it there.
  const controller = new BoardController(
    options.engine ?? boardEngine(),
    store,
    undefined,
    options.table !== undefined,
  );
  const scenarioStore =
    options.scenarios ?? (typeof indexedDB === 'undefined' ? memoryScenarioStore() : indexedDbScenarioStore());
  // On its own page the board fills the window (the table page lays it out itself).
  const root = h('div', { class: options.table ? 'bv' : 'bv bv-page', 'data-ready': 'false' });
  container.append(root);

  let large = localStorage.getItem(LARGE_KEY) === 'true';
  let mode: Mode = 'attack';
  // Rule 18: an ally of the option's holder may attack or buy instead; null = the holder.
  let actor: string | null = null;
  let setup: SetupDraft = newSetupDraft();
  let setupError: string | null = null;
  const homeSelection = new Set<string>();
  const allianceSelection = new Set<string>();
  const battle: BattleDraft = { winner: null, attacker: '', defender: '' };
  const alliancesOpen = { value: false };
  const summaryClosed = { step: -1 };
  let lastPhaseKey = '';
  let lastPanelKey = '';
  const findDraft = { text: '' };
  // One text node for the clock, updated every second without redrawing the page.
  const clockText = document.createTextNode('');
  const tickClock = (): void => {
    const left = controller.clockLeft();
    clockText.data =
      left === null ? 'The clock starts with the game.' : left > 0 ? `${formatClock(left)} left` : 'Time is up!';
  };
  const clockTimer = setInterval(tickClock, 1000);
  let resumed = false;
  // Where this tab stands with the autosaved game: it plays it, or another tab does.
  const tab = options.tab !== undefined ? options.tab : options.store ? null : boardGameTab();
  let tabState: TabLockEvent | null = null;
  let takingOver = false;
  const takeOver = (): void => {
    if (!tab || takingOver) return;
    takingOver = true;
    draw();
    void tab.takeOver();
  };

  /** At the table, undo, import and a new game wait until the battle on the console is over. */
  const refused = (action: RefusableAction): boolean => {
    const why = options.table?.refuse(action);
    if (why) showLocal(why);
    return !!why;
  };
  const undo = (): void => {
    if (!refused('undo')) controller.undo();
  };
  const redo = (): void => {
    if (!refused('redo')) controller.redo();
  };

  const act = (ev: GameEvent): void => {
    localNotice = null;
    const accepted = controller.act(ev);
    playUiSound(accepted ? 'confirm' : 'error');
    if (accepted) {
      if (ev.type === 'ally.home') homeSelection.clear();
      if (ev.type === 'alliance.form') allianceSelection.clear();
      // One purchase per click of "Buy alliance": the next country clicked is an attack again.
      if (ev.type === 'ally.buy' && mode !== 'attack') {
        mode = 'attack';
        draw();
      }
      if (ev.type === 'battle') Object.assign(battle, { winner: null, attacker: '', defender: '' });
    }
  };

  const onCountry = (name: string, state: ViewState): void => {
    const who =
      state.phase === 'play' || state.phase === 'final-round' ? (actor ?? state.turn ?? '') : (state.turn ?? '');
    if (state.phase === 'homelands') act({ type: 'homeland', player: who, country: name });
    else if (state.phase === 'home-alliances') {
      if (homeSelection.has(name)) homeSelection.delete(name);
      else if (controller.wouldAccept({ type: 'ally.home', player: who, countries: [...homeSelection, name] }))
        homeSelection.add(name);
      else {
        playUiSound('error');
        return;
      } // refused with its rule (e.g. 4A: not in the home zone) and left unticked
      draw();
    } else if (state.phase === 'play' || state.phase === 'final-round') {
      act(
        mode === 'attack'
          ? { type: 'attack', player: who, country: name }
          : { type: 'ally.buy', player: who, country: name },
      );
    } else {
      showLocal(`Countries can't be chosen now (phase: ${state.phase}).`);
    }
  };

  let localNotice: string | null = null;
  let confirmNew = false;
  const showLocal = (text: string): void => {
    localNotice = text;
    draw();
  };

  const exportGame = (): void => {
    downloadText(
      controller.exportText(),
      `conquest-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`,
    );
  };
  // The what-if editor (from the setup screen).
  const editor = new EditorHost(controller, scenarioStore, root, () => draw());

  const fileInput = h('input', {
    type: 'file',
    accept: '.json,application/json',
    class: 'bv-hidden',
    id: 'bv-import-file',
    'data-key': 'import-file',
    'aria-label': 'Import a saved game file',
    tabindex: -1,
  });
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file || refused('import')) return;
    controller.importText(await file.text(), `"${file.name}"`);
    fileInput.value = '';
  });

  const toggleLarge = (): void => {
    large = !large;
    localStorage.setItem(LARGE_KEY, String(large));
    draw();
  };

  const setMode = (m: Mode): void => {
    mode = m;
    draw();
  };

  /** Game over: the same players, colours, banker and variation on the same board, from the first-player call. */
  const rematch = (): void => {
    const v = controller.snapshot().view;
    const players = v.players.map((p) => ({ name: p.name, color: p.color }));
    const ev: GameEvent = { type: 'setup', players, banker: v.banker ?? players[0]?.name };
    if (v.variations.targetRecord !== null) ev.targetRecord = v.variations.targetRecord;
    if (v.variations.clockMinutes !== null) ev.clockMinutes = v.variations.clockMinutes;
    const scenario = controller.scenario();
    controller.newGame(scenario, `Rematch: ${players.map((p) => p.name).join(', ')} on ${scenario.name}.`);
    if (controller.act(ev)) summaryClosed.step = -1;
  };

  const dismiss = (): void => {
    localNotice = null;
    controller.dismissNotice();
  };
  const notices = new NoticeBox({
    dismiss,
    corrupt: () => controller.corrupt,
    downloadCorrupt: () => {
      if (controller.corrupt)
        downloadText(controller.corrupt, 'conquest-unreadable-save.json', 'application/octet-stream');
    },
  });
  // The status line is a live region too: it stays in the page across redraws.
  const statusLine = h('p', { class: 'bv-status', role: 'status', 'aria-live': 'polite' });
  const headerSlot = h('div', { class: 'bv-slot' });
  const bodySlot = h('div', { class: 'bv-slot' });
  // The file input stays put: moving it in a redraw while its picker opens can cancel the picker.
  root.append(headerSlot, notices.element, bodySlot, fileInput, editor.fileInput);

  function draw(): void {
    const snap = controller.snapshot();
    const s = snap.view;
    // Drafts belong to one moment of the game: a new phase or turn starts them afresh.
    const phaseKey = `${s.phase}|${s.turn}`;
    if (phaseKey !== lastPhaseKey) {
      homeSelection.clear();
      mode = 'attack';
      actor = null;
      lastPhaseKey = phaseKey;
    }
    // A new panel (phase, turn, or a war starting or ending) is where the keyboard goes next.
    const panelKey = `${phaseKey}|${s.war?.country ?? ''}`;
    const moved = panelKey !== lastPanelKey;
    lastPanelKey = panelKey;
    const focusKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    root.classList.toggle('bv-large', large);
    root.dataset.phase = s.phase;
    root.dataset.turn = s.turn ?? '';

    const modeType = mode === 'attack' ? 'attack' : 'ally.buy';
    let targets = new Set<string>();
    let verb: string | null = null;
    if (s.phase === 'homelands') {
      targets = countriesFor(snap.legal, 'homeland', s.turn);
      verb = 'choose as homeland';
    }
    if (s.phase === 'home-alliances') {
      targets = countriesFor(snap.legal, 'ally.home', s.turn);
      verb = 'tick for a home alliance';
    }
    if ((s.phase === 'play' || s.phase === 'final-round') && !s.war) {
      targets = countriesFor(snap.legal, modeType, actor ?? s.turn);
      verb = mode === 'attack' ? 'attack' : 'buy alliance';
    }

    const tools = renderToolbar({
      phase: s.phase,
      canUndo: snap.canUndo,
      canRedo: snap.canRedo,
      large,
      confirmNew,
      undo,
      redo,
      toggleLarge,
      exportGame,
      importGame: () => {
        if (!refused('import')) fileInput.click();
      },
      askNew: () => {
        confirmNew = true;
        draw();
        root.querySelector<HTMLElement>('[data-key="new-game-no"]')?.focus();
      },
      newGame: () => {
        confirmNew = false;
        if (refused('new game')) return;
        setup = newSetupDraft();
        controller.newGame();
      },
      keepPlaying: () => {
        confirmNew = false;
        draw();
      },
    });

    const turnPlayer = s.players.find((p) => p.name === s.turn);
    const status =
      s.phase === 'setup'
        ? ['Set up a new game']
        : joinDots([
            turnPlayer && s.phase !== 'over'
              ? h('span', { class: 'bv-now' }, 'Turn: ', h('strong', { 'data-turn': '' }, turnPlayer.name))
              : null,
            h('span', { class: 'bv-phase' }, phaseName(s.phase)),
            h('span', { class: 'bv-saved' }, snap.saved ? 'saved' : 'not saved yet'),
          ]);
    const statusText = status.map((p) => (typeof p === 'string' ? p : p.textContent)).join('');
    if (statusLine.textContent !== statusText) statusLine.replaceChildren(...status);
    headerSlot.replaceChildren(
      h('header', { class: 'bv-top' }, h('h2', { class: 'bv-title' }, 'Conquest of the World'), statusLine, tools),
    );
    notices.fill(snap.notice, localNotice);

    const body: (HTMLElement | null)[] = [];
    if (editor.draft && s.phase !== 'setup') editor.draft = null;
    if (tabState === 'elsewhere' || tabState === 'taken') {
      body.push(renderTabPanel(tabState, takingOver, takeOver));
    } else if (!resumed) {
      // Until the autosave has been read, showing the setup form would flash a wrong screen.
      body.push(h('p', { class: 'bv-loading' }, 'Loading the saved game…'));
    } else if (editor.draft) {
      body.push(...editor.render());
    } else if (s.phase === 'setup') {
      const start = (): void => {
        const ev = setupEvent(setup);
        if (typeof ev === 'string') {
          setupError = ev;
          draw();
          return;
        }
        setupError = null;
        act(ev);
      };
      body.push(
        h(
          'div',
          { class: 'bv-main bv-main-setup' },
          h(
            'div',
            { class: 'bv-side' },
            renderBoardChoice(s),
            renderSetup(setup, draw, start),
            setupError ? h('p', { class: 'bv-error', role: 'alert' }, setupError) : null,
          ),
          renderWorld(s, {
            targets,
            selected: homeSelection,
            verb: null,
            onCountry: () => showLocal('Set up the game first.'),
          }),
        ),
      );
    } else {
      const picking = ['homelands', 'home-alliances', 'play', 'final-round'].includes(s.phase) && !s.war;
      const finder = picking
        ? countryFinder(
            s,
            findDraft,
            (name) => onCountry(name, s),
            (typed) => showLocal(`No country called "${typed}".`),
          )
        : null;
      const clock =
        s.variations.clockMinutes !== null && snap.legal.some((a) => a.type === 'clock.expired')
          ? h(
              'section',
              { class: 'bv-panel bv-clock', 'aria-labelledby': 'bv-clock-title' },
              h(
                'h2',
                { id: 'bv-clock-title' },
                `Against the clock: ${s.variations.clockMinutes} minutes (Variation 1)`,
              ),
              h('p', { class: 'bv-big' }, clockText),
              h(
                'p',
                { class: 'bv-hint' },
                'When the agreed time is up, the player farthest along the Power Base Record wins.',
              ),
              button('Time is up: end the game', 'clock-expired', () => act({ type: 'clock.expired' })),
            )
          : null;
      // The actions come before the 43 country buttons in focus order; the grid puts them on the right.
      const panels: PanelContext = {
        state: s,
        legal: snap.legal,
        mode,
        setMode,
        act,
        submitBattle: (o) => {
          if (controller.submitBattle(o)) Object.assign(battle, { winner: null, attacker: '', defender: '' });
        },
        homeSelection,
        allianceSelection,
        battle,
        alliancesOpen,
        redraw: draw,
        table: options.table,
        summaryClosed,
        rematch,
        actor: actor ?? s.turn ?? '',
        setActor: (n) => {
          actor = n;
          draw();
        },
      };
      body.push(
        renderRecordTrack(s),
        h(
          'div',
          { class: 'bv-main' },
          h(
            'aside',
            { class: 'bv-side', 'aria-label': 'Actions and players' },
            renderPhasePanel(panels),
            renderLegalSummary(snap.legal),
            finder,
            clock,
            renderPlayers(s),
            options.table ? renderLastWar(panels) : null,
            renderLog(s),
            keysList(),
          ),
          renderWorld(s, { targets, selected: homeSelection, verb, onCountry: (name) => onCountry(name, s) }),
        ),
      );
    }
    // In play the key list closes the side column; elsewhere it closes the page.
    if (!body.some((b) => b?.querySelector('.bv-keys'))) body.push(keysList());
    bodySlot.replaceChildren(...body.filter((b): b is HTMLElement => b !== null));
    tickClock();

    const title = root.querySelector<HTMLElement>('#bv-panel-title');
    title?.setAttribute('tabindex', '-1');
    title?.setAttribute('data-key', 'panel-title');
    const again = focusKey ? root.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`) : null;
    if (again) {
      // The redrawn twin of the focused control takes the focus, without moving the page.
      again.focus({ preventScroll: true });
      if (again instanceof HTMLInputElement && (again.type === 'text' || again.type === ''))
        again.setSelectionRange(again.value.length, again.value.length);
    } else if (focusKey && moved && title) {
      // The control that had the focus is gone with the old phase: continue at the new panel's heading.
      title.focus({ preventScroll: true });
    }
    // A new panel (after "Start game", an attack on a country low in the list) is scrolled into its
    // column's view: the next step is never left off screen.
    if (moved && title) revealInColumn(title);
    // Keep the newest log line in view without scrolling the page itself.
    const log = root.querySelector('.bv-log-list');
    if (log) log.scrollTop = log.scrollHeight;
  }

  /** Scrolls the nearest scrolling column (not the page) so that `el`'s panel starts in view. */
  function revealInColumn(el: HTMLElement): void {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (!/(auto|scroll)/.test(style.overflowY) || box.scrollHeight <= box.clientHeight) continue;
      const top = el.getBoundingClientRect().top - box.getBoundingClientRect().top;
      if (top < 0 || top > box.clientHeight - 80) box.scrollTop += top - 8;
      return;
    }
  }

  function keysList(): HTMLElement {
    return h(
      'section',
      { class: 'bv-keys', 'aria-labelledby': 'bv-keys-title' },
      h('h2', { id: 'bv-keys-title' }, 'Keyboard'),
      h(
        'dl',
        {},
        SHORTCUTS.flatMap((k) => [h('dt', {}, h('kbd', {}, k.keys)), h('dd', {}, k.does)]),
      ),
    );
  }

  function renderBoardChoice(s: ViewState): HTMLElement {
    const n = Object.keys(s.countries).length;
    return h(
      'section',
      { class: 'bv-panel bv-board-choice', 'aria-labelledby': 'bv-board-title' },
      h('h2', { id: 'bv-board-title' }, 'Board'),
      h(
        'p',
        {},
        h('strong', { 'data-scenario': s.scenario }, s.scenario),
        h('span', { class: 'bv-muted' }, ` · ${n} countries in ${s.zones.length} zones`),
      ),
      h(
        'p',
        { class: 'bv-row' },
        button('What-if editor…', 'open-editor', () => editor.open()),
        s.scenario === world1982().name
          ? null
          : button('Use the 1982 world', 'use-world', () =>
              controller.newGame(world1982(), 'The board is the world of 1982 again.'),
            ),
      ),
    );
  }

  const onKey = (e: KeyboardEvent): void => {
    const t = e.target as HTMLElement | null;
    if (options.keysOnlyWhenFocused && !(t instanceof Node && root.contains(t))) return;
    const inText =
      !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
    const cmd = commandFor(e, inText);
    if (!cmd) return;
    // The editor is all form fields: only Esc (leave a field, close a message) keeps its meaning there.
    if (editor.draft && cmd !== 'cancel') return;
    const ctx = {
      state: controller.snapshot().view,
      root,
      homeSelection,
      act,
      undo,
      redo,
      toggleLarge,
      exportGame,
      setMode,
      dismiss,
    };
    if (runCommand(cmd, e.target, ctx)) e.preventDefault();
  };
  document.addEventListener('keydown', onKey);

  const unsubscribe = controller.subscribe(draw);
  draw();
  const firstResume = controller.resume().finally(() => {
    resumed = true;
    root.dataset.ready = 'true';
    draw();
  });
  const offTab = tab?.on((e) => {
    const was = tabState;
    tabState = e;
    controller.elsewhere = e !== 'owned';
    root.dataset.tab = e;
    if (e === 'owned' && (was === 'elsewhere' || was === 'taken')) {
      // Taken over: the game as the other tab last saved it.
      void firstResume
        .then(() => controller.resume())
        .finally(() => {
          takingOver = false;
          draw();
        });
    }
    draw();
  });
  if (tab) {
    tab.beforeHandOver = () => controller.settled();
    void tab.claim();
  }

  // Sizes drawn for the window (the record chart's width) follow it when it changes: one redraw a frame at most.
  let resizeFrame = 0;
  const onResize = (): void => {
    if (!resizeFrame)
      resizeFrame = requestAnimationFrame(() => {
        resizeFrame = 0;
        draw();
      });
  };
  window.addEventListener('resize', onResize);

  return {
    controller,
    element: root,
    redraw: draw,
    say: showLocal,
    destroy() {
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(resizeFrame);
      unsubscribe();
      offTab?.();
      clearInterval(clockTimer);
      document.removeEventListener('keydown', onKey);
      controller.close();
      root.remove();
    },
  };
}
