/**
 * The time sync (rom-core/netplay/time-sync.ts): a side running ahead of the other yields a display frame
 * now and then, the line's delay does not count as running ahead, and a battle between two computers whose
 * displays run at different speeds keeps both at the same frame without stalling.
 */
import { describe, expect, it } from 'vitest';
import { Arena } from '../../../rom-core/bot/arena.ts';
import { BattleBot } from '../../../rom-core/bot/index.ts';
import { SYNC_WINDOW, TimeSync, YIELD_COOLDOWN } from '../../../rom-core/netplay/index.ts';
import { netBattle } from '../../harness/netplay-sim.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';

/**
 * Two sides whose frames are `lead` apart (A ahead), each hearing the other `latency` display frames late,
 * for `ticks` display frames; a yield holds that side's frame. Returns each side's yields.
 */
function run(lead: number, latency: number, ticks: number): [number, number] {
  const sides = [new TimeSync(), new TimeSync()];
  const frames = [lead, 0];
  const said: { frame: number; adv: number | null }[][] = [[], []];
  for (let t = 0; t < ticks; t++) {
    for (const i of [0, 1]) {
      const heard = said[1 - i][t - latency];
      if (heard) sides[i].heard(heard.frame, heard.adv);
      const yielded = sides[i].tick(frames[i]);
      said[i][t] = { frame: frames[i], adv: sides[i].advantage(frames[i]) };
      if (!yielded) frames[i]++;
    }
  }
  return [sides[0].yields, sides[1].yields];
}

describe('time sync', () => {
  it('the side ahead yields until the two are level, then neither does', () => {
    const [a, b] = run(3, 6, 400);
    expect(b).toBe(0);
    // Three frames ahead: about three yields, each after the averages saw the last one's effect.
    expect(a).toBeGreaterThanOrEqual(2);
    expect(a).toBeLessThanOrEqual(3);
  });

  it('a long line is not running ahead: sides level with each other never yield', () => {
    expect(run(0, 18, 400)).toEqual([0, 0]);
  });

  it('yields at most once in each cooldown, and not before a window of samples', () => {
    const s = new TimeSync();
    let yields = 0;
    let first = -1;
    for (let t = 0; t < 4 * YIELD_COOLDOWN; t++) {
      s.heard(0, -50);
      if (s.tick(100 + t)) {
        yields++;
        if (first < 0) first = t;
      }
    }
    expect(first).toBe(SYNC_WINDOW - 1);
    expect(yields).toBeLessThanOrEqual(4);
  });

  it('a battle between displays 5 % apart: with the time sync the fast side yields and neither stalls; without, the window stalls it', () => {
    const bios = openBios();
    const cart = battleCart();
    const arena = new Arena(bios, cart);
    const fight = (timeSync: boolean) =>
      netBattle(
        arena,
        bios,
        cart,
        { red: 'T', blue: 'S', redEnergy: 900, blueEnergy: 900 },
        new BattleBot(0, 'hard', 5),
        new BattleBot(1, 'medium', 9),
        { rttMs: 150, jitterMs: 15, loss: 0.03, transport: 'unordered', hopMs: 8 },
        { delay: 2, window: 12, hashEvery: 30 },
        77,
        6000,
        { drift: 0.05, timeSync },
      );
    const synced = fight(true);
    const free = fight(false);
    for (const r of [synced, free]) {
      expect(r.agreed).toBe(true);
      expect(r.desync).toBeNull();
    }
    expect(synced.yields).toBeGreaterThan(0);
    // Each side measured the round trip a stick takes: 150 ms on the line and 8 ms on each page each way
    // (182 ms), give or take the jitter and a display frame of waiting at each end.
    for (const rtt of synced.rttMs) {
      expect(rtt).not.toBeNull();
      expect(rtt!).toBeGreaterThan(150);
      expect(rtt!).toBeLessThan(182 + 2 * 17 + 30);
    }
    expect(synced.stalls).toBe(0);
    expect(free.stalls).toBeGreaterThan(0);
  }, 60_000);
});
