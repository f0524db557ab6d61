import { describe, expect, it } from 'vitest';
import { asmHex, hexDump, parseAddress, parseByte, parseValue, pswText } from '../../../src/debugger/format.ts';
import { parseAddress as breakAddress, parsePlace } from '../../../rom-core/debugger/index.ts';
import { watchLabel } from '../../../src/debugger/watch-list.ts';

describe('debugger text', () => {
  it('dumps bytes 16 a line with addresses', () => {
    expect(
      hexDump(
        Array.from({ length: 18 }, (_, i) => i),
        0x20,
      ),
    ).toBe('20: 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F\n30: 10 11');
  });
  it('parses addresses as the assembler writes numbers, and refuses a bare hex number', () => {
    expect(parseAddress('4A2h')).toBe(0x4a2);
    expect(parseAddress('0x4a2')).toBe(0x4a2);
    expect(parseAddress(' $4A2 ')).toBe(0x4a2);
    expect(parseAddress('1186')).toBe(0x4a2); // decimal, as in the source
    expect(parseAddress('0AFh')).toBe(0xaf);
    expect(parseAddress('4a2')).toBeUndefined(); // not a number in the source either
    expect(parseAddress('AFh')).toBeUndefined(); // a name in the source: hex starts with a digit
    expect(parseAddress('1000h')).toBeUndefined();
    expect(parseAddress('zz')).toBeUndefined();
  });
  it('reads a number the same in every field: the plain fields, and the break-at and watch fields of the worker', () => {
    for (const [text, n] of [
      ['21h', 0x21],
      ['0x21', 0x21],
      ['$21', 0x21],
      ['21', 21],
    ] as const) {
      expect(parseAddress(text), text).toBe(n);
      expect(parseByte(text), text).toBe(n);
      expect(parseValue(text, 2), text).toEqual({ value: n });
      expect(breakAddress(text, new Map()), text).toBe(n);
      expect(parsePlace(text, new Map(), 'iram').address, text).toBe(n);
    }
  });
  it('writes a number as the assembler does, for the edit fields to offer', () => {
    expect(asmHex(0x5a, 2)).toBe('5Ah');
    expect(asmHex(0xc3, 2)).toBe('0C3h');
    expect(asmHex(0x4a2, 3)).toBe('4A2h');
    expect(asmHex(5, 2)).toBe('05h');
  });
  it('spells the PSW flags', () => {
    expect(pswText(0x92)).toBe('C ac f0 BS SP=2');
  });
  it("parses a watch address or value, up to the memory's last byte", () => {
    expect(parseByte('7Fh', 0x7f)).toBe(0x7f);
    expect(parseByte('0x3f', 0x3f)).toBe(0x3f);
    expect(parseByte('zz')).toBeUndefined();
    expect(parseByte('3Fh', 0x3f)).toBe(0x3f);
    expect(parseByte('80h', 0x7f)).toBeUndefined();
    expect(parseByte('256')).toBeUndefined();
    expect(parseByte('7F')).toBeUndefined();
  });
  it('names a watchpoint', () => {
    expect(watchLabel({ space: 'eram', address: 0x12, kind: 'write' })).toBe('write of external RAM 12h');
    expect(watchLabel({ space: 'iram', address: 0x30, kind: 'value', value: 3 })).toBe('internal RAM 30h becomes 03h');
  });
  it('reads a value typed into an edit, or says why not', () => {
    expect(parseValue('5Ah', 2)).toEqual({ value: 0x5a });
    expect(parseValue(' 0x4A2 ', 3)).toEqual({ value: 0x4a2 });
    expect(parseValue('$7f', 2)).toEqual({ value: 0x7f });
    expect(parseValue('90', 2)).toEqual({ value: 90 });
    expect(parseValue('5a', 2)).toEqual({
      why: '"5a" is not a number: type a byte from 00h to FFh as 21h, 0x21, $21 or 33 (decimal) (nothing was changed).',
    });
    expect(parseValue('100h', 2)).toEqual({
      why: '100h is too big: type a byte from 00h to FFh (nothing was changed).',
    });
    expect(parseValue('4096', 3)).toEqual({
      why: '4096 (1000h) is too big: type an address from 000h to FFFh (nothing was changed).',
    });
  });
});
