import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { fixMirrors } from '../../../rom-core/i8244/registers.ts';
import { PAL } from '../../../rom-core/i8244/timing.ts';

const D = 1000; // some dot inside line 2, away from any event

describe('8244 register file', () => {
  it('quad sub-characters 1-3 share sub-character 0 Y/X; pointer/attr are separate', () => {
    const v = new I8244();
    for (let q = 0; q < 4; q++) {
      v.write(0x44 + 16 * q, 0x30 + q * 2, D); // Y via sub-char 1
      v.write(0x4d + 16 * q, 0x50 + q, D); // X via sub-char 3
      v.write(0x46 + 16 * q, 0x11 + q, D); // pointer of sub-char 1
    }
    for (let q = 0; q < 4; q++) {
      expect(v.read(0x40 + 16 * q, D)).toBe(0x30 + q * 2);
      expect(v.read(0x48 + 16 * q, D)).toBe(0x30 + q * 2);
      expect(v.read(0x41 + 16 * q, D)).toBe(0x50 + q);
      expect(v.read(0x45 + 16 * q, D)).toBe(0x50 + q);
      expect(v.read(0x46 + 16 * q, D)).toBe(0x11 + q);
      expect(v.read(0x42 + 16 * q, D)).toBe(0); // sub-char 0 pointer untouched
    }
    expect(fixMirrors(0x7c)).toBe(0x70);
    expect(fixMirrors(0x7e)).toBe(0x7e);
  });

  it('B0h-BFh mirror A0h-AFh', () => {
    const v = new I8244();
    v.write(0xb0, 0x02, D);
    expect(v.read(0xa0, D)).toBe(0x02);
    v.write(0xaa, 0x8f, D);
    expect(v.read(0xba, D)).toBe(0x8f);
    expect(v.regs[0xba]).toBe(0);
  });

  it('unconnected bits: char/quad attr d4-d7, char/quad Y d0, D0h-D8h d1-d7, AAh d6', () => {
    const v = new I8244();
    v.write(0x13, 0xff, D);
    v.write(0x43, 0xff, D);
    v.write(0x10, 0xff, D);
    v.write(0x40, 0x33, D);
    v.write(0x00, 0x33, D); // sprite Y keeps d0
    v.write(0xd3, 0xff, D);
    v.write(0xc3, 0xff, D);
    v.write(0xaa, 0xff, D);
    expect(v.read(0x13, D)).toBe(0x0f);
    expect(v.read(0x43, D)).toBe(0x0f);
    expect(v.read(0x10, D)).toBe(0xfe);
    expect(v.read(0x40, D)).toBe(0x32);
    expect(v.read(0x00, D)).toBe(0x33);
    expect(v.read(0xd3, D)).toBe(0x01);
    expect(v.read(0xc3, D)).toBe(0xff);
    expect(v.read(0xaa, D)).toBe(0xbf);
  });

  it('drops writes to read-only and unused cells', () => {
    const v = new I8244();
    const dropped = [
      0x03, 0x07, 0x0b, 0x0f, 0xa1, 0xa4, 0xa5, 0xa6, 0xab, 0xaf, 0xc9, 0xcf, 0xd9, 0xdf, 0xea, 0xef, 0xf0, 0xff,
    ];
    for (const a of dropped) v.write(a, 0x5a, D);
    for (const a of dropped) expect(v.regs[a]).toBe(0);
    v.write(0xe9, 0x5a, D); // last vertical grid column is real
    expect(v.regs[0xe9]).toBe(0x5a);
  });

  it('write-only registers read 0 (sprite attributes, colour, shift register)', () => {
    const v = new I8244();
    for (const a of [0x02, 0x06, 0x0a, 0x0e, 0xa3, 0xa7, 0xa8, 0xa9]) {
      v.write(a, 0x3c, D);
      expect(v.regs[a]).toBe(0x3c);
      expect(v.read(a, D)).toBe(0);
    }
  });

  it('foreground on (A0.5) locks 00h-7Fh against writes and reads them as 0; shapes stay open', () => {
    const v = new I8244();
    v.write(0x11, 0x40, D);
    v.write(0xa0, 0x20, D);
    v.write(0x11, 0x77, D);
    v.write(0x7f, 0x07, D);
    v.write(0x80, 0x99, D);
    expect(v.read(0x11, D)).toBe(0);
    expect(v.read(0x80, D)).toBe(0x99);
    expect(v.regs[0x11]).toBe(0x40);
    expect(v.regs[0x7f]).toBe(0);
    v.write(0xa0, 0x00, D);
    expect(v.read(0x11, D)).toBe(0x40);
  });

  it('grid on (A0.3) locks C0h-FFh against writes and reads them as 0', () => {
    const v = new I8244();
    v.write(0xc0, 0x81, D);
    v.write(0xa0, 0x08, D);
    v.write(0xc0, 0x00, D);
    v.write(0xe0, 0xff, D);
    expect(v.read(0xc0, D)).toBe(0);
    expect(v.read(0x11, D)).toBe(0); // not locked, never written
    v.write(0x11, 0x22, D);
    expect(v.read(0x11, D)).toBe(0x22);
    v.write(0xa0, 0x00, D);
    expect(v.read(0xc0, D)).toBe(0x81);
    expect(v.read(0xe0, D)).toBe(0);
  });

  it('reading A2h returns and clears the collision flags; writing A2h sets the mask only', () => {
    const v = new I8244();
    // Sprite 0 and sprite 1 overlapping on line 40, mask = sprite 0.
    v.write(0x00, 40, D);
    v.write(0x01, 20, D);
    v.write(0x04, 40, D);
    v.write(0x05, 20, D);
    v.write(0x80, 0xff, D);
    v.write(0x88, 0xff, D);
    v.write(0xa2, 0x01, D);
    v.write(0xa0, 0x20, D);
    const at = 60 * 455;
    // Sprite 1 is drawn first; sprite 0 (in the mask) lands on it, so the *other* one is flagged.
    expect(v.read(0xa2, at)).toBe(0x02);
    expect(v.read(0xa2, at)).toBe(0);
    expect(v.regs[0xa2]).toBe(0x01);
  });

  it('X/Y beam registers follow the beam while A0.1 = 1 and latch on its 1 -> 0 edge', () => {
    const v = new I8244();
    v.write(0xa0, 0x02, 0);
    const at = 100 * 455 + 200;
    expect(v.read(0xa5, at)).toBe(100);
    expect(v.read(0xa4, at)).toBe(100);
    expect(v.read(0xa1, at) & 0x02).toBe(0x02);
    expect(v.read(0xa4, 100 * 455 + 412)).toBe(100);
    expect(v.read(0xa4, 100 * 455 + 413)).toBe(101); // Y increments at the burst gate
    expect(v.read(0xa5, 100 * 455 + 454)).toBe(227);
    v.write(0xa0, 0x00, 120 * 455 + 80);
    expect(v.read(0xa5, 150 * 455)).toBe(40);
    expect(v.read(0xa4, 150 * 455)).toBe(120);
    expect(v.read(0xa1, 150 * 455) & 0x02).toBe(0);
  });

  it('Y reads 263 (07h) on line 0 before HBLANK, as MAME get_y_beam', () => {
    const v = new I8244();
    v.write(0xa0, 0x02, 0);
    expect(v.yBeam(10)).toBe(263);
    expect(v.read(0xa4, 10)).toBe(263 & 0xff);
    expect(v.yBeam(366)).toBe(0);
    expect(v.yBeam(413)).toBe(1);
  });
});

describe('8245 (PAL) beam counter', () => {
  it('Y saturates at 263 (07h in 8 bits) through the long PAL VBLANK, as MAME get_y_beam', () => {
    const v = new I8244(PAL);
    v.write(0xa0, 0x02, 0);
    expect(v.read(0xa4, 250 * 456)).toBe(250);
    expect(v.read(0xa4, 300 * 456)).toBe(263 & 0xff);
    expect(v.read(0xa4, 312 * 456 + 420)).toBe(263 & 0xff);
  });
});
