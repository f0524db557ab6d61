import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { NTSC, PAL } from '../../../rom-core/i8244/timing.ts';
import { defaultCharset } from '../../../rom-core/i8244/charset.ts';
import { blank, diff, frameWith, paint, paintGlyph, pointerFor, W } from './helpers.ts';

const ROM = defaultCharset();
const FG = 0x20;
const GRID = 0x08;

/** Index of the background colour for A3h per the documented bit meanings (R=5, G=4, B=3, never bright). */
const bgIndex = (a3: number) => ((a3 >> 5) & 1) | (((a3 >> 4) & 1) << 1) | (((a3 >> 3) & 1) << 2);
/** Grid colour: R=2, G=1, B=0, I=6. */
const gridIndex = (a3: number) => ((a3 >> 2) & 1) | (((a3 >> 1) & 1) << 1) | ((a3 & 1) << 2) | (((a3 >> 6) & 1) << 3);

describe('background and colours', () => {
  it.each([0x00, 0x08, 0x10, 0x20, 0x38, 0x28, 0x47])('A3h = %s fills the picture with the background colour', (a3) => {
    const v = frameWith({ 0xa3: a3 }, 0);
    expect(diff(v.frame, blank(bgIndex(a3)))).toBe('');
  });

  it('a background change mid-line takes effect at the dot of the write', () => {
    const v = new I8244();
    v.write(0xa3, 0x08, 0);
    v.write(0xa3, 0x20, 50 * 455 + 200);
    v.endFrame();
    const img = blank(bgIndex(0x08));
    paint(img, 50, 200, W - 200, bgIndex(0x20));
    for (let l = 51; l < 243; l++) paint(img, l, 0, W, bgIndex(0x20));
    expect(diff(v.frame, img)).toBe('');
  });

  it('forced luminance (P1.7 = 0) brightens every dot from the dot it is set', () => {
    const v = new I8244();
    v.write(0xa3, 0x18, 0); // background green+blue
    v.setLuminanceForce(true, 100 * 455);
    v.setLuminanceForce(false, 110 * 455 + 30);
    v.endFrame();
    const img = blank(bgIndex(0x18));
    for (let l = 100; l < 110; l++) paint(img, l, 0, W, bgIndex(0x18) | 8);
    paint(img, 110, 0, 30, bgIndex(0x18) | 8);
    expect(diff(v.frame, img)).toBe('');
  });
});

describe('characters (major system singles)', () => {
  it('draws a glyph at dot (X+5)·2, line Y, 2 lines per row, 7 rows, colour attr bits 1-3 bright', () => {
    const y = 0x30,
      x = 0x20,
      code = 0x12,
      col = 3;
    const p = pointerFor(code, y);
    const v = frameWith({ 0x10: y, 0x11: x, 0x12: p & 0xff, 0x13: (p >> 8) | (col << 1), 0xa3: 0x00 }, FG);
    const img = blank(0);
    paintGlyph(img, ROM, y, x, p, 8 + col);
    expect(diff(v.frame, img)).toBe('');
    // The glyph really is there: its first lit dot is where the formula says.
    const firstRow = ROM[code * 8];
    const cx = Math.clz32(firstRow) - 24;
    expect(v.frame[y * W + (x + 5) * 2 + 2 * cx]).toBe(8 + col);
  });

  it('pointer bit 8 comes from attribute bit 0 (glyphs 20h-3Fh)', () => {
    const y = 0x20,
      x = 0x40,
      code = 0x31;
    const p = pointerFor(code, y);
    expect(p >> 8).toBe(1);
    const v = frameWith({ 0x2c: y, 0x2d: x, 0x2e: p & 0xff, 0x2f: 1 | (6 << 1), 0xa3: 0x38 }, FG);
    const img = blank(bgIndex(0x38));
    paintGlyph(img, ROM, y, x, p, 8 + 6);
    expect(diff(v.frame, img)).toBe('');
  });

  it('7-row rule: a pointer k above the glyph start cuts k rows off the top; 0 rows left means 8', () => {
    const y = 0x40,
      x = 0x10,
      code = 0x08;
    for (const k of [1, 2, 6, -1]) {
      const p = (pointerFor(code, y) + k) & 0x1ff;
      const rows = k === -1 ? 8 : 7 - k;
      const v = frameWith({ 0x10: y, 0x11: x, 0x12: p & 0xff, 0x13: (p >> 8) | (1 << 1) }, FG);
      const img = blank(0);
      paintGlyph(img, ROM, y, x, p, 9, rows);
      expect(diff(v.frame, img), `k=${k}`).toBe('');
    }
  });

  it('NTSC 8244 hides characters with Y < 0Eh; the PAL 8245 shows them', () => {
    const y = 0x0c,
      x = 0x30,
      code = 0x00;
    const p = pointerFor(code, y);
    const regs: Record<number, number> = { 0x10: y, 0x11: x, 0x12: p & 0xff, 0x13: (p >> 8) | 2 };
    // Park the other characters and quads below the picture (the BIOS uses F8h), or the PAL chip
    // would show them at Y = 0.
    for (let n = 1; n < 12; n++) regs[0x10 + 4 * n] = 0xf8;
    for (let q = 0; q < 4; q++) regs[0x40 + 16 * q] = 0xf8;
    expect(diff(frameWith(regs, FG, NTSC).frame, blank(0))).toBe('');
    const img = blank(0);
    paintGlyph(img, ROM, y, x, p, 9);
    expect(diff(frameWith(regs, FG, PAL).frame, img)).toBe('');
  });

  it('nothing is drawn while A0.5 is off', () => {
    const p = pointerFor(5, 0x50);
    expect(diff(frameWith({ 0x10: 0x50, 0x11: 0x50, 0x12: p, 0x13: 2 }, 0).frame, blank(0))).toBe('');
  });
});

describe('quads', () => {
  it('four sub-characters 16 X units apart from one Y/X, each with its own glyph and colour', () => {
    const y = 0x60,
      x = 0x08,
      q = 1,
      base = 0x40 + 16 * q;
    const codes = [0x20, 0x25, 0x23, 0x1a];
    const regs: Record<number, number> = { [base]: y, [base + 1]: x };
    codes.forEach((c, j) => {
      const p = pointerFor(c, y);
      regs[base + 4 * j + 2] = p & 0xff;
      regs[base + 4 * j + 3] = (p >> 8) | ((j + 1) << 1);
    });
    const v = frameWith(regs, FG);
    const img = blank(0);
    codes.forEach((c, j) => paintGlyph(img, ROM, y, x + 16 * j, pointerFor(c, y), 8 + j + 1));
    expect(diff(v.frame, img)).toBe('');
  });

  it('the height comes from sub-character 3; the others run on into the next glyph', () => {
    const y = 0x60,
      x = 0x08,
      base = 0x40;
    const p0 = (pointerFor(0x03, y) + 2) & 0x1ff; // alone it would show 5 rows
    const p3 = (pointerFor(0x04, y) + 4) & 0x1ff; // sub-char 3: 3 rows
    const v = frameWith(
      {
        [base]: y,
        [base + 1]: x,
        [base + 2]: p0 & 0xff,
        [base + 3]: (p0 >> 8) | 2,
        [base + 14]: p3 & 0xff,
        [base + 15]: (p3 >> 8) | 4,
        // sub-chars 1, 2: pointer 0 with Y/2 = 30h -> they show ROM bytes 30h.. (glyph 6), 3 rows
      },
      FG,
    );
    const img = blank(0);
    paintGlyph(img, ROM, y, x, p0, 9, 3);
    paintGlyph(img, ROM, y, x + 16, 0, 8, 3);
    paintGlyph(img, ROM, y, x + 32, 0, 8, 3);
    paintGlyph(img, ROM, y, x + 48, p3, 10, 3);
    expect(diff(v.frame, img)).toBe('');

    const p3b = pointerFor(0x04, y); // now sub-char 3 is 7 rows: sub-char 0 runs on past its glyph
    const v2 = frameWith(
      {
        [base]: y,
        [base + 1]: x,
        [base + 2]: p0 & 0xff,
        [base + 3]: (p0 >> 8) | 2,
        [base + 14]: p3b & 0xff,
        [base + 15]: (p3b >> 8) | 4,
      },
      FG,
    );
    const img2 = blank(0);
    paintGlyph(img2, ROM, y, x, p0, 9, 7);
    paintGlyph(img2, ROM, y, x + 16, 0, 8, 7);
    paintGlyph(img2, ROM, y, x + 32, 0, 8, 7);
    paintGlyph(img2, ROM, y, x + 48, p3b, 10, 7);
    expect(diff(v2.frame, img2)).toBe('');
  });
});

describe('sprites (minor system)', () => {
  const shape = [0x81, 0x42, 0x24, 0x18, 0x18, 0x24, 0x42, 0xff];

  function spriteFrame(n: number, y: number, x: number, attr: number, a3 = 0): I8244 {
    const regs: Record<number, number> = { [n * 4]: y, [n * 4 + 1]: x, [n * 4 + 2]: attr, 0xa3: a3 };
    shape.forEach((b, r) => {
      regs[0x80 + 8 * n + r] = b;
    });
    return frameWith(regs, FG);
  }

  /** Expected sprite pixels from the documented rules (bit 0 leftmost, shift per attribute bits 0/1). */
  function paintSprite(img: Uint8Array, y: number, x: number, attr: number): void {
    const zoom = (attr & 4) !== 0;
    const size = zoom ? 4 : 2;
    const c = 8 + ((attr >> 3) & 7);
    for (let r = 0; r < 8; r++) {
      const shifted = (attr & 3) === 1 || ((attr & 3) === 2 && r % 2 === 0) || ((attr & 3) === 3 && r % 2 === 1);
      const x0 = (x + 5) * 2 + (shifted ? size / 2 : 0);
      for (let b = 0; b < 8; b++) {
        if (!(shape[r] & (1 << b))) continue;
        for (let l = 0; l < size; l++) paint(img, y + r * size + l, x0 + b * size, size, c);
      }
    }
  }

  it.each([
    ['plain', 0, 0x08],
    ['X9 shift', 1, 0x10],
    ['S shift (even rows)', 2, 0x18],
    ['X9+S (odd rows)', 3, 0x20],
    ['double', 4, 0x28],
    ['double + X9', 5, 0x30],
    ['double + S', 6, 0x38],
    ['double + X9+S', 7, 0x08],
  ])('%s', (_name, shiftBits, colourBits) => {
    for (const n of [0, 3]) {
      const attr = shiftBits | colourBits;
      const y = 51,
        x = 0x22;
      const v = spriteFrame(n, y, x, attr);
      const img = blank(0);
      paintSprite(img, y, x, attr);
      expect(diff(v.frame, img), `sprite ${n}`).toBe('');
    }
  });

  it('a doubled sprite is 32 lines tall and 32 dots wide', () => {
    const v = spriteFrame(2, 100, 0x40, 0x04 | 0x38);
    let top = 999,
      bottom = -1,
      left = 999,
      right = -1;
    for (let i = 0; i < v.frame.length; i++) {
      if (v.frame[i] !== 0) {
        const l = Math.floor(i / W),
          d = i % W;
        top = Math.min(top, l);
        bottom = Math.max(bottom, l);
        left = Math.min(left, d);
        right = Math.max(right, d);
      }
    }
    expect([top, bottom, left, right]).toEqual([100, 131, (0x40 + 5) * 2, (0x40 + 5) * 2 + 31]);
    expect(v.frame[100 * W + (0x40 + 5) * 2]).toBe(15);
  });
});

describe('grid', () => {
  const seg = (i: number) => (13 + 16 * i) * 2;

  it('horizontal segments: 18 X units wide, 3 lines tall, rows 0-7 from C0h-C8h, row 8 from D0h-D8h', () => {
    const a3 = 0x42 | 0x08; // grid green bright, background blue
    const v = frameWith({ 0xc0: 0x01, 0xc4: 0x84, 0xd8: 0x01, 0xa3: a3 }, GRID);
    const img = blank(bgIndex(a3));
    const g = gridIndex(a3);
    const put = (i: number, j: number) => {
      for (let l = 0; l < 3; l++) paint(img, 24 + 24 * j + l, seg(i), 36, g);
    };
    put(0, 0);
    put(4, 2);
    put(4, 7);
    put(8, 8);
    expect(diff(v.frame, img)).toBe('');
  });

  it('vertical segments: 2 X units wide (16 with A0.7 fill), 24 lines, rows from E0h-E9h bits', () => {
    for (const fill of [0, 0x80]) {
      const a3 = 0x04;
      const v = frameWith({ 0xe0: 0x01, 0xe9: 0x80, 0xe5: 0x0a, 0xa3: a3 }, GRID | fill);
      const img = blank(0);
      const w = fill ? 32 : 4;
      const put = (i: number, j: number) => {
        for (let l = 0; l < 24; l++) paint(img, 24 + 24 * j + l, seg(i), w, gridIndex(a3));
      };
      put(0, 0);
      put(9, 7);
      put(5, 1);
      put(5, 3);
      expect(diff(v.frame, img), `fill=${fill}`).toBe('');
    }
  });

  it('dots (A0.6 with A0.3): 2 X units × 3 lines at all 10 × 9 intersections; A0.7 does not widen them', () => {
    const a3 = 0x07;
    const v = frameWith({ 0xa3: a3 }, GRID | 0x40 | 0x80);
    const img = blank(0);
    for (let j = 0; j < 9; j++)
      for (let i = 0; i < 10; i++) for (let l = 0; l < 3; l++) paint(img, 24 + 24 * j + l, seg(i), 4, gridIndex(a3));
    expect(diff(v.frame, img)).toBe('');
    expect(diff(frameWith({ 0xa3: a3 }, 0x40).frame, blank(0))).toBe(''); // dots need the grid bit
  });
});

describe('priorities', () => {
  it('sprite 0 over sprite 1 over characters over the grid; quads beat characters', () => {
    const y = 0x50,
      x = 0x30;
    const p = pointerFor(0x2f, y); // solid block, 8 × 7
    const regs: Record<number, number> = {
      0x10: y,
      0x11: x,
      0x12: p & 0xff,
      0x13: (p >> 8) | (1 << 1), // char 0 red
      0x40: y,
      0x41: x + 4,
      0x42: p & 0xff,
      0x43: (p >> 8) | (2 << 1), // quad 0 sub 0 green, overlaps char 0
      0x4e: p & 0xff,
      0x4f: (p >> 8) | (2 << 1), // sub 3 sets the height (7 rows)
      0x00: y + 2,
      0x01: x + 2,
      0x02: 4 << 3, // sprite 0 blue
      0x04: y + 2,
      0x05: x + 3,
      0x06: 6 << 3, // sprite 1 cyan
      0x80: 0x01,
      0x88: 0x03,
      0xe0: 0xff,
      0xe1: 0xff,
      0xe2: 0xff,
      0xe3: 0xff,
      0xe4: 0xff,
      0xe5: 0xff,
      0xe6: 0xff,
      0xe7: 0xff,
      0xe8: 0xff,
      0xe9: 0xff,
      0xa3: 0x41 | 0x80,
    };
    const v = frameWith(regs, FG | GRID | 0x80);
    const at = (line: number, dot: number) => v.frame[line * W + dot];
    expect(at(y + 2, (x + 2 + 5) * 2)).toBe(8 + 4); // sprite 0 on top of char, quad and sprite 1
    expect(at(y + 2, (x + 3 + 5) * 2 + 2)).toBe(8 + 6); // sprite 1 second pixel
    expect(at(y, (x + 5) * 2)).toBe(8 + 1); // char where the quad is not
    expect(at(y, (x + 4 + 5) * 2)).toBe(8 + 2); // quad wins where both are opaque
    expect(v.read(0xa1, 242 * 455) & 0x80).toBe(0x80); // major overlap flagged
    expect(at(y + 20, (x + 5) * 2)).toBe(gridIndex(0x41)); // below the char: fill grid
  });
});

describe('picture geometry', () => {
  it('is 360 × 243 colour indices; objects clip at the right edge and below line 242', () => {
    const regs: Record<number, number> = { 0x00: 240, 0x01: 0xb0, 0x02: 0x38 };
    for (let r = 0; r < 8; r++) regs[0x80 + r] = 0xff;
    const v = frameWith(regs, FG);
    expect(v.frame.length).toBe(360 * 243);
    const img = blank(0);
    // X = B0h starts at dot 362: nothing visible.
    expect(diff(v.frame, img)).toBe('');
    const w = frameWith({ ...regs, 0x01: 0xaa }, FG); // starts at dot 350: 5 pixels visible, lines 240-242
    const img2 = blank(0);
    for (let l = 240; l < 243; l++) paint(img2, l, 350, 10, 15);
    expect(diff(w.frame, img2)).toBe('');
  });

  it('the next frame redraws progressively over the finished one', () => {
    const v = new I8244();
    v.write(0xa3, 0x20, 0);
    v.endFrame();
    v.write(0xa3, 0x10, 0);
    v.syncTo(100 * 455);
    expect(v.frame[99 * W]).toBe(bgIndex(0x10));
    expect(v.frame[100 * W]).toBe(bgIndex(0x20)); // not yet redrawn
  });
});
