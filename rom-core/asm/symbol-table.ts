/**
 * What a listing and a map say of the program's names (issue 36): each symbol's kind and where it
 * is defined, and the listing's lines with their file and line number, then a symbol table as ASL
 * ends its listing with one.
 */
export type SymbolKind = 'label' | 'constant' | 'variable' | 'string' | 'register' | 'macro' | 'function';

export interface SymbolInfo {
  /** As spelled where defined (local labels as `global.local`). */
  name: string;
  /** A number, a string (string symbols), a register name (REG), or undefined (macros, functions). */
  value: number | string | undefined;
  kind: SymbolKind;
  file: string;
  line: number;
}

/** One listing line and the source line it shows. */
export interface ListingLine {
  file: string;
  line: number;
  text: string;
}

const hex4 = (n: number): string => (n & 0xffff).toString(16).toUpperCase().padStart(4, '0');

function shown(s: SymbolInfo): string {
  if (typeof s.value === 'number') return hex4(s.value);
  if (typeof s.value === 'string') return s.kind === 'register' ? s.value : JSON.stringify(s.value);
  return '';
}

/** Symbols by name, case ignored (as the assembler reads them). */
export function sortedSymbols(symbols: readonly SymbolInfo[]): SymbolInfo[] {
  return [...symbols].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.line - b.line);
}

/** The listing: `file:line` before each line (an include's lines found by their file), then the symbol table. */
export function formatListing(lines: readonly ListingLine[], symbols: readonly SymbolInfo[]): string {
  if (lines.length === 0) return '';
  const at = lines.map((l) => `${l.file}:${l.line}`);
  // A loop, not Math.max(...): a listing may have millions of lines.
  const width = at.reduce((w, a) => Math.max(w, a.length), 0);
  const body = lines.map((l, k) => `${at[k].padEnd(width)}  ${l.text}`.trimEnd());
  return [...body, '', ...symbolTable(symbols)].join('\n') + '\n';
}

/** ASL-like: one line per symbol, name, value, kind and where it is defined. */
export function symbolTable(symbols: readonly SymbolInfo[]): string[] {
  const sorted = sortedSymbols(symbols);
  const rows = sorted.map((s) => [s.name, shown(s), s.kind, `${s.file}:${s.line}`]);
  const widths = [0, 1, 2].map((c) => rows.reduce((w, r) => Math.max(w, r[c].length), c === 0 ? 6 : 5));
  const line = (r: string[]): string =>
    r
      .map((cell, c) => (c < 3 ? cell.padEnd(widths[c]) : cell))
      .join('  ')
      .trimEnd();
  return [
    `Symbol table (${sorted.length} symbol${sorted.length === 1 ? '' : 's'}):`,
    line(['name', 'value', 'kind', 'defined at']),
    ...rows.map(line),
  ];
}

/** `o2 asm --map`: value, kind, name and where, one symbol a line, by value then name (strings and registers, then macros and functions, last). */
export function symbolMap(symbols: readonly SymbolInfo[]): string {
  const order = (s: SymbolInfo): number =>
    typeof s.value === 'number' ? s.value & 0xffff : s.value !== undefined ? 0x10000 : 0x20000;
  const rows = [...symbols].sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
  return (
    rows.map((s) => `${shown(s).padEnd(4)} ${s.kind.padEnd(8)} ${s.name} ${s.file}:${s.line}`.trimEnd()).join('\n') +
    (rows.length ? '\n' : '')
  );
}
