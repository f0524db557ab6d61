/**
 * "My own table" as a form: the table's fields as the text a player types (columns separated by
 * commas, one row a line, one "CODE: text" a line) and back. Pure, so the form and a JSON file meet
 * in the same CombatTable and the same validation (board/resolver/table.ts).
 */
import { tableErrors, type CombatTable } from '../../board/index.ts';

export interface TableFields {
  name: string;
  kind: string;
  columns: string;
  rows: string;
  results: string;
  below: string;
}

const cells = (line: string): string[] => line.split(',').map((c) => c.trim());
const lines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** The table the fields describe, or every problem with them (sentences naming the field). */
export function tableFromFields(f: TableFields): { table: CombatTable } | { errors: string[] } {
  const errors: string[] = [];
  // No prototype: a code named "constructor" or "__proto__" is a code like any other.
  const results: Record<string, string> = Object.create(null) as Record<string, string>;
  lines(f.results).forEach((line, i) => {
    const colon = line.indexOf(':');
    if (colon <= 0) {
      errors.push(
        `Results, line ${i + 1} ("${line}"): write the code, a colon and its text, e.g. "D: the defender retreats".`,
      );
      return;
    }
    const code = line.slice(0, colon).trim();
    if (Object.hasOwn(results, code)) errors.push(`Results, line ${i + 1}: the code "${code}" is given twice.`);
    results[code] = line.slice(colon + 1).trim();
  });
  const draft: Record<string, unknown> = {
    name: f.name.trim(),
    kind: f.kind,
    columns: f.columns.trim() === '' ? [] : cells(f.columns),
    rows: lines(f.rows).map(cells),
    results,
  };
  if (f.below.trim() !== '') draft.below = f.below.trim();
  errors.push(...tableErrors(draft));
  return errors.length > 0 ? { errors } : { table: draft as unknown as CombatTable };
}

export function fieldsFromTable(t: CombatTable): TableFields {
  return {
    name: t.name,
    kind: t.kind,
    columns: t.columns.join(', '),
    rows: t.rows.map((r) => r.join(', ')).join('\n'),
    results: Object.entries(t.results)
      .map(([code, text]) => `${code}: ${text}`)
      .join('\n'),
    below: t.below ?? '',
  };
}

/** A small table a new player can start from: a differential table of its own. */
export const STARTER_TABLE: CombatTable = {
  name: 'My skirmish table',
  kind: 'differential',
  columns: ['-2', '0', '+2', '+4'],
  rows: [
    ['R', 'D', 'D', 'E'],
    ['R', 'R', 'D', 'D'],
    ['A', 'R', 'R', 'D'],
    ['A', 'A', 'R', 'R'],
  ],
  results: {
    A: 'the attacker loses a step in {area} and falls back',
    R: 'both sides lose a step; the defender holds {area}',
    D: 'the defender loses a step and retreats from {area}',
    E: 'the defender is eliminated in {area}',
  },
  below: 'A',
};
