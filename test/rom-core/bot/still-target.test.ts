/**
 * The table's report (issue "The table for people"): a hard tank jiggled in one spot for about 80 s
 * against a motionless tank and never hit it. Every level, with every weapon, must hunt a target
 * that never moves (its stick left at 0) and destroy it, on every battlefield and from either side.
 * Bounded by frames, never by time: the still side's energy runs dry after 3600 frames (60 s), so a
 * bot that never hits it wins by energy (reason 2) and the test fails.
 */
import { describe, expect, it } from 'vitest';
import { Arena } from '../../../rom-core/bot/arena.ts';
import type { Controller, Weapon } from '../../../rom-core/bot/arena.ts';
import { BOT_LEVELS, BattleBot } from '../../../rom-core/bot/bot.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';

/** A player who never touches the stick: a tank stands, a submarine stays surfaced. */
const STILL: Controller = { step: () => 0 };
/** Energy that lasts the still side 3600 frames (a tank uses 2 units, a submarine 3, every 4th frame). */
const STILL_ENERGY: Readonly<Record<'T' | 'S', number>> = { T: 1800, S: 2700 };
const BOUND = 3600;

/**
 * Eight battles on one machine (the battlefields take their turns): the bot on the left for the
 * first four, on the right for the next four, so each battlefield is fought from both sides.
 * Returns what went wrong, one line a battle that the bot did not win by a hit.
 */
function hunt(level: (typeof BOT_LEVELS)[number], weapon: Weapon, target: 'T' | 'S'): string[] {
  const arena = new Arena(openBios(), battleCart());
  const misses: string[] = [];
  for (let i = 0; i < 8; i++) {
    const botLeft = i < 4;
    const bot = new BattleBot(botLeft ? 0 : 1, level, 11 + i);
    const o = arena.fight(
      botLeft
        ? { red: weapon, blue: target, redEnergy: 9999, blueEnergy: STILL_ENERGY[target] }
        : { red: target, blue: weapon, redEnergy: STILL_ENERGY[target], blueEnergy: 9999 },
      botLeft ? bot : STILL,
      botLeft ? STILL : bot,
      BOUND + 200,
    );
    const won = o.winner === (botLeft ? 'red' : 'blue') && o.reason === 1 && o.frames < BOUND;
    if (!won)
      misses.push(
        `battlefield ${o.layout}, bot ${botLeft ? 'left' : 'right'}: ${o.winner} won (reason ${o.reason}) after ${o.frames} frames`,
      );
  }
  return misses;
}

describe('a bot against a target that never moves', { timeout: 300_000 }, () => {
  for (const target of ['T', 'S'] as const) {
    for (const weapon of ['T', 'S', 'P'] as const) {
      it(`every level's ${weapon} destroys a still ${target} within ${BOUND} frames on every battlefield, from either side`, () => {
        const misses = BOT_LEVELS.flatMap((level) => hunt(level, weapon, target).map((m) => `${level}: ${m}`));
        expect(misses).toEqual([]);
      });
    }
  }
});
