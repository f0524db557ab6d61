/** Energies over the readout's four digits (rule 21C's record x 100): divided alike, multiplied back. */
import { describe, expect, it } from 'vitest';
import type { BattleRequest } from '../../../board/index.ts';
import { boardOutcome, screenEnergies, screenNote, SCREEN_MAX } from '../../../board/table/screen-energy.ts';

const req = (a: number, d: number): BattleRequest => ({
  country: null,
  attacker: { player: 'Bob', weapon: 'tank', energy: a },
  defender: { player: 'Ann', weapon: 'sub', energy: d },
});

describe('screen energies', () => {
  it('types energies that fit as they are, and says nothing', () => {
    const r = req(9999, 1);
    const s = screenEnergies(r);
    expect(s).toEqual({ divisor: 1, request: r });
    expect(screenNote(r)).toBeNull();
    expect(boardOutcome(r, s, { winner: 'attacker', energy: { attacker: 17, defender: 0 } })).toEqual({
      winner: 'attacker',
      energy: { attacker: 17, defender: 0 },
    });
  });

  it('divides both sides by the smallest whole number that fits the larger, keeping at least 1', () => {
    for (const [a, d, divisor] of [
      [1100, 15850, 2],
      [10000, 3, 2],
      [19998, 500, 2],
      [19999, 500, 3],
      [99_990, 99_990, 10],
      [250_000, 40, 26],
    ] as const) {
      const s = screenEnergies(req(a, d));
      expect(s.divisor).toBe(divisor);
      expect(Math.max(s.request.attacker.energy, s.request.defender.energy)).toBeLessThanOrEqual(SCREEN_MAX);
      expect(Math.min(s.request.attacker.energy, s.request.defender.energy)).toBeGreaterThanOrEqual(1);
    }
    expect(screenEnergies(req(1100, 15850)).request).toMatchObject({
      attacker: { energy: 550 },
      defender: { energy: 7925 },
    });
    expect(screenNote(req(1100, 15850))).toBe(
      "Ann's 15850 has more than the readout's four digits: both sides are entered divided by 2 (Bob 550, Ann 7925) and the energy left is multiplied back by 2.",
    );
  });

  it('multiplies what is left back, never above what the side had, and an untouched side keeps its exact energy', () => {
    const r = req(1101, 15851);
    const s = screenEnergies(r); // 551 (rounded from 550.5) and 7926 (from 7925.5)
    expect(boardOutcome(r, s, { winner: 'defender', energy: { attacker: 0, defender: 7926 } }).energy).toEqual({
      attacker: 0,
      defender: 15851,
    });
    expect(boardOutcome(r, s, { winner: 'defender', energy: { attacker: 0, defender: 5000 } }).energy).toEqual({
      attacker: 0,
      defender: 10000,
    });
    expect(boardOutcome(r, s, { winner: 'both-destroyed', energy: { attacker: 550, defender: 0 } })).toEqual({
      winner: 'both-destroyed',
      energy: { attacker: 1100, defender: 0 },
    });
  });
});
