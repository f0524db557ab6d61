import { describe, expect, it } from 'vitest';
import { duel, threeWay } from './measure-levels.ts';
import { fourZones, threeZones } from './scenarios.ts';

// The levels must differ measurably: seeded two-player games with the battle model (even battles, so
// what differs is the play), each level seated first in half of them. The figures are deterministic;
// the bounds leave room below what was measured (printed) for changes in the rules engine. The time limits are
// guards only (the games are the same on any machine): about 40 s alone, twice that beside the browser tests.
describe('computer levels', () => {
  it('hard beats easy, hard beats medium, medium beats easy', async () => {
    const rate = async (a: 'hard' | 'medium', b: 'medium' | 'easy', scenario = threeZones, games = 60) => {
      const t = await duel(a, b, games, scenario);
      console.log(`${a} v ${b} on ${scenario.name}: ${t.wins} won, ${t.losses} lost, ${t.ties} tied of ${games}`);
      return t.wins / games;
    };
    expect(await rate('hard', 'easy')).toBeGreaterThanOrEqual(0.75);
    expect(await rate('medium', 'easy')).toBeGreaterThanOrEqual(0.65);
    expect(await rate('hard', 'medium')).toBeGreaterThanOrEqual(0.6);
    expect(await rate('hard', 'medium', fourZones, 40)).toBeGreaterThanOrEqual(0.55);
  }, 240_000);

  it('at one table of three, hard wins most often and easy least', async () => {
    const w = await threeWay(30, fourZones);
    console.log(
      `hard, medium and easy at one table on ${fourZones.name}, 30 games: hard won ${w.hard}, medium ${w.medium}, easy ${w.easy}, ${w.tie} ties`,
    );
    expect(w.hard).toBeGreaterThan(w.medium);
    expect(w.medium).toBeGreaterThan(w.easy);
    expect(w.hard).toBeGreaterThanOrEqual(15);
  }, 240_000);
});
