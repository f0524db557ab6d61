/**
 * The pixel editor's binding (issue 36): the bytes of a run of `db` lines (one or several numbers a
 * line) read as rows of 8 pixels, and a pixel toggled written back into its number in the format that
 * number used (`0FFh`, `$FF`, `0xff`, `0b10000001`, `10000001b`, `%10000001`, `255`), so the source stays as its
 * author wrote it. Pure text work: the editor and the grid are pixel-editor.ts's.
 */

/** How a byte was written: prefix, digits in a radix (at least `width` of them), suffix, letter case. */
export interface ByteFormat {
  radix: 2 | 10 | 16;
  prefix: string;
  suffix: string;
  width: number;
  upper: boolean;
}

/** One byte of a `db` line: its value, and where its number stands in the line's text. */
export interface DbRow {
  value: number;
  from: number;
  to: number;
  format: ByteFormat;
}

/** A byte among the lines selected: which line (0 = the first selected) and which byte of it (0 = the first). */
export interface DbByte extends DbRow {
  line: number;
  index: number;
}

/** An optional label (in column 1, or any label ending in a colon), `db` (or `byte`), then the operands. */
const DB_HEAD = /^((?:[A-Za-z_.][\w.]*:?|\s*[A-Za-z_.][\w.]*:)?\s+(?:db|byte|\.db|\.byte)\s+)(.*)$/i;

const FORMATS: { re: RegExp; radix: 2 | 10 | 16; prefix: number; suffix: number }[] = [
  { re: /^\$[0-9a-f]+$/i, radix: 16, prefix: 1, suffix: 0 },
  { re: /^0x[0-9a-f]+$/i, radix: 16, prefix: 2, suffix: 0 },
  { re: /^0b[01]+$/i, radix: 2, prefix: 2, suffix: 0 },
  { re: /^%[01]+$/, radix: 2, prefix: 1, suffix: 0 },
  { re: /^[01]+b$/i, radix: 2, prefix: 0, suffix: 1 },
  { re: /^[0-9][0-9a-f]*h$/i, radix: 16, prefix: 0, suffix: 1 },
  { re: /^[0-9]+$/, radix: 10, prefix: 0, suffix: 0 },
];

/** A number as written, or undefined when it is no byte in a format we can write back. */
export function parseNumber(text: string): { value: number; format: ByteFormat } | undefined {
  for (const f of FORMATS) {
    if (!f.re.test(text)) continue;
    const digits = text.slice(f.prefix, text.length - f.suffix);
    const value = Number.parseInt(digits, f.radix);
    if (!(value >= 0 && value <= 255)) return undefined;
    return {
      value,
      format: {
        radix: f.radix,
        prefix: text.slice(0, f.prefix),
        suffix: text.slice(text.length - f.suffix),
        width: digits.length,
        // A number with no letter in it (09h) takes upper case, the assembler listings' way.
        upper: !/[a-f]/.test(digits),
      },
    };
  }
  return undefined;
}

/** A byte written as `format` says; a hex number with an `h` that would start with a letter gets its 0. */
export function formatByte(value: number, format: ByteFormat): string {
  let digits = value.toString(format.radix).padStart(format.radix === 10 ? 0 : format.width, '0');
  digits = format.upper ? digits.toUpperCase() : digits.toLowerCase();
  if (format.radix === 16 && format.prefix === '' && /^[a-f]/i.test(digits)) digits = `0${digits}`;
  return `${format.prefix}${digits}${format.suffix}`;
}

/**
 * The bytes of a `db` line, one pixel row each (`db 18h, 3Ch, 7Eh` is three rows), or undefined when the
 * line is no `db`, or holds anything but numbers we can write back (a string, an expression, a symbol).
 */
export function parseDbLine(line: string): DbRow[] | undefined {
  const m = DB_HEAD.exec(line);
  if (!m) return undefined;
  const start = m[1].length;
  // A quote may hide a `;` or a `,`: a line with a string is no picture anyway.
  if (/['"]/.test(m[2])) return undefined;
  const semicolon = m[2].indexOf(';');
  const operands = semicolon < 0 ? m[2] : m[2].slice(0, semicolon);
  const rows: DbRow[] = [];
  let at = start;
  for (const item of operands.split(',')) {
    const lead = item.length - item.trimStart().length;
    const text = item.trim();
    const number = parseNumber(text);
    if (!number) return undefined;
    rows.push({ ...number, from: at + lead, to: at + lead + text.length });
    at += item.length + 1;
  }
  return rows;
}

/** The bytes of the lines in order, one pixel row each, or undefined unless every line is a `db` of numbers. */
export function parseDbLines(lines: readonly string[]): DbByte[] | undefined {
  const bytes: DbByte[] = [];
  for (const [line, text] of lines.entries()) {
    const rows = parseDbLine(text);
    if (!rows) return undefined;
    bytes.push(...rows.map((row, index) => ({ ...row, line, index })));
  }
  return bytes;
}

/** The pixel at `column` (0 = left) of a byte: bit 0 on the left for a sprite, bit 7 for a character. */
export function bitOf(column: number, bit0Left: boolean): number {
  return bit0Left ? 1 << column : 0x80 >> column;
}

/**
 * The line with the pixel at `column` of its byte `index` turned over, that number written in its own
 * format and the rest of the line as it was; undefined when the line has no such byte.
 */
export function toggledLine(line: string, index: number, column: number, bit0Left: boolean): string | undefined {
  const row = parseDbLine(line)?.[index];
  if (!row) return undefined;
  const value = row.value ^ bitOf(column, bit0Left);
  return line.slice(0, row.from) + formatByte(value, row.format) + line.slice(row.to);
}
