/**
 * The pixel editor's binding (issue 36): a run of source lines `db <one byte>` read as rows of 8 pixels,
 * and a pixel toggled written back into its line in the number format the line used (`0FFh`, `$FF`,
 * `0xff`, `%10000001`, `10000001b`, `255`), so the source stays as its author wrote it. Pure text work:
 * the editor and the grid are pixel-editor.ts's.
 */

/** How a byte was written: prefix, digits in a radix (at least `width` of them), suffix, letter case. */
export interface ByteFormat {
  radix: 2 | 10 | 16;
  prefix: string;
  suffix: string;
  width: number;
  upper: boolean;
}

/** A `db` line of one byte: its value, and where the number stands in the line's text. */
export interface DbRow {
  value: number;
  from: number;
  to: number;
  format: ByteFormat;
}

/** An optional label (in column 1, or any label ending in a colon), `db` (or `byte`), one number, a comment. */
const DB_LINE = /^((?:[A-Za-z_.][\w.]*:?|\s*[A-Za-z_.][\w.]*:)?\s+(?:db|byte|\.db|\.byte)\s+)([^\s,;]+)\s*(?:;.*)?$/i;

const FORMATS: { re: RegExp; radix: 2 | 10 | 16; prefix: number; suffix: number }[] = [
  { re: /^\$[0-9a-f]+$/i, radix: 16, prefix: 1, suffix: 0 },
  { re: /^0x[0-9a-f]+$/i, radix: 16, prefix: 2, suffix: 0 },
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

/** The line as a pixel row, or undefined when it is not a `db` of one byte. */
export function parseDbLine(line: string): DbRow | undefined {
  const m = DB_LINE.exec(line);
  if (!m) return undefined;
  const number = parseNumber(m[2]);
  if (!number) return undefined;
  const from = m[1].length;
  return { ...number, from, to: from + m[2].length };
}

/** Rows of pixels from lines, or undefined unless every line is a `db` of one byte. */
export function parseDbLines(lines: readonly string[]): DbRow[] | undefined {
  const rows: DbRow[] = [];
  for (const line of lines) {
    const row = parseDbLine(line);
    if (!row) return undefined;
    rows.push(row);
  }
  return rows;
}

/** The pixel at `column` (0 = left) of a byte: bit 0 on the left for a sprite, bit 7 for a character. */
export function bitOf(column: number, bit0Left: boolean): number {
  return bit0Left ? 1 << column : 0x80 >> column;
}

/** The line with the pixel at `column` turned over, the number written in the line's own format. */
export function toggledLine(line: string, column: number, bit0Left: boolean): string | undefined {
  const row = parseDbLine(line);
  if (!row) return undefined;
  const value = row.value ^ bitOf(column, bit0Left);
  return line.slice(0, row.from) + formatByte(value, row.format) + line.slice(row.to);
}
