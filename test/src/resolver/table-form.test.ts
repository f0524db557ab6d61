import { describe, expect, it } from 'vitest';
import { ORIGINS } from '../../../board/resolver/index.ts';
import { fieldsFromTable, STARTER_TABLE, tableFromFields } from '../../../src/resolver/table-form.ts';

describe("the resolver page's own-table form", () => {
  it('round-trips a table through the form fields (the Origins table and the starter table)', () => {
    for (const t of [ORIGINS, STARTER_TABLE]) expect(tableFromFields(fieldsFromTable(t))).toEqual({ table: t });
  });
  it('reads columns, rows and "CODE: text" lines as a player types them, blank lines ignored', () => {
    const r = tableFromFields({
      name: ' Ford ',
      kind: 'differential',
      columns: '-1, 0,+2',
      rows: 'L, H, W\n\nL,L,H\n',
      results: 'W: the ford is taken: {area}\nH: held\nL: lost',
      below: '',
    });
    expect(r).toEqual({
      table: {
        name: 'Ford',
        kind: 'differential',
        columns: ['-1', '0', '+2'],
        rows: [
          ['L', 'H', 'W'],
          ['L', 'L', 'H'],
        ],
        results: { W: 'the ford is taken: {area}', H: 'held', L: 'lost' },
      },
    });
  });
  it("takes codes named like an object's own properties as ordinary codes (constructor, toString, __proto__)", () => {
    const r = tableFromFields({
      name: 'Odd codes',
      kind: 'differential',
      columns: '0, 1',
      rows: 'constructor, toString\n__proto__, constructor',
      results: 'constructor: held\ntoString: lost\n__proto__: taken',
      below: '',
    });
    expect('table' in r).toBe(true);
    if ('table' in r) {
      expect(Object.keys(r.table.results)).toEqual(['constructor', 'toString', '__proto__']);
      expect(r.table.results.__proto__).toBe('taken');
    }
  });
  it('names every problem in a sentence: result lines, duplicate codes and the table validation', () => {
    const r = tableFromFields({
      name: '',
      kind: 'odds',
      columns: '1-1, 0-1',
      rows: 'A, B',
      results: 'A: out\nno colon here\nA: twice',
      below: 'Z',
    });
    expect('errors' in r && r.errors).toEqual([
      'Results, line 2 ("no colon here"): write the code, a colon and its text, e.g. "D: the defender retreats".',
      'Results, line 3: the code "A" is given twice.',
      'The table needs a name.',
      'Column 2 ("0-1") is not odds such as "3-1".',
      'The table needs at least two rows (die faces).',
      'Row 1, column 2: "B" is not one of the result codes.',
      '"below" ("Z") is not one of the result codes.',
    ]);
  });
});
