/**
 * Who fights a remote battle where, and with what input delay (board/table/remote-battle.ts): the delay
 * from the round trip, or the one the host's player set, for a battle with one guest and for one
 * between two guests (whose messages pass the host: both round trips).
 */
import { describe, expect, it } from 'vitest';
import { HOST, inputDelay, planBattle, type Seating } from '../../../board/index.ts';

const seating: Seating = { red: 'Ann', blue: 'Bob', attacker: 'red' };

describe('a remote battle', () => {
  it('takes the input delay from the round trip when nobody set one', () => {
    expect([null, 20, 90, 150, 164, 300, 500].map(inputDelay)).toEqual([2, 1, 2, 3, 4, 6, 8]);
    const duel = planBattle(
      'b1',
      seating,
      (p) => (p === 'Ann' ? HOST : 'g1'),
      () => 90,
    );
    expect(duel).toMatchObject({ kind: 'duel', guest: 'g1', side: 0, delay: 2 });
    const relay = planBattle(
      'b1',
      seating,
      (p) => (p === 'Ann' ? 'g1' : 'g2'),
      () => 90,
    );
    expect(relay).toMatchObject({ kind: 'relay', guest: 'g1', other: 'g2', delay: 4 });
  });

  it('takes the delay the host set, 0 to 8 frames, for a duel and for two guests', () => {
    const duel = planBattle(
      'b1',
      seating,
      (p) => (p === 'Ann' ? HOST : 'g1'),
      () => 300,
      0,
    );
    expect(duel?.delay).toBe(0);
    const relay = planBattle(
      'b1',
      seating,
      (p) => (p === 'Ann' ? 'g1' : 'g2'),
      () => null,
      6,
    );
    expect(relay?.delay).toBe(6);
  });
});
