/**
 * What the Node evenings at a table share (evening.test.ts, mail-evening.test.ts): a clock whose pauses are
 * turns of the event loop, and a console on our BIOS and battle cartridge whose two controls the table's
 * computers hand to battle bots, with the levels they hold now.
 */
import type { MachineControls, TableClock } from '../../../board/index.ts';
import { BotConsole } from '../../../rom-core/bot/index.ts';
import { battleCart, openBios } from '../../rom-core/roms/carts/scenarios.ts';
import { bootMachine } from '../../harness/boot.ts';

/** Each pause is one turn of the event loop; the time stands still (a seat's seed is the same each run). */
export const nextTurn: TableClock = {
  now: () => 7,
  later: (fn) => {
    const t = setTimeout(fn, 0);
    return () => clearTimeout(t);
  },
};

/** One turn of the event loop. */
export const turnOfLoop = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** A console whose controls the computers give to battle bots (`held`: each control's level now, or null). */
export function botTableConsole(): { console: BotConsole; controls: MachineControls; held: (string | null)[] } {
  const c = new BotConsole(bootMachine(openBios(), battleCart()), { yieldEvery: 200 });
  const held: (string | null)[] = [null, null];
  const controls: MachineControls = {
    setBot: (stick, level, seed) => {
      held[stick] = level;
      if (level) c.hold(stick, level, seed);
      else c.release(stick);
      return true;
    },
    setSpeed: () => true,
  };
  return { console: c, controls, held };
}
