/**
 * The stepped console with battle bots holding its hand controls (rom-core/bot): each frame, before
 * the frame runs, a bot's stick replaces the control it holds, read from the mailbox and screen the
 * last frame left (as `o2 run --bot` and the browser's worker do it). A battle against an absent
 * player whose standing orders are "bot" is fought on it: the absent player's bot on one control,
 * the present player's (at the level the command line gives, or the turn records) on the other. In
 * rom-core so the board's command line and the browser's page fight those battles on the same console.
 */
import { BattleBot } from './bot.ts';
import type { BotLevel } from './bot.ts';
import { SteppedConsole } from '../roms/index.ts';

export class BotConsole extends SteppedConsole {
  private readonly bots: (BattleBot | null)[] = [null, null];

  /** A bot at `level` takes the left (0, red) or right (1, blue) control from the next frame on. */
  hold(stick: 0 | 1, level: BotLevel, seed: number): void {
    this.bots[stick] = new BattleBot(stick, level, seed);
  }

  /** Both controls back to nobody, or the one given. */
  release(stick?: 0 | 1): void {
    if (stick === undefined) this.bots.fill(null);
    else this.bots[stick] = null;
  }

  override step(): void {
    const m = this.machine;
    for (const stick of [0, 1] as const) {
      const bot = this.bots[stick];
      if (bot) m.setStick(stick, bot.step(m.eram, m.vdc.regs));
    }
    super.step();
  }
}
