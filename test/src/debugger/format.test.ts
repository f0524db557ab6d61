import { describe, expect, it } from 'vitest';
import { hexDump, parseAddress, parseByte, parseHexValue, pswText } from '../../../src/debugger/format.ts';
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
  it('parses addresses and refuses junk', () => {
    expect(parseAddress('4a2')).toBe(0x4a2);
    expect(parseAddress('0x10')).toBe(0x10);
    expect(parseAddress('4A2h')).toBe(0x4a2);
    expect(parseAddress('1000')).toBeUndefined();
    expect(parseAddress('zz')).toBeUndefined();
  });
  it('spells the PSW flags', () => {
    expect(pswText(0x92)).toBe('C ac f0 BS SP=2');
  });
  it("parses a watch address or value, up to the memory's last byte", () => {
    expect(parseByte('7F', 0x7f)).toBe(0x7f);
    expect(parseByte('0x3f', 0x3f)).toBe(0x3f);
    expect(parseByte('zz')).toBeUndefined();
    expect(parseByte('3Fh', 0x3f)).toBe(0x3f);
    expect(parseByte('80', 0x7f)).toBeUndefined();
    expect(parseByte('100')).toBeUndefined();
  });
  it('names a watchpoint', () => {
    expect(watchLabel({ space: 'eram', address: 0x12, kind: 'write' })).toBe('write of external RAM 12h');
    expect(watchLabel({ space: 'iram', address: 0x30, kind: 'value', value: 3 })).toBe('internal RAM 30h becomes 03h');
  });
  it('reads a value typed into an edit, or says why not', () => {
    expect(parseHexValue('5a', 2)).toEqual({ value: 0x5a });
    expect(parseHexValue(' 0x4A2 ', 3)).toEqual({ value: 0x4a2 });
    expect(parseHexValue('7Fh', 2)).toEqual({ value: 0x7f });
    expect(parseHexValue('zz', 2)).toEqual({
      why: '"zz" is not hex: type a byte from 00 to FF (nothing was changed).',
    });
    expect(parseHexValue('100', 2)).toEqual({
      why: '100h is too big: type a byte from 00 to FF (nothing was changed).',
    });
    expect(parseHexValue('1000', 3)).toEqual({
      why: '1000h is too big: type an address from 000 to FFF (nothing was changed).',
    });
  });
});
