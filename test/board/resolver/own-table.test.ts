import { describe, expect, it } from 'vitest';
import {
  parseTable,
  resolveBattle,
  serializeTable,
  ResolveError,
  TableError,
  type CombatTable,
} from '../../../board/resolver/index.ts';
import { energies, outcomeForFace } from './helpers.ts';

const MINE: CombatTable = {
  name: 'Skirmish',
  kind: 'differential',
  columns: ['-2', '0', '+3'],
  rows: [
    ['R', 'W', 'W'],
    ['R', 'R', 'W'],
    ['L', 'R', 'W'],
    ['L', 'L', 'R'],
  ],
  results: { W: 'the attacker takes {area}', R: 'both hold', L: 'the attacker loses {min} points' },
};

describe('my own table', () => {
  it('round-trips through JSON and picks differential columns and 4-faced rows', () => {
    const t = parseTable(serializeTable(MINE));
    const r = resolveBattle(
      { game: t, attacker: 8, defender: 5, area: 'the ford' },
      outcomeForFace(energies(8, 5), 4, 4),
    );
    expect(r).toMatchObject({ game: 'Skirmish', column: '+3', die: 4, result: 'R', text: 'R: both hold' });
    const low = resolveBattle({ game: t, attacker: 4, defender: 5 }, outcomeForFace(energies(4, 5), 3, 4));
    expect(low).toMatchObject({ column: '-2', result: 'L', text: 'L: the attacker loses 4 points' });
  });
  it('refuses a bad table with every problem in sentences', () => {
    const bad = { ...MINE, kind: 'odds', rows: [['W', 'X', 'W']], below: 'Q' };
    expect(() => parseTable(JSON.stringify(bad))).toThrow(TableError);
    try {
      parseTable(JSON.stringify(bad));
    } catch (e) {
      const m = (e as Error).message;
      expect(m).toContain('Column 1 ("-2") is not odds such as "3-1".');
      expect(m).toContain('The table needs at least two rows (die faces).');
      expect(m).toContain('Row 1, column 2: "X" is not one of the result codes.');
      expect(m).toContain('"below" ("Q") is not one of the result codes.');
    }
    expect(() => parseTable('{oops')).toThrow(/not valid JSON/);
  });
  it('forces off the left of a table without "below" are an error, not a guess', () => {
    expect(() =>
      resolveBattle(
        { game: MINE, attacker: 1, defender: 9 },
        { winner: 'attacker', left: { attacker: 1, defender: 0 } },
      ),
    ).toThrow("These forces fall left of the table's first column (-2) and the table gives no result there.");
  });
  it('refuses bad forces and impossible outcomes', () => {
    expect(() =>
      resolveBattle(
        { game: 'origins', attacker: 0, defender: 3 },
        { winner: 'attacker', left: { attacker: 0, defender: 0 } },
      ),
    ).toThrow(ResolveError);
    expect(() =>
      resolveBattle(
        { game: 'origins', attacker: 6, defender: 3 },
        { winner: 'attacker', left: { attacker: 5001, defender: 0 } },
      ),
    ).toThrow('The attacker cannot have 5001 energy units left: it was given only 5000.');
    expect(() =>
      resolveBattle(
        { game: 'origins', attacker: 6, defender: 3, scale: { top: 12000 } },
        { winner: 'attacker', left: { attacker: 1, defender: 0 } },
      ),
    ).toThrow("The stronger side's energy must be a whole number from 1 to 9999, not 12000.");
  });
});
