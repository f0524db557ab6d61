/** What a page gives the board view when it mounts it, and what it gets back. */
import type { ScenarioStore } from './scenario-store.ts';
import type { TablePanels } from './view-panels.ts';
import type { TabLock } from '../platform/tab-lock.ts';
import type { GameEvent, GameSession, SaveStore } from '../../board/index.ts';

/** What the table may refuse while a battle runs on the console. */
export type RefusableAction = 'undo' | 'redo' | 'import' | 'new game';

export interface BoardViewOptions {
  store?: SaveStore;
  scenarios?: ScenarioStore;
  /** The table page: battles fought on the console instead of typed in. */
  table?: TablePanels & {
    /** Why undo, import or a new game is refused now (a battle under way on the console), or null. */
    refuse(action: RefusableAction): string | null;
    /** Why a person's board move is refused here (a seat the computer plays), or null. */
    refuseMove?(event: GameEvent): string | null;
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
  controller: GameSession;
  element: HTMLElement;
  /** Draws again (a page's part of a panel changed). */
  redraw(): void;
  /** Says something in the board's message line. */
  say(text: string): void;
  /** Settles once the autosaved game is resumed (or found missing): a game loaded before it would be replaced. */
  readonly resumed: Promise<void>;
}
