/**
 * What the table's page tells the board it shows (the board view's `table` options): the war panel's
 * hint while the battle is at the console, the moment's legal moves in the table's words, moves a click
 * may not make (a computer's seat, the weapons of a battle on the console), the first-player readout,
 * and the steps (undo, redo, loading, a new game) that wait for a battle's result.
 */
import { el } from '../platform/dom.ts';
import type { BoardView, BoardViewOptions } from '../board-view/index.ts';
import type { BattleDriver } from './battle-driver.ts';
import { renderReadout } from './war-panel.ts';
import { legalNowAt, type TableNews } from './table-news.ts';
import type { ComputerSeats } from './computer-seats.ts';
import type { RemotePanel } from './remote-panel.ts';
import { WEAPONS_FIXED, legalWords, tableLegalNow, tableMoveRefusal } from '../../board/index.ts';

/** The page's parts, filled in as the page builds them (the board is mounted first). */
export interface TableParts {
  board?: BoardView;
  driver?: BattleDriver;
  seats?: ComputerSeats;
  remote?: RemotePanel;
}

export function boardHooks(
  parts: TableParts,
  news: TableNews,
  readout: () => void,
): NonNullable<BoardViewOptions['table']> {
  const computer = (name: string): boolean => parts.seats?.isComputer(name) ?? false;
  return {
    // The battle itself is programmed and read beside the picture (the page's battle box).
    battle: () =>
      el('p', {
        class: 'tb-hint',
        text: parts.driver?.busy
          ? 'The battle is on the console (beside the board); its result is recorded here when it ends.'
          : 'Choose the weapons here; the battle is programmed and fought at the console (beside the board).',
      }),
    legalNow: (legal) => {
      const { driver, seats, board } = parts;
      // A guest's console runs the host's battle in step (the moment is the host's), or none: the engine's words.
      if (parts.remote?.guest?.battle)
        return tableLegalNow(legal, { stage: 'fighting', computer, attacker: null, enterBy: null });
      if (!driver || !seats || !board || parts.remote?.isGuest) return legalWords(legal);
      const view = board.controller.snapshot().view;
      const holds = news.resultHolds(view, driver.state.stage);
      return legalNowAt(legal, view, driver, holds, computer);
    },
    weaponsFixed: () => (parts.driver?.busy ? WEAPONS_FIXED : null),
    // Not a person's click: a computer's seat (issue 35: it was logged as the computer's), a battle's weapons on the console.
    refuseMove: (e) => tableMoveRefusal(e, parts.driver?.busy === true, computer),
    readout: () => (parts.driver ? renderReadout(parts.driver, readout) : el('p', { text: 'Starting the console…' })),
    refuse: (action) => {
      if (parts.driver?.busy)
        return `${action === 'undo' ? 'Undo' : action === 'redo' ? 'Redo' : action === 'import' ? 'Loading a game' : 'A new game'} waits until the battle on the console is over (its result is recorded first).`;
      // The last battle's words belong to the step about to be undone or redone: the table is ready for the next battle.
      parts.driver?.forgetResult();
      // The computers wait after an undo or redo, so it can reach back past their moves (a battle result too).
      if (action === 'undo' || action === 'redo') parts.seats?.hold(action);
      return null;
    },
  };
}
