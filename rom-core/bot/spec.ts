/** `left:hard`, `right:easy`: which hand control a bot holds and how well it plays (o2 run --bot). */
import { BOT_LEVELS } from './bot.ts';
import type { BotLevel } from './bot.ts';

export interface BotSpec {
  /** 0 the left-hand control (J0, red), 1 the right-hand one (J1, blue). */
  stick: 0 | 1;
  level: BotLevel | 'random';
}

export function parseBotSpec(text: string): BotSpec {
  const m = /^(left|right):([a-z]+)$/.exec(text.trim().toLowerCase());
  const levels = [...BOT_LEVELS, 'random'];
  if (!m || !levels.includes(m[2])) {
    throw new RangeError(
      `a bot is SIDE:LEVEL with SIDE left or right and LEVEL one of ${levels.join(', ')}; got '${text}'`,
    );
  }
  return { stick: m[1] === 'left' ? 0 : 1, level: m[2] as BotSpec['level'] };
}
