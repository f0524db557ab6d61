/**
 * Battles against an absent player whose standing orders are "bot", fought on the emulated console
 * by the same machine-battle path `board play --battles machine` takes (MachineBattles: our BIOS and
 * battle cartridge, the MachineBattlePort), with battle bots on both controls: the absent player's at
 * the level of their standing orders, the present player's at the level the command line gives (a
 * person takes that stick in the browser; not here). The battle chart runs each battle (standing.ts).
 */
import type { Level } from '../ai/levels.ts';
import type { AbsentBattle, AbsentBattlePort } from '../mail/standing.ts';
import { BotConsole } from './bot-console.ts';
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
  let machine: MachineBattles | null = null;
  let sticks: BotConsole | null = null;
  return (b) => {
    // A battle fought again on opening brings the sender's level with it (bot-battles.ts).
    const present = b.stick ?? stick;
    if (present === null) {
      throw new Error(
        `${b.absent} is away and their standing orders have the battle bot fight ${b.request.attacker.player} v ${b.request.defender.player} on the machine: give --stick LEVEL (easy, medium or hard) for the bot that holds ${b.present}'s control`,
      );
    }
    machine ??= new MachineBattles((m) => (sticks = new BotConsole(m)));
    const seat = machine.port.seating(b.request);
    const levelOf = (player: string): Level => (player === b.absent ? b.level : present);
    sticks!.hold(0, levelOf(seat.red), b.seed);
    sticks!.hold(1, levelOf(seat.blue), (b.seed + 1) >>> 0);
    onFight?.(b, machine);
    return machine.port;
  };
}
