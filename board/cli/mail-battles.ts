/**
 * Battles against an absent player whose standing orders are "bot", fought on the emulated console
 * by the same machine-battle path `board play --battles machine` takes (MachineBattles: our BIOS and
 * battle cartridge, the MachineBattlePort), with battle bots on both controls (botBattlesPort in
 * board/table): the absent player's at the level of their standing orders, the present player's at
 * the level the command line gives (a person takes that stick in the browser; not here). The battle
 * chart runs each battle (standing.ts).
 */
import type { Level } from '../ai/levels.ts';
import type { AbsentBattle, AbsentBattlePort } from '../mail/standing.ts';
import { botBattlesPort } from '../table/bot-battles-port.ts';
import { BotConsole } from '../../rom-core/bot/index.ts';
import { MachineBattles } from './machine-battles.ts';

/**
 * The port for `sendTurn`'s standing-order battles. The machine is built at the first battle (a turn
 * without one starts no console); `stick` is the present player's bot level, or null when none was
 * given (a battle then stops the turn with a sentence).
 */
export function machineAbsentBattles(
  stick: Level | null,
  onFight?: (b: AbsentBattle, machine: MachineBattles) => void,
): AbsentBattlePort {
  const start = () => {
    const battles = new MachineBattles((m) => new BotConsole(m));
    // The console MachineBattles steps is the one made just above.
    return { sticks: battles.console as BotConsole, port: battles.port, battles };
  };
  return botBattlesPort(start, stick, onFight && ((b, m) => onFight(b, m.battles)));
}
