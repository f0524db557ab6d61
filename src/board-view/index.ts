/**
 * The board companion's door: `mountBoardView` mounts a BoardPage (board-page.ts), the component that draws the
 * board from its controller's snapshot.
 */
import './board-view.css';
import { BoardPage } from './board-page.ts';
import type { BoardView, BoardViewOptions } from './board-options.ts';

export type { BoardView, BoardViewOptions, RefusableAction } from './board-options.ts';

/** Mounts the board companion into `container`; `destroy()` removes it and its key handler. */
export function mountBoardView(container: HTMLElement, options: BoardViewOptions = {}): BoardView {
  return new BoardPage(container, options);
}
