/** The pixel editor's binding: `db` lines as pixel rows, a pixel toggled back into its line (src/editor/db-bits.ts). */
import { describe, expect, it } from 'vitest';
import { formatByte, parseDbLine, parseDbLines, parseNumber, toggledLine } from '../../../src/editor/db-bits.ts';

describe('db lines as pixel rows', () => {
  it('reads one byte in each of the assembler’s formats', () => {
    const values = ['0FFh', '$3c', '0x81', '%10000001', '01111110b', '24', '00h', '1Dh'].map(
      (t) => parseNumber(t)?.value,
    );
    expect(values).toEqual([255, 0x3c, 0x81, 0x81, 0x7e, 24, 0, 0x1d]);
    expect(parseNumber('256')).toBeUndefined();
    expect(parseNumber('1FFh')).toBeUndefined();
    expect(parseNumber('label')).toBeUndefined();
  });

  it('takes a db of one number with a label and a comment; refuses more than one byte and other lines', () => {
    expect(parseDbLine('ship:   db  0FFh   ; the top row')).toMatchObject({ value: 255, from: 12, to: 16 });
    expect(parseDbLine('ship    db  %00011000')).toMatchObject({ value: 0x18 });
    expect(parseDbLine('        DB  3Ch')).toMatchObject({ value: 0x3c });
    expect(parseDbLine('        db  1Dh, 12h')).toBeUndefined();
    expect(parseDbLine('        mov a,#0FFh')).toBeUndefined();
    expect(parseDbLine('db 0FFh')).toBeUndefined(); // "db" in column 1 is a label
    expect(parseDbLines(['  db 1', '  db 2'])?.map((r) => r.value)).toEqual([1, 2]);
    expect(parseDbLines(['  db 1', '  nop'])).toBeUndefined();
  });

  it('writes a byte back as the line wrote it: radix, width, case, prefix and suffix, and the 0 before a letter', () => {
    const again = (text: string, value: number): string => formatByte(value, parseNumber(text)!.format);
    expect(again('00h', 0xfe)).toBe('0FEh');
    expect(again('0ffh', 0x0a)).toBe('00ah');
    expect(again('$00', 0x81)).toBe('$81');
    expect(again('0x00', 0xab)).toBe('0xAB');
    expect(again('0xab', 0xcd)).toBe('0xcd');
    expect(again('%00000000', 0x81)).toBe('%10000001');
    expect(again('00000000b', 3)).toBe('00000011b');
    expect(again('0', 200)).toBe('200');
  });

  it('toggles a pixel: bit 0 on the left for a sprite, bit 7 for a character; the rest of the line kept', () => {
    expect(toggledLine('ship:   db  00h   ; top', 0, true)).toBe('ship:   db  01h   ; top');
    expect(toggledLine('ship:   db  00h   ; top', 0, false)).toBe('ship:   db  80h   ; top');
    expect(toggledLine('        db  %10000001', 7, false)).toBe('        db  %10000000');
    expect(toggledLine('        db  0FFh', 3, true)).toBe('        db  0F7h');
    expect(toggledLine('        db  0F7h', 3, true)).toBe('        db  0FFh');
    expect(toggledLine('        nop', 3, true)).toBeUndefined();
  });
});
