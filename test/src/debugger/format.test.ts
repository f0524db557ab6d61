import { describe, expect, it } from 'vitest';
import { hexDump, parseAddress, pswText } from '../../../src/debugger/format.ts';

describe('debugger text', () => {
  it('dumps bytes 16 a line with addresses', () => {
    expect(hexDump(Array.from({ length: 18 }, (_, i) => i), 0x20)).toBe(
      '20: 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F\n30: 10 11');
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
});
