import { button, h } from '../platform/h.ts';
import { TabLock, type TabLockEvent } from '../platform/tab-lock.ts';

let shared: TabLock | null = null;

/**
 * The claim of this tab on the autosaved board game (the board and table pages share it): one per tab, kept while
 * the tab lives, so moving between the pages never gives it up to another tab by accident.
 */
export function boardGameTab(): TabLock {
  shared ??= new TabLock('o2conquest-board-game');
  return shared;
}

/** What the board shows instead of the game while another tab plays it. */
export function renderTabPanel(e: Exclude<TabLockEvent, 'owned'>, waiting: boolean, takeOver: () => void): HTMLElement {
  return h(
    'section',
    { class: 'bv-panel bv-elsewhere', 'aria-labelledby': 'bv-panel-title', 'data-tab': e },
    h(
      'h2',
      { id: 'bv-panel-title' },
      e === 'taken' ? 'This game moved to another tab' : 'This game is open in another tab',
    ),
    h(
      'p',
      {},
      e === 'taken'
        ? 'Another tab of this browser took the game over. This tab no longer changes or saves it.'
        : "Only one tab plays the game at a time, so the two never overwrite each other's autosave.",
    ),
    waiting
      ? h('p', { class: 'bv-hint', role: 'status' }, 'Waiting for the other tab to finish saving and let go…')
      : button('Play here instead', 'take-over', takeOver),
  );
}
