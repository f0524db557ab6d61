/**
 * The battle bot on the emulated machine: the same seed fights the same battle frame for frame, it
 * plays every weapon pairing to an end without getting stuck, a small tournament keeps its books
 * straight, and it reads nothing but the mailbox and the screen. Figures (win rates) are the bench's
 * (npm run bench -- bots), not asserted here.
 */
import { describe, expect, it } from 'vitest';
import { Arena } from '../../../rom-core/bot/arena.ts';
import type { Controller } from '../../../rom-core/bot/arena.ts';
import { BattleBot } from '../../../rom-core/bot/bot.ts';
import { parseBotSpec } from '../../../rom-core/bot/spec.ts';
import { PAIRINGS, playCell } from '../../../rom-core/bot/tournament.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';

/** Records every stick output of a controller. */
function recording(c: Controller, out: number[]): Controller {
  return {
    step: (e, v) => {
      const bits = c.step(e, v);
      out.push(bits);
      return bits;
    },
  };
}

describe('BattleBot', { timeout: 120_000 }, () => {
  it('fights the same battle, frame for frame, from the same seed', () => {
    const run = (): { outcome: unknown; sticks: number[] } => {
      const arena = new Arena(openBios(), battleCart());
      const sticks: number[] = [];
      const outcome = arena.fight(
        { red: 'T', blue: 'P', redEnergy: 2500, blueEnergy: 2500 },
        recording(new BattleBot(0, 'medium', 42), sticks),
        recording(new BattleBot(1, 'hard', 42), sticks),
      );
      return { outcome, sticks };
    };
    const a = run();
    const b = run();
    expect(a.sticks.length).toBeGreaterThan(20);
    expect(b).toEqual(a);
  });

  it('plays every weapon pairing to an end (a hit or empty tanks), on each side, never stuck', () => {
    const arena = new Arena(openBios(), battleCart());
    for (const [red, blue] of PAIRINGS) {
      const o = arena.fight(
        { red, blue, redEnergy: 1500, blueEnergy: 1500 },
        new BattleBot(0, 'hard', 7),
        new BattleBot(1, 'easy', 7),
      );
      expect(o.winner, `${red}${blue}`).not.toBe('none');
      expect(o.reason, `${red}${blue}`).toBeGreaterThan(0);
      expect(o.stuck, `${red}${blue}`).toEqual([0, 0]);
    }
  });

  it("keeps a small tournament's books: every battle counted once, sides swapped, all battlefields used", () => {
    const cell = playCell(openBios(), battleCart(), 'hard', 'easy', ['T', 'T'], 8, 3);
    expect(cell.aWins + cell.bWins + cell.ties).toBe(8);
    expect(cell.layouts).toEqual([2, 2, 2, 2]);
    expect(cell.meanFrames).toBeGreaterThan(0);
    expect(cell.stuck).toEqual([0, 0]);
  });

  it('leaves the stick alone outside a battle, and reads only the mailbox and the VDC registers it is given', () => {
    const bot = new BattleBot(0, 'hard', 1);
    const eram = new Uint8Array(128);
    eram[0x08] = 1; // program entry
    expect(bot.step(eram, new Uint8Array(256))).toBe(0);
    // In battle on a grid that is no battlefield (nothing on screen to go by): no move.
    eram[0x08] = 2;
    eram[0x20] = 0x54;
    expect(bot.step(eram, new Uint8Array(256))).toBe(0);
  });

  it('takes SIDE:LEVEL specs and refuses others with the accepted forms', () => {
    expect(parseBotSpec('left:hard')).toEqual({ stick: 0, level: 'hard' });
    expect(parseBotSpec('right:easy')).toEqual({ stick: 1, level: 'easy' });
    expect(() => parseBotSpec('middle:hard')).toThrow(
      /SIDE:LEVEL with SIDE left or right and LEVEL one of easy, medium, hard, random; got 'middle:hard'/,
    );
    expect(() => parseBotSpec('left:expert')).toThrow(/got 'left:expert'/);
  });
});
