/**
 * A combat results table: columns by odds ("3-1") or by strength differential ("+2"), one row per
 * die face, a result code in each cell and the code's meaning in words. The Origins of WW2 table is
 * one (presets.ts); "my own table" is another, written as JSON:
 *
 *   { "name": "...", "kind": "odds" | "differential", "columns": ["1-2", "1-1", ...],
 *     "rows": [["Xa", "D", ...], ...],            // rows[face - 1][column]
 *     "results": { "Xa": "the attacker removes all his forces in {area}; ...", ... },
 *     "below": "A" }                              // optional: the result left of the first column
 *
 * Texts may use {area}, {attacker} and {defender} (each side's forces) and {min} (the smaller).
 */

export type ColumnKind = 'odds' | 'differential';

export interface CombatTable {
  name: string;
  kind: ColumnKind;
  columns: string[];
  rows: string[][];
  results: Record<string, string>;
  below?: string;
}

export class TableError extends Error {}

const ODDS = /^(\d+)-(\d+)$/;
const DIFF = /^[+-]?\d+$/;

/** The column's threshold: odds as attacker/defender, a differential as attacker - defender. */
export function columnValue(kind: ColumnKind, label: string): number {
  if (kind === 'odds') {
    const m = ODDS.exec(label);
    if (!m || Number(m[1]) === 0 || Number(m[2]) === 0) return NaN;
    return Number(m[1]) / Number(m[2]);
  }
  return DIFF.test(label) ? Number(label) : NaN;
}

/** Every problem with a table, as sentences; empty when it is sound. */
export function tableErrors(t: unknown): string[] {
  const errs: string[] = [];
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return ['A table must be a JSON object.'];
  const o = t as Record<string, unknown>;
  if (typeof o.name !== 'string' || o.name.trim() === '') errs.push('The table needs a name.');
  if (o.kind !== 'odds' && o.kind !== 'differential') {
    errs.push(`"kind" must be "odds" or "differential", not ${JSON.stringify(o.kind)}.`);
  }
  const kind = o.kind === 'differential' ? 'differential' : 'odds';
  const cols = o.columns;
  if (!Array.isArray(cols) || cols.length === 0) {
    errs.push('The table needs at least one column.');
  } else {
    let prev = -Infinity;
    cols.forEach((c, i) => {
      const v = typeof c === 'string' ? columnValue(kind, c) : NaN;
      if (Number.isNaN(v)) {
        errs.push(
          `Column ${i + 1} (${JSON.stringify(c)}) is not ${kind === 'odds' ? 'odds such as "3-1"' : 'a whole number such as "+2"'}.`,
        );
      } else if (v <= prev) {
        errs.push(`Column ${i + 1} (${c}) must be higher than the column before it.`);
      } else prev = v;
    });
  }
  const results = o.results;
  const known =
    typeof results === 'object' && results !== null && !Array.isArray(results)
      ? (results as Record<string, unknown>)
      : null;
  if (!known) errs.push('"results" must map each result code to its text.');
  else {
    for (const [code, text] of Object.entries(known)) {
      if (typeof text !== 'string' || text.trim() === '') errs.push(`Result "${code}" needs a text.`);
    }
  }
  const rows = o.rows;
  if (!Array.isArray(rows) || rows.length < 2) errs.push('The table needs at least two rows (die faces).');
  if (Array.isArray(rows)) {
    rows.forEach((r, i) => {
      if (!Array.isArray(r) || (Array.isArray(cols) && r.length !== cols.length)) {
        errs.push(`Row ${i + 1} must have one result per column (${Array.isArray(cols) ? cols.length : '?'}).`);
        return;
      }
      r.forEach((cell, j) => {
        if (typeof cell !== 'string' || (known && !Object.hasOwn(known, cell))) {
          errs.push(`Row ${i + 1}, column ${j + 1}: ${JSON.stringify(cell)} is not one of the result codes.`);
        }
      });
    });
  }
  if (o.below !== undefined && (typeof o.below !== 'string' || (known && !Object.hasOwn(known, o.below)))) {
    errs.push(`"below" (${JSON.stringify(o.below)}) is not one of the result codes.`);
  }
  return errs;
}

/** Parses and validates a table from JSON text; throws a TableError listing every problem. */
export function parseTable(text: string): CombatTable {
  let t: unknown;
  try {
    t = JSON.parse(text);
  } catch (e) {
    throw new TableError(`The table is not valid JSON: ${(e as Error).message}.`);
  }
  let errs: string[];
  try {
    errs = tableErrors(t);
  } catch (e) {
    // Quoting a value nested thousands deep in a sentence runs out of stack: say so instead.
    if (e instanceof RangeError) throw new TableError('The table nests arrays or objects too deeply to be a table.');
    throw e;
  }
  if (errs.length > 0) throw new TableError(errs.join(' '));
  return t as CombatTable;
}

export function serializeTable(t: CombatTable): string {
  return JSON.stringify(t, null, 2) + '\n';
}

/**
 * The column for these forces: the highest whose threshold the forces reach (odds rounded in the
 * defender's favour, as wargames do), the last for anything above it, null below the first.
 */
export function pickColumn(t: CombatTable, attacker: number, defender: number): number | null {
  const v = t.kind === 'odds' ? attacker / defender : attacker - defender;
  let col: number | null = null;
  t.columns.forEach((c, i) => {
    if (v >= columnValue(t.kind, c) - 1e-9) col = i;
  });
  return col;
}

export function fillText(template: string, vars: { area: string; attacker: number; defender: number }): string {
  return template
    .replaceAll('{area}', vars.area)
    .replaceAll('{attacker}', String(vars.attacker))
    .replaceAll('{defender}', String(vars.defender))
    .replaceAll('{min}', String(Math.min(vars.attacker, vars.defender)));
}
