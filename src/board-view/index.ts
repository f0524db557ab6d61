import './board-view.css';
import { BoardController, type Notice } from './controller.ts';
import { button, h } from '../platform/h.ts';
import { boardEngine } from './engine-adapter.ts';
import type { EngineFactory } from './engine-port.ts';
import { indexedDbStore, memoryStore, type SaveStore } from './save-store.ts';
import { commandFor, SHORTCUTS, type Command } from './shortcuts.ts';
import type { GameEvent, LegalAction, ViewState } from './types.ts';
import { renderLegalSummary, renderLog, renderPhasePanel, renderPlayers, type BattleDraft, type Mode, type TablePanels } from './view-panels.ts';
import { newSetupDraft, renderSetup, setupEvent, type SetupDraft } from './view-setup.ts';
import { serializeScenario, world1982, type Scenario } from '../../board/index.ts';
import { loadText, newScenarioDraft, pendingProblems, scenarioFileName, type ScenarioDraft } from './scenario-draft.ts';
import { indexedDbScenarioStore, memoryScenarioStore, type ScenarioStore } from './scenario-store.ts';
import { renderScenarioEditor, type SavedList } from './view-scenario.ts';
import { renderRecordTrack, renderWorld } from './view-world.ts';
import { playUiSound } from '../audio/ui-sounds.ts';
import { downloadText } from '../platform/download.ts';

const LARGE_KEY = 'o2conquest.board.largeType';

export interface BoardViewOptions {
  engine?: EngineFactory;
  store?: SaveStore;
  scenarios?: ScenarioStore;
  /** The table page: battles fought on the console instead of typed in. */
  table?: TablePanels & {
    /** Why undo, import or a new game is refused now (a battle under way on the console), or null. */
    refuse(action: 'undo' | 'import' | 'new game'): string | null;
  };
  /** The board's shortcut keys only while the keyboard focus is inside it (the table: other keys go to the console). */
  keysOnlyWhenFocused?: boolean;
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
  const controller = new BoardController(options.engine ?? boardEngine(), store);
  const scenarioStore = options.scenarios ?? (typeof indexedDB === 'undefined' ? memoryScenarioStore() : indexedDbScenarioStore());
  // The what-if editor (from the setup screen): its draft, and the scenarios saved in this browser.
  let editor: ScenarioDraft | null = null;
  let saved: SavedList = { scenarios: null, note: null };
  const root = h('div', { class: 'bv', 'data-ready': 'false' });
  container.append(root);

  let large = localStorage.getItem(LARGE_KEY) === 'true';
  let mode: Mode = 'attack';
  let setup: SetupDraft = newSetupDraft();
  let setupError: string | null = null;
  const homeSelection = new Set<string>();
  const allianceSelection = new Set<string>();
  const battle: BattleDraft = { winner: null, attacker: '', defender: '' };
  const alliancesOpen = { value: false };
  let lastPhaseKey = '';
  let lastPanelKey = '';
  let findDraft = '';
  // One text node for the clock, updated every second without redrawing the page.
  const clockText = document.createTextNode('');
  const tickClock = (): void => {
    const left = controller.clockLeft();
    clockText.data = left === null ? 'The clock starts with the game.' : left > 0 ? `${formatClock(left)} left` : 'Time is up!';
  };
  const clockTimer = setInterval(tickClock, 1000);
  let resumed = false;

  /** At the table, undo, import and a new game wait until the battle on the console is over. */
  const refused = (action: 'undo' | 'import' | 'new game'): boolean => {
    const why = options.table?.refuse(action);
    if (why) showLocal(why);
    return !!why;
  };
  const undo = (): void => { if (!refused('undo')) controller.undo(); };

  const act = (ev: GameEvent): void => {
    localNotice = null;
    const accepted = controller.act(ev);
    playUiSound(accepted ? 'confirm' : 'error');
    if (accepted) {
      if (ev.type === 'ally.home') homeSelection.clear();
      if (ev.type === 'alliance.form') allianceSelection.clear();
      // One purchase per click of "Buy alliance": the next country clicked is an attack again.
      if (ev.type === 'ally.buy' && mode !== 'attack') { mode = 'attack'; draw(); }
      if (ev.type === 'battle') Object.assign(battle, { winner: null, attacker: '', defender: '' });
    }
  };

  const onCountry = (name: string, state: ViewState): void => {
    const who = state.turn ?? '';
    if (state.phase === 'homelands') act({ type: 'homeland', player: who, country: name });
    else if (state.phase === 'home-alliances') {
      if (homeSelection.has(name)) homeSelection.delete(name);
      else if (controller.wouldAccept({ type: 'ally.home', player: who, countries: [...homeSelection, name] })) homeSelection.add(name);
      else { playUiSound('error'); return; } // refused with its rule (e.g. 4A: not in the home zone) and left unticked
      draw();
    } else if (state.phase === 'play' || state.phase === 'final-round') {
      act(mode === 'attack' ? { type: 'attack', player: who, country: name } : { type: 'ally.buy', player: who, country: name });
    } else {
      showLocal(`Countries can't be chosen now (phase: ${state.phase}).`);
    }
  };

  let localNotice: string | null = null;
  let confirmNew = false;
  const showLocal = (text: string): void => { localNotice = text; draw(); };

  const exportGame = (): void => {
    downloadText(controller.exportText(), `conquest-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`);
  };
  const downloadCorrupt = (): void => {
    if (controller.corrupt) downloadText(controller.corrupt, 'conquest-unreadable-save.json', 'application/octet-stream');
  };
  const download = (text: string, name: string, type = 'application/json'): void => downloadText(text, name, type);
  const refreshSaved = async (): Promise<void> => {
    try {
      const r = await scenarioStore.list();
      saved = { scenarios: r.scenarios, note: r.unreadable ? `${r.unreadable} saved scenario(s) could not be read and are not listed.` : null };
    } catch (e) {
      saved = { scenarios: [], note: `Saved scenarios are not available (${e instanceof Error ? e.message : String(e)}).` };
    }
    draw();
  };
  const openEditor = (): void => {
    editor = newScenarioDraft(controller.scenario());
    draw();
    root.querySelector<HTMLElement>('[data-key="editor-title"]')?.focus();
    void refreshSaved();
  };
  const closeEditor = (): void => {
    editor = null;
    draw();
    root.querySelector<HTMLElement>('[data-key="open-editor"]')?.focus();
  };
  const editorSay = (kind: 'info' | 'error', text: string): void => { if (editor) { editor.message = { kind, text }; draw(); } };
  const saveScenario = async (): Promise<void> => {
    if (!editor) return;
    if (pendingProblems(editor)) { editorSay('error', 'Not saved: fix or undo the fields marked in red first.'); return; }
    const s = editor.scenario;
    const file = scenarioFileName(s);
    download(serializeScenario(s), file);
    try {
      await scenarioStore.save(s);
      editorSay('info', `Saved "${s.name}": downloaded as ${file} and kept in this browser.`);
    } catch (e) {
      editorSay('error', `Downloaded as ${file}, but it could not be kept in this browser (${e instanceof Error ? e.message : String(e)}).`);
    }
    await refreshSaved();
  };
  const playScenario = (): void => {
    if (!editor) return;
    if (pendingProblems(editor)) { editorSay('error', 'Fix or undo the fields marked in red before playing this scenario.'); return; }
    const s = editor.scenario;
    controller.newGame(s, `The board is now "${s.name}". Set up the players to start.`);
    closeEditor();
  };
  const scenarioInput = h('input', { type: 'file', accept: '.json,application/json', class: 'bv-hidden', id: 'bv-scenario-file', 'data-key': 'scenario-file', 'aria-label': 'Load a scenario file', tabindex: -1 });
  scenarioInput.addEventListener('change', async () => {
    const file = scenarioInput.files?.[0];
    scenarioInput.value = '';
    if (!file || !editor) return;
    loadText(editor, await file.text(), `"${file.name}"`);
    draw();
  });

  const fileInput = h('input', { type: 'file', accept: '.json,application/json', class: 'bv-hidden', id: 'bv-import-file', 'data-key': 'import-file', 'aria-label': 'Import a saved game file', tabindex: -1 });
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

  const setMode = (m: Mode): void => { mode = m; draw(); };

  // Live regions stay in the page across redraws, so screen readers announce their changes.
  const noticeBox = h('div', { class: 'bv-notice', role: 'status', 'aria-live': 'polite', 'data-kind': 'none' });
  const statusLine = h('p', { class: 'bv-status', role: 'status', 'aria-live': 'polite' });
  const headerSlot = h('div', { class: 'bv-slot' });
  const bodySlot = h('div', { class: 'bv-slot' });
  // The file input stays put: moving it in a redraw while its picker opens can cancel the picker.
  root.append(headerSlot, noticeBox, bodySlot, fileInput, scenarioInput);

  function fillNotice(n: Notice | null): void {
    const kind = localNotice ? 'info' : n?.kind ?? 'none';
    noticeBox.dataset.kind = kind;
    // A refusal interrupts; other messages wait their turn.
    noticeBox.setAttribute('aria-live', kind === 'refused' || kind === 'error' ? 'assertive' : 'polite');
    const parts: (HTMLElement | null)[] = [];
    if (localNotice) {
      parts.push(h('p', {}, localNotice));
    } else if (n?.kind === 'refused') {
      // Manual rules are numbers ("12F") or variations; the engine's own checks (undo, load) have no number.
      const numbered = /^(\d|Variation)/.test(n.refusal.rule);
      parts.push(h('p', {}, h('strong', { 'data-rule': n.refusal.rule }, numbered ? `Refused (${n.refusal.rule.startsWith('Variation') ? '' : 'Rule '}${n.refusal.rule}): ` : 'Refused: '), n.refusal.reason));
    } else if (n) {
      parts.push(h('p', {}, n.text));
      if (n.kind === 'error' && controller.corrupt) parts.push(button('Download unreadable save', 'download-corrupt', downloadCorrupt));
    }
    if (n || localNotice) parts.push(button('Dismiss (Esc)', 'dismiss', () => { localNotice = null; controller.dismissNotice(); }, { class: 'bv-dismiss' }));
    const text = parts.map((p) => p?.textContent ?? '').join('|');
    // Only touch the region when the message changed, so it is not announced again on every redraw.
    if (noticeBox.dataset.text !== text) {
      noticeBox.dataset.text = text;
      noticeBox.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
    }
  }

  function draw(): void {
    const snap = controller.snapshot();
    const s = snap.view;
    // Drafts belong to one moment of the game: a new phase or turn starts them afresh.
    const phaseKey = `${s.phase}|${s.turn}`;
    if (phaseKey !== lastPhaseKey) {
      homeSelection.clear();
      mode = 'attack';
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
    if (s.phase === 'homelands') { targets = countriesFor(snap.legal, 'homeland', s.turn); verb = 'choose as homeland'; }
    if (s.phase === 'home-alliances') { targets = countriesFor(snap.legal, 'ally.home', s.turn); verb = 'tick for a home alliance'; }
    if ((s.phase === 'play' || s.phase === 'final-round') && !s.war) {
      targets = countriesFor(snap.legal, modeType, s.turn);
      verb = mode === 'attack' ? 'attack' : 'buy alliance';
    }

    const tools = h('div', { class: 'bv-tools', role: 'toolbar', 'aria-label': 'Game tools' },
      // Left enabled when the engine has nothing to undo, so pressing it says why (e.g. a battle stands).
      button('Undo (U)', 'undo', undo, { class: snap.canUndo ? '' : 'bv-not-legal', 'data-can-undo': String(snap.canUndo) }),
      button(large ? 'Normal type (L)' : 'Large type (L)', 'large', toggleLarge, { 'aria-pressed': String(large) }),
      button('Export (E)', 'export', exportGame),
      // A real button opens the file picker (a label can't be pressed from the keyboard).
      button('Import… (I)', 'import', () => { if (!refused('import')) fileInput.click(); }),
      s.phase === 'setup' ? null
        : confirmNew ? h('span', { class: 'bv-confirm', role: 'group', 'aria-label': 'Start a new game?' },
          'Start a new game? ',
          button('Yes, new game', 'new-game-yes', () => { confirmNew = false; if (refused('new game')) return; setup = newSetupDraft(); controller.newGame(); }),
          button('Keep playing', 'new-game-no', () => { confirmNew = false; draw(); }))
          : button('New game', 'new-game', () => { confirmNew = true; draw(); root.querySelector<HTMLElement>('[data-key="new-game-no"]')?.focus(); }));

    const turnPlayer = s.players.find((p) => p.name === s.turn);
    const status = s.phase === 'setup' ? ['Set up a new game'] : joinDots([
      turnPlayer && s.phase !== 'over' ? h('span', { class: 'bv-now' }, 'Turn: ', h('strong', { 'data-turn': '' }, turnPlayer.name)) : null,
      h('span', { class: 'bv-phase' }, phaseName(s.phase)),
      h('span', { class: 'bv-saved' }, snap.saved ? 'saved' : 'not saved yet'),
    ]);
    const statusText = status.map((p) => (typeof p === 'string' ? p : p.textContent)).join('');
    if (statusLine.textContent !== statusText) statusLine.replaceChildren(...status);
    headerSlot.replaceChildren(h('header', { class: 'bv-top' }, h('h2', { class: 'bv-title' }, 'Conquest of the World'), statusLine, tools));
    fillNotice(snap.notice);

    const body: (HTMLElement | null)[] = [];
    if (editor && s.phase !== 'setup') editor = null;
    if (!resumed) {
      // Until the autosave has been read, showing the setup form would flash a wrong screen.
      body.push(h('p', { class: 'bv-loading' }, 'Loading the saved game…'));
    } else if (editor) {
      body.push(renderScenarioEditor(editor, saved, {
        redraw: draw,
        save: () => void saveScenario(),
        load: () => scenarioInput.click(),
        play: playScenario,
        close: closeEditor,
        reset: () => { if (editor) { editor = newScenarioDraft(world1982()); editorSay('info', 'Started again from the world of 1982.'); } },
        open: (x: Scenario) => { editor = newScenarioDraft(x); editorSay('info', `Opened "${x.name}".`); },
        remove: (name: string) => void scenarioStore.remove(name).then(refreshSaved, (e: unknown) => editorSay('error', `Could not delete "${name}" (${e instanceof Error ? e.message : String(e)}).`)),
      }));
      if (saved.note) body.push(h('p', { class: 'bv-error' }, saved.note));
    } else if (s.phase === 'setup') {
      const start = (): void => {
        const ev = setupEvent(setup);
        if (typeof ev === 'string') { setupError = ev; draw(); return; }
        setupError = null;
        act(ev);
      };
      body.push(h('div', { class: 'bv-main bv-main-setup' },
        h('div', { class: 'bv-side' },
          renderBoardChoice(s),
          renderSetup(setup, draw, start),
          setupError ? h('p', { class: 'bv-error', role: 'alert' }, setupError) : null),
        renderWorld(s, { targets, selected: homeSelection, verb: null, onCountry: () => showLocal('Set up the game first.') })));
    } else {
      const picking = ['homelands', 'home-alliances', 'play', 'final-round'].includes(s.phase) && !s.war;
      const finder = picking ? countryFinder(s, (name) => onCountry(name, s)) : null;
      const clock = s.clockMinutes !== null && snap.legal.some((a) => a.type === 'clock.expired')
        ? h('section', { class: 'bv-panel bv-clock', 'aria-labelledby': 'bv-clock-title' },
          h('h2', { id: 'bv-clock-title' }, `Against the clock: ${s.clockMinutes} minutes (Variation 1)`),
          h('p', { class: 'bv-big' }, clockText),
          h('p', { class: 'bv-hint' }, 'When the agreed time is up, the player farthest along the Power Base Record wins.'),
          button('Time is up: end the game', 'clock-expired', () => act({ type: 'clock.expired' })))
        : null;
      // The actions come before the 43 country buttons in focus order; the grid puts them on the right.
      body.push(renderRecordTrack(s), h('div', { class: 'bv-main' },
        h('aside', { class: 'bv-side', 'aria-label': 'Actions and players' },
          renderPhasePanel({ state: s, legal: snap.legal, mode, setMode, act, submitBattle: (o) => { if (controller.submitBattle(o)) Object.assign(battle, { winner: null, attacker: '', defender: '' }); }, homeSelection, allianceSelection, battle, alliancesOpen, redraw: draw, table: options.table }),
          renderLegalSummary(snap.legal),
          finder,
          clock,
          renderPlayers(s),
          renderLog(s)),
        renderWorld(s, { targets, selected: homeSelection, verb, onCountry: (name) => onCountry(name, s) })));
    }
    body.push(h('section', { class: 'bv-keys', 'aria-labelledby': 'bv-keys-title' },
      h('h2', { id: 'bv-keys-title' }, 'Keyboard'),
      h('dl', {}, SHORTCUTS.flatMap((k) => [h('dt', {}, h('kbd', {}, k.keys)), h('dd', {}, k.does)]))));
    bodySlot.replaceChildren(...body.filter((b): b is HTMLElement => b !== null));
    tickClock();

    const title = root.querySelector<HTMLElement>('#bv-panel-title');
    title?.setAttribute('tabindex', '-1');
    title?.setAttribute('data-key', 'panel-title');
    const again = focusKey ? root.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`) : null;
    if (again) {
      // The redrawn twin of the focused control takes the focus, without moving the page.
      again.focus({ preventScroll: true });
      if (again instanceof HTMLInputElement && (again.type === 'text' || again.type === '')) again.setSelectionRange(again.value.length, again.value.length);
    } else if (focusKey && moved && title) {
      // The control that had the focus is gone with the old phase: continue at the new panel's heading.
      title.focus({ preventScroll: true });
    }
    // Keep the newest log line in view without scrolling the page itself.
    const log = root.querySelector('.bv-log-list');
    if (log) log.scrollTop = log.scrollHeight;
  }

  function renderBoardChoice(s: ViewState): HTMLElement {
    const n = Object.keys(s.countries).length;
    return h('section', { class: 'bv-panel bv-board-choice', 'aria-labelledby': 'bv-board-title' },
      h('h2', { id: 'bv-board-title' }, 'Board'),
      h('p', {}, h('strong', { 'data-scenario': s.scenarioName }, s.scenarioName), h('span', { class: 'bv-muted' }, ` · ${n} countries in ${s.zones.length} zones`)),
      h('p', { class: 'bv-row' },
        button('What-if editor…', 'open-editor', openEditor),
        s.scenarioName === world1982().name ? null : button('Use the 1982 world', 'use-world', () => controller.newGame(world1982(), 'The board is the world of 1982 again.'))));
  }

  function countryFinder(s: ViewState, choose: (name: string) => void): HTMLElement {
    // The typed text lives outside the DOM: a redraw (an autosave landing) must not wipe it mid-word.
    const input = h('input', { id: 'bv-find', 'data-key': 'find', list: 'bv-countries', autocomplete: 'off', placeholder: 'e.g. Canada', value: findDraft });
    input.addEventListener('input', () => { findDraft = input.value; });
    const list = h('datalist', { id: 'bv-countries' }, Object.keys(s.countries).map((c) => h('option', { value: c })));
    const form = h('form', { class: 'bv-find', role: 'search' },
      h('label', { for: 'bv-find' }, 'Country (/)'), input, list, h('button', { type: 'submit', 'data-key': 'find-go' }, 'Choose'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const typed = input.value.trim().toLowerCase();
      const name = Object.keys(s.countries).find((c) => c.toLowerCase() === typed)
        ?? Object.keys(s.countries).find((c) => c.toLowerCase().startsWith(typed));
      if (!typed || !name) { showLocal(`No country called "${input.value}".`); return; }
      findDraft = '';
      choose(name);
    });
    return form;
  }

  function run(cmd: Command, target: EventTarget | null): boolean {
    const s = controller.snapshot().view;
    if (typeof cmd === 'object') {
      if (s.phase !== 'first-player') return false;
      const next = s.players.find((p) => s.firstCalls[p.name] === undefined);
      act(next ? { type: 'first.call', player: next.name, digit: cmd.digit } : { type: 'first.readout', digit: cmd.digit });
      return true;
    }
    switch (cmd) {
      case 'cancel':
        // Esc also leaves a text field, so the letter and Enter shortcuts work again.
        if (target instanceof HTMLInputElement) target.blur();
        localNotice = null;
        controller.dismissNotice();
        return true;
      case 'undo': undo(); return true;
      case 'large-type': toggleLarge(); return true;
      case 'export': exportGame(); return true;
      // Opening the picker straight from a key press is not reliable in Chromium; the button is.
      case 'import': root.querySelector<HTMLElement>('[data-key="import"]')?.focus(); return true;
      case 'find-country': root.querySelector<HTMLInputElement>('#bv-find')?.focus(); return true;
      case 'mode-attack': if (s.phase === 'play' || s.phase === 'final-round') { setMode('attack'); return true; } return false;
      case 'mode-buy': if (s.phase === 'play' || s.phase === 'final-round') { setMode('ally.buy'); return true; } return false;
      case 'pass': if (s.turn && !s.war && (s.phase === 'play' || s.phase === 'final-round')) { act({ type: 'pass', player: s.turn }); return true; } return false;
      case 'confirm':
        // Enter on a country button confirms the home alliances (Space ticks the country).
        if ((target instanceof HTMLButtonElement && !target.dataset.country) || target instanceof HTMLAnchorElement) return false;
        if (s.phase === 'home-alliances' && s.turn) { act({ type: 'ally.home', player: s.turn, countries: [...homeSelection] }); return true; }
        return false;
    }
  }

  const onKey = (e: KeyboardEvent): void => {
    const t = e.target as HTMLElement | null;
    if (options.keysOnlyWhenFocused && !(t instanceof Node && root.contains(t))) return;
    const inText = !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
    const cmd = commandFor(e, inText);
    if (!cmd) return;
    // The editor is all form fields: only Esc (leave a field, close a message) keeps its meaning there.
    if (editor && cmd !== 'cancel') return;
    if (run(cmd, e.target)) e.preventDefault();
  };
  document.addEventListener('keydown', onKey);

  const unsubscribe = controller.subscribe(draw);
  draw();
  void controller.resume().finally(() => { resumed = true; root.dataset.ready = 'true'; draw(); });

  return {
    controller,
    element: root,
    redraw: draw,
    say: showLocal,
    destroy() {
      unsubscribe();
      clearInterval(clockTimer);
      document.removeEventListener('keydown', onKey);
      root.remove();
    },
  };
}

function countriesFor(legal: LegalAction[], type: string, player: string | null): Set<string> {
  const out = new Set<string>();
  for (const a of legal) {
    if (a.type !== type || (player !== null && a.player !== null && a.player !== player)) continue;
    for (const c of a.choices) if (typeof c === 'string') out.add(c);
  }
  return out;
}

function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const sec = String(total % 60).padStart(2, '0');
  return `${m}:${sec}`;
}

function joinDots(parts: (HTMLElement | null)[]): (HTMLElement | string)[] {
  return parts.filter((p): p is HTMLElement => p !== null).flatMap((p, i) => (i === 0 ? [p] : [' · ', p]));
}

function phaseName(phase: string): string {
  const names: Record<string, string> = {
    setup: 'Setup', 'first-player': 'Who goes first', homelands: 'Homelands', 'home-alliances': 'Home-zone alliances',
    play: 'Play', 'final-round': 'Final round', 'awaiting-endgame': 'Before the end game', endgame: 'End game', over: 'Game over',
  };
  return names[phase] ?? phase;
}
