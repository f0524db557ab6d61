/**
 * Battles against an absent player whose standing orders are "bot", fought on an emulated console
 * whose two hand controls battle bots hold (rom-core's BotConsole), through the MachineBattlePort
 * every machine battle takes: the absent player's bot at the level of their standing orders, the
 * present player's at the level the turn records (a battle fought again on opening, bot-battles.ts in
 * board/mail) or `stick`. The command line (cli/mail-battles.ts) and the browser's page (its bot
 * battles worker) build the console each their own way and share this.
 */
import type { Level } from '../ai/levels.ts';
import type { AbsentBattle, AbsentBattlePort } from '../mail/standing.ts';
import type { BotConsole } from '../../rom-core/bot/index.ts';
import type { MachineBattlePort } from './machine-battle-port.ts';

/** A console with bots on its controls, and the port that fights on it. */
export interface BotMachine {
  sticks: BotConsole;
  port: MachineBattlePort;
}

/**
 * The port for standing-order battles; `start` builds the machine at the first battle (a turn
 * without one starts no console) and it is kept for the next. `stick` is the present player's bot
 * level when the battle does not bring one, or null (a battle then stops with a sentence).
 */
export function botBattlesPort<M extends BotMachine>(
  start: () => M,
  stick: Level | null,
  onFight?: (b: AbsentBattle, machine: M) => void,
): AbsentBattlePort {
  let machine: M | null = null;
  return (b) => {
    const present = b.stick ?? stick;
    if (present === null) {
      throw new Error(
        `${b.absent} is away and their standing orders have the battle bot fight ${b.request.attacker.player} v ${b.request.defender.player} on the machine: give --stick LEVEL (easy, medium or hard) for the bot that holds ${b.present}'s control`,
      );
    }
    machine ??= start();
    const seat = machine.port.seating(b.request);
    const levelOf = (player: string): Level => (player === b.absent ? b.level : present);
    machine.sticks.hold(0, levelOf(seat.red), b.seed);
    machine.sticks.hold(1, levelOf(seat.blue), (b.seed + 1) >>> 0);
    onFight?.(b, machine);
    return machine.port;
  };
}
