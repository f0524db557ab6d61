import { describe, expect, it } from 'vitest';
import { dieFace, type BattleOutcome } from '../../../board/resolver/index.ts';

describe('differential-to-die mapping', () => {
  it("with sides fighting equally well every face has the die's chance, over every energy the cartridge can leave", () => {
    // Equal play: each side wins half the battles, the winner's energy left spread over 0..given.
    for (const faces of [6, 10]) {
      const given = { attacker: 5000, defender: 5000 };
      const counts = new Array<number>(faces + 1).fill(0);
      let n = 0;
      for (const winner of ['attacker', 'defender'] as const) {
        for (let left = 0; left < 5000; left++) {
          const o: BattleOutcome = {
            winner,
            left: { attacker: winner === 'attacker' ? left : 0, defender: winner === 'defender' ? left : 0 },
          };
          counts[dieFace(given, o, faces)]++;
          n++;
        }
      }
      expect(counts[0]).toBe(0);
      for (let f = 1; f <= faces; f++) expect(Math.abs(counts[f] / n - 1 / faces)).toBeLessThan(0.001);
    }
  });
  it('measures each side against what it was given, so unequal energies still map evenly', () => {
    const given = { attacker: 5000, defender: 1250 };
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 1000; i++) {
      counts[dieFace(given, { winner: 'attacker', left: { attacker: Math.round((i / 1000) * 5000), defender: 0 } })]++;
      counts[dieFace(given, { winner: 'defender', left: { attacker: 0, defender: Math.round((i / 1000) * 1250) } })]++;
    }
    for (let f = 1; f <= 6; f++) expect(Math.abs(counts[f] / 2000 - 1 / 6)).toBeLessThan(0.002);
  });
  it('a crushing attacker win is face 1, a crushing defender win face 6, a narrow win next to the middle', () => {
    const g = { attacker: 5000, defender: 5000 };
    expect(dieFace(g, { winner: 'attacker', left: { attacker: 5000, defender: 0 } })).toBe(1);
    expect(dieFace(g, { winner: 'attacker', left: { attacker: 0, defender: 0 } })).toBe(3);
    expect(dieFace(g, { winner: 'defender', left: { attacker: 0, defender: 10 } })).toBe(4);
    expect(dieFace(g, { winner: 'defender', left: { attacker: 0, defender: 5000 } })).toBe(6);
    expect(dieFace(g, { winner: 'both-destroyed', left: { attacker: 3000, defender: 0 } })).toBe(2);
  });
});
