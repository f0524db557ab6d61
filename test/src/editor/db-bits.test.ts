/** The pixel editor's binding: `db` lines as pixel rows, a pixel toggled back into its line (src/editor/db-bits.ts). */
import { describe, expect, it } from 'vitest';
import { formatByte, parseDbLine, parseDbLines, parseNumber, toggledLine } from '../../../src/editor/db-bits.ts';

describe('db lines as pixel rows', () => {
  it('reads one byte in each of the assembler’s formats', () => {
    const values = ['0FFh', '$3c', '0x81', '%10000001', '01111110b', '24', '00h', '1Dh'].map(
      (t) => parseNumber(t)?.value,
    );
    expect(values).toEqual([255, 0x3c, 0x81, 0x81, 0x7e, 24, 0, 0x1d]);
    expect(parseNumber('0b00011000')?.value).toBe(0x18); // the assembler's other binary form
    expect(parseNumber('256')).toBeUndefined();
    expect(parseNumber('1FFh')).toBeUndefined();
    expect(parseNumber('label')).toBeUndefined();
  });

  it('takes a db of one number with a label and a comment; refuses other lines', () => {
    expect(parseDbLine('ship:   db  0FFh   ; the top row')).toMatchObject([{ value: 255, from: 12, to: 16 }]);
    expect(parseDbLine('ship    db  %00011000')).toMatchObject([{ value: 0x18 }]);
    expect(parseDbLine('        DB  3Ch')).toMatchObject([{ value: 0x3c }]);
    expect(parseDbLine('        mov a,#0FFh')).toBeUndefined();
    expect(parseDbLine('db 0FFh')).toBeUndefined(); // "db" in column 1 is a label
    expect(parseDbLines(['  db 1', '  db 2'])?.map((r) => r.value)).toEqual([1, 2]);
    expect(parseDbLines(['  db 1', '  nop'])).toBeUndefined();
  });

  it('takes a db of several numbers, each where it stands and in its own format: a sprite on one line, or two of four', () => {
    const line = 'ship:\tdb 18h,$3C , 0x7e,%11011011 ; top half';
    const rows = parseDbLine(line)!;
    expect(rows.map((r) => r.value)).toEqual([0x18, 0x3c, 0x7e, 0xdb]);
    expect(rows.map((r) => line.slice(r.from, r.to))).toEqual(['18h', '$3C', '0x7e', '%11011011']);
    const two = parseDbLines(['  db 18h, 3Ch, 7Eh, 0DBh', '  db 0FFh, 24h, 5Ah, 0A5h'])!;
    expect(two.map((b) => b.value)).toEqual([0x18, 0x3c, 0x7e, 0xdb, 0xff, 0x24, 0x5a, 0xa5]);
    expect(two.map((b) => `${b.line}.${b.index}`)).toEqual(['0.0', '0.1', '0.2', '0.3', '1.0', '1.1', '1.2', '1.3']);
    // Anything but numbers is no picture: a string, a symbol, an expression, an empty operand, a byte too big.
    for (const bad of ["  db 1, 'A'", '  db 1, ship', '  db 1, 2+3', '  db 1,, 2', '  db 1, 300', '  db 1,'])
      expect(parseDbLine(bad), bad).toBeUndefined();
  });

  it('writes a byte back as the line wrote it: radix, width, case, prefix and suffix, and the 0 before a letter', () => {
    const again = (text: string, value: number): string => formatByte(value, parseNumber(text)!.format);
    expect(again('00h', 0xfe)).toBe('0FEh');
    expect(again('0ffh', 0x0a)).toBe('00ah');
    expect(again('$00', 0x81)).toBe('$81');
    expect(again('0x00', 0xab)).toBe('0xAB');
    expect(again('0xab', 0xcd)).toBe('0xcd');
    expect(again('%00000000', 0x81)).toBe('%10000001');
    expect(again('0b00000000', 0x81)).toBe('0b10000001');
    expect(again('00000000b', 3)).toBe('00000011b');
    expect(again('0', 200)).toBe('200');
  });

  it('toggles a pixel: bit 0 on the left for a sprite, bit 7 for a character; the rest of the line kept', () => {
    expect(toggledLine('ship:   db  00h   ; top', 0, 0, true)).toBe('ship:   db  01h   ; top');
    expect(toggledLine('ship:   db  00h   ; top', 0, 0, false)).toBe('ship:   db  80h   ; top');
    expect(toggledLine('        db  %10000001', 0, 7, false)).toBe('        db  %10000000');
    expect(toggledLine('        db  0FFh', 0, 3, true)).toBe('        db  0F7h');
    expect(toggledLine('        db  0F7h', 0, 3, true)).toBe('        db  0FFh');
    expect(toggledLine('        nop', 0, 3, true)).toBeUndefined();
  });

  it('toggles a pixel of one byte among several, that number alone rewritten in its own format', () => {
    const line = '  db 18h, $3c, 0x7E, %11011011, 255 ; ship';
    expect(toggledLine(line, 0, 7, true)).toBe('  db 98h, $3c, 0x7E, %11011011, 255 ; ship');
    expect(toggledLine(line, 1, 0, true)).toBe('  db 18h, $3d, 0x7E, %11011011, 255 ; ship');
    expect(toggledLine(line, 2, 0, false)).toBe('  db 18h, $3c, 0xFE, %11011011, 255 ; ship');
    expect(toggledLine(line, 3, 2, true)).toBe('  db 18h, $3c, 0x7E, %11011111, 255 ; ship');
    expect(toggledLine(line, 4, 0, true)).toBe('  db 18h, $3c, 0x7E, %11011011, 254 ; ship');
    expect(toggledLine(line, 5, 0, true)).toBeUndefined(); // no sixth byte
  });
});
