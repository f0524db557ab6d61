/**
 * A turn's battles of the battle bots fought again in this browser (issue 37), as the command line's
 * `board mail open` fights them (board/cli/mail-battles.ts): a new machine for each turn opened, of
 * our open BIOS and battle cartridge, bots on both controls (botBattlesPort), each battle through the
 * battle chart in order on that machine. Run by the bot battles worker (bot-battles.worker.ts) so the
 * page is not held while the machine runs; plain code, so the unit tests run it in Node.
 */
import { botBattlesPort, MachineBattlePort, runBattle } from '../../board/index.ts';
import type { AbsentBattle, AbsentBattlePort, BattleOutcome } from '../../board/index.ts';
import { Odyssey2 } from '../../rom-core/machine/index.ts';
import { BotConsole } from '../../rom-core/bot/index.ts';

/** Our open BIOS and battle cartridge, as the console worker builds them (its battleRoms call). */
export interface BattleRoms {
  bios: Uint8Array;
  cart: Uint8Array;
}

/** The port of one turn's battles: the machine is built at its first battle and kept for the turn's others. */
export function turnBotBattles(roms: BattleRoms): AbsentBattlePort {
  const start = () => {
    const sticks = new BotConsole(new Odyssey2({ bios: roms.bios, cart: roms.cart }));
    return { sticks, port: new MachineBattlePort(sticks) };
  };
  // The turn brings the sender's stick level with each battle (bot-battles.ts): no level of our own.
  return botBattlesPort(start, null);
}

/** Fights battles one after another; `roms` given starts a new turn (and so a new machine). */
export class BotBattlesRunner {
  private turn: AbsentBattlePort | null = null;

  async refight(battle: AbsentBattle, roms: BattleRoms | null): Promise<BattleOutcome> {
    if (roms) this.turn = turnBotBattles(roms);
    if (!this.turn) throw new Error('no machine was started for this turn');
    return runBattle(await this.turn(battle), battle.request);
  }
}
