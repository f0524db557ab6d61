/**
 * Pieces of the board page that own nothing: the key list, the setup screen's board, where a click
 * acts, the import file input and where the focus goes after a redraw.
 */
import { world1982, type GameSession } from '../../board/index.ts';
import { button, h } from '../platform/h.ts';
import type { BoardDrafts } from './drafts.ts';
import type { EditorHost } from './editor-host.ts';
import { countriesFor } from './labels.ts';
import { SHORTCUTS } from './shortcuts.ts';
import { setAttr } from './kept-dom.ts';
import type { ViewState } from './types.ts';

/** The keyboard's shortcuts, listed. */
export function keysList(): HTMLElement {
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

/**
 * Scrolls the nearest scrolling column so that `el`'s panel starts in view; where no column scrolls
 * (a phone's single column, where the page itself scrolls) the page, so that "Start game" at the foot
 * of the long setup form is followed by the first step's panel, not by the middle of the player list.
 */
export function revealInColumn(el: HTMLElement): void {
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (!/(auto|scroll)/.test(style.overflowY) || box.scrollHeight <= box.clientHeight) continue;
    const top = el.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top > box.clientHeight - 80) box.scrollTop += top - 8;
    return;
  }
  const top = el.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - 80) window.scrollBy(0, top - 8);
}

/** The countries a click acts on now, and what it does to them. */
export function targetsOf(
  snap: ReturnType<GameSession['snapshot']>,
  d: BoardDrafts,
): { targets: Set<string>; verb: string | null } {
  const s = snap.view;
  if (s.phase === 'homelands')
    return { targets: countriesFor(snap.legal, 'homeland', s.turn), verb: 'choose as homeland' };
  if (s.phase === 'home-alliances')
    return { targets: countriesFor(snap.legal, 'ally.home', s.turn), verb: 'tick for a home alliance' };
  if ((s.phase === 'play' || s.phase === 'final-round') && !s.war) {
    const type = d.mode === 'attack' ? 'attack' : 'ally.buy';
    return {
      targets: countriesFor(snap.legal, type, d.actor ?? s.turn),
      verb: d.mode === 'attack' ? 'attack' : 'buy alliance',
    };
  }
  return { targets: new Set<string>(), verb: null };
}

/** The setup screen's board: which scenario, the what-if editor, back to the 1982 world. */
export function boardChoice(s: ViewState, editor: EditorHost, controller: GameSession): HTMLElement {
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

/**
 * The saved-game file input (#bv-import-file): `take` reads the chosen file, true when it did, and
 * the input is cleared then so the same file can be chosen again.
 */
export function importFileInput(take: (file: File) => Promise<boolean>): HTMLInputElement {
  const input = h('input', {
    type: 'file',
    accept: '.json,application/json',
    class: 'bv-hidden',
    id: 'bv-import-file',
    'data-key': 'import-file',
    'aria-label': 'Import a saved game file',
    tabindex: -1,
  });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file || !(await take(file))) return;
    input.value = '';
  });
  return input;
}

/** After a redraw: the focus goes back to the redrawn twin of the focused control, or on to a new panel. */
export function placeFocus(root: HTMLElement, focusKey: string | undefined, moved: boolean): void {
  const title = root.querySelector<HTMLElement>('#bv-panel-title');
  if (title) {
    setAttr(title, 'tabindex', '-1');
    setAttr(title, 'data-key', 'panel-title');
  }
  const again = focusKey ? root.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`) : null;
  if (again === document.activeElement) {
    // A control the redraw kept still has the focus (and its caret): focusing it again would only make the
    // browser lay the page out at once.
  } else if (again) {
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
  // The log keeps its newest line in view by itself (.bv-log-scroll): nothing is measured here.
}
