/**
 * The table's battles on the console in this browser: board's TableBattle (board/table/table-battle.ts,
 * the battle chart run for the battle the game waits for) over the worker's console, the board's
 * controller and this browser's storage. All the logic is in board/table/; this file only wires it.
 */
import {
  TableBattle,
  type BattleConsole,
  type Stored,
  type TableStorage,
  type GameSession,
} from '../../board/index.ts';
import { jsonSetting } from '../platform/settings.ts';

/** The table's values kept in this browser (localStorage): the battle last programmed, the right-handed players, the computer seats. */
export const browserStorage: TableStorage = {
  slot: <T>(key: string, fallback: T, check: (value: unknown) => T | undefined): Stored<T> =>
    jsonSetting<T>(key, fallback, check),
};

export type BattleDriver = TableBattle;

export function battleDriver(
  console: BattleConsole,
  controller: GameSession,
  changed: () => void,
  /** Whether the machine runs our battle cartridge (a user's cartridge has no mailbox). */
  ourCartridge: () => boolean = () => true,
): BattleDriver {
  const driver = new TableBattle(console, controller, browserStorage, { ourCartridge });
  driver.subscribe(changed);
  return driver;
}
