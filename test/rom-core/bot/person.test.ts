/**
 * The person model (rom-core/bot/person.ts): the same seed plays the same battle, frame for frame; its
 * hands are late (no key moves before the least reaction lag, and the lag differs); it plays every
 * weapon pairing to an end against a bot. Its figures against the levels are the bench's
 * (npm run bench -- bots, matches person-easy, person-medium, person-hard), not asserted here.
 */
import { describe, expect, it } from 'vitest';
import { Arena } from '../../../rom-core/bot/arena.ts';
import type { Controller } from '../../../rom-core/bot/arena.ts';
import { BattleBot } from '../../../rom-core/bot/bot.ts';
import { LAG_MIN, PersonModel } from '../../../rom-core/bot/person.ts';
import { PAIRINGS } from '../../../rom-core/bot/tournament.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';

function recording(c: Controller, out: number[]): Controller {
  return {
    step: (e, v) => {
      const bits = c.step(e, v);
      out.push(bits);
      return bits;
    },
  };
}

describe('PersonModel', { timeout: 120_000 }, () => {
  it('fights the same battle, frame for frame, from the same seed', () => {
    const run = (): { outcome: unknown; sticks: number[] } => {
      const arena = new Arena(openBios(), battleCart());
      const sticks: number[] = [];
      const outcome = arena.fight(
        { red: 'T', blue: 'T', redEnergy: 2500, blueEnergy: 2500 },
        recording(new PersonModel(0, 5), sticks),
        recording(new BattleBot(1, 'medium', 5), []),
      );
      return { outcome, sticks };
    };
    const a = run();
    expect(a.sticks.length).toBeGreaterThan(20);
    expect(run()).toEqual(a);
  });

  it('moves its first key a reaction lag into the battle, a different lag for each seed', () => {
    const firsts: number[] = [];
    for (let seed = 1; seed <= 4; seed++) {
      const arena = new Arena(openBios(), battleCart());
      const sticks: number[] = [];
      arena.fight(
        { red: 'T', blue: 'S', redEnergy: 1500, blueEnergy: 1500 },
        recording(new PersonModel(0, seed), sticks),
        new BattleBot(1, 'easy', seed),
      );
      firsts.push(sticks.findIndex((bits) => bits !== 0));
    }
    for (const f of firsts) expect(f).toBeGreaterThanOrEqual(LAG_MIN);
    expect(new Set(firsts).size).toBeGreaterThan(1);
  });

  it('plays every weapon pairing to an end against the easy bot, on either side', () => {
    const arena = new Arena(openBios(), battleCart());
    PAIRINGS.forEach(([red, blue], i) => {
      const personLeft = i % 2 === 0;
      const person = new PersonModel(personLeft ? 0 : 1, 9 + i);
      const bot = new BattleBot(personLeft ? 1 : 0, 'easy', 9 + i);
      const o = arena.fight(
        { red, blue, redEnergy: 1500, blueEnergy: 1500 },
        personLeft ? person : bot,
        personLeft ? bot : person,
      );
      expect(o.reason, `${red}${blue}`).toBeGreaterThan(0);
    });
  });
});
