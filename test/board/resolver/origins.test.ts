import { describe, expect, it } from 'vitest';
import { resolveBattle } from '../../../board/resolver/index.ts';
import { energies, outcomeForFace } from './helpers.ts';

// The Revised Diplomatic Conflict Table as printed in the Origins of WW2 play-by-mail rules.
const PRINTED: Record<string, string[]> = {
  '1-2': ['Xa', '-', '-', 'A1', 'A', 'A'],
  '1-1': ['D', 'Xd', '-', '-', 'A', 'A'],
  '2-1': ['D', 'Xd', 'Xd', 'Xd', '-', '-'],
  '3-1': ['D', 'D', 'D', 'Xd', 'Xd', '-'],
  '4-1': ['D', 'D', 'D', 'D', 'Xd', 'Xd'],
  '5-1': ['D', 'D', 'D', 'D', 'D', 'Xd'],
};
// Forces whose odds, rounded in the defender's favour, fall in each column.
const FORCES: Record<string, [number, number]> = {
  '1-2': [4, 7],
  '1-1': [7, 6],
  '2-1': [5, 2],
  '3-1': [11, 3],
  '4-1': [17, 4],
  '5-1': [40, 3],
};

describe('Origins of WW2', () => {
  for (const [column, cells] of Object.entries(PRINTED)) {
    cells.forEach((code, i) => {
      it(`odds ${column}, die ${i + 1}: ${code}`, () => {
        const [a, d] = FORCES[column];
        const r = resolveBattle(
          { game: 'origins', attacker: a, defender: d, area: 'Austria' },
          outcomeForFace(energies(a, d), i + 1),
        );
        expect(r.column).toBe(column);
        expect(r.die).toBe(i + 1);
        expect(r.result).toBe(code);
      });
    });
  }
  it('odds worse than 1-2 give A automatically, whatever the battle', () => {
    for (const face of [1, 6]) {
      const r = resolveBattle(
        { game: 'origins', attacker: 2, defender: 5, area: 'Poland' },
        outcomeForFace(energies(2, 5), face),
      );
      expect(r.result).toBe('A');
      expect(r.column).toBe('below 1-2');
      expect(r.text).toBe('A: the attacker removes all his PFs in Poland');
    }
  });
  it("speaks the game's words: Xd in Austria, 3 defending PFs", () => {
    const r = resolveBattle(
      { game: 'origins', attacker: 6, defender: 3, area: 'Austria' },
      outcomeForFace(energies(6, 3), 2),
    );
    expect(r).toMatchObject({ column: '2-1', result: 'Xd', energy: { attacker: 5000, defender: 2500 } });
    expect(r.text).toBe('Xd: the defender removes all his PFs in Austria; the attacker removes 3');
  });
});
