import { describe, expect, it } from 'vitest';
import { CHARSET_SIZE, GLYPH_NAMES, checkCharset, defaultCharset } from '../../../rom-core/i8244/charset.ts';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { NTSC } from '../../../rom-core/i8244/timing.ts';
import { frameWith, pointerFor, W } from './helpers.ts';

const rom = defaultCharset();
const glyph = (c: number) => Array.from(rom.subarray(c * 8, c * 8 + 8));

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

describe('character ROM (own drawings)', () => {
  it('is 512 bytes: 64 glyphs of 8 rows whose 8th row is empty', () => {
    expect(rom.length).toBe(CHARSET_SIZE);
    for (let c = 0; c < 64; c++) expect(glyph(c)[7], `glyph ${c.toString(16)}`).toBe(0);
  });

  it('all 64 glyphs differ; only 0Ch (space) is blank; 2Fh is the solid 8 × 7 block', () => {
    const keys = new Set<string>();
    for (let c = 0; c < 64; c++) keys.add(glyph(c).join(','));
    expect(keys.size).toBe(64);
    const blanks = [...Array(64).keys()].filter((c) => glyph(c).every((b) => b === 0));
    expect(blanks).toEqual([0x0c]);
    expect(glyph(0x2f)).toEqual([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0]);
  });

  it('digits and letters use the full 7-row height (rows 0 and 6 lit)', () => {
    for (let c = 0; c < 64; c++) {
      if (!/^[0-9A-Z]$/.test(GLYPH_NAMES[c])) continue;
      const g = glyph(c);
      expect(g[0] !== 0 && g[6] !== 0, `${GLYPH_NAMES[c]} (${c.toString(16)})`).toBe(true);
    }
  });

  it('keeps the console code order: digits 00h-09h, every letter once, known codes', () => {
    expect(GLYPH_NAMES.length).toBe(64);
    expect(new Set(GLYPH_NAMES).size).toBe(64);
    expect(GLYPH_NAMES.slice(0, 10).join('')).toBe('0123456789');
    for (const l of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') expect(GLYPH_NAMES.filter((n) => n === l).length).toBe(1);
    const codes: Record<string, number> = {
      A: 0x20,
      Z: 0x21,
      E: 0x12,
      P: 0x0f,
      L: 0x0e,
      Y: 0x2c,
      N: 0x2d,
      ' ': 0x0c,
      '.': 0x27,
      '=': 0x2b,
    };
    for (const [name, code] of Object.entries(codes)) expect(GLYPH_NAMES.indexOf(name)).toBe(code);
  });

  it('is not the chip dump (CRC32 B46A3F31)', () => {
    expect(crc32(rom)).not.toBe(0xb46a3f31);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926); // the CRC routine itself is right
  });

  it('defaultCharset returns a fresh copy each time', () => {
    const a = defaultCharset();
    a[0] = 0x55;
    expect(defaultCharset()[0]).toBe(rom[0]);
  });
});

describe('replacing the character ROM', () => {
  it('accepts exactly 512 bytes and draws from it', () => {
    const dump = new Uint8Array(512).fill(0x81);
    for (let c = 0; c < 64; c++) dump[c * 8 + 7] = 0;
    const y = 0x40,
      x = 0x20,
      p = pointerFor(3, y);
    const v = frameWith({ 0x10: y, 0x11: x, 0x12: p & 0xff, 0x13: (p >> 8) | 2 }, 0x20, NTSC, dump);
    const left = (x + 5) * 2;
    expect(v.frame[y * W + left]).toBe(9);
    expect(v.frame[y * W + left + 2]).toBe(0);
    expect(v.frame[y * W + left + 14]).toBe(9);
    const w = new I8244();
    w.setCharset(dump);
    expect(w.getCharset()).toEqual(dump);
  });

  it('rejects other sizes with a message naming the accepted size', () => {
    expect(() => checkCharset(new Uint8Array(511))).toThrow(
      'character ROM must be exactly 512 bytes (64 glyphs x 8 rows); this one is 511 bytes',
    );
    expect(() => new I8244(NTSC, new Uint8Array(1024))).toThrow(/exactly 512 bytes.*1024/);
    const v = new I8244();
    const before = v.getCharset();
    expect(() => v.setCharset(new Uint8Array(0))).toThrow(/512/);
    expect(v.getCharset()).toEqual(before);
    expect(() => checkCharset([1, 2, 3] as unknown as Uint8Array)).toThrow(TypeError);
  });

  it('keeps a private copy of the dump', () => {
    const dump = new Uint8Array(512);
    const v = new I8244(NTSC, dump);
    dump[0] = 0xff;
    expect(v.getCharset()[0]).toBe(0);
  });
});
