import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { pointerFor } from './helpers.ts';

const FG = 0x20,
  GRID = 0x08;
const BLOCK = 0x2f; // solid 8 × 7 glyph

type Regs = Record<number, number>;

function collisions(regs: Regs, control: number, mask: number): { a2: number; a1: number } {
  const v = new I8244();
  for (const [a, d] of Object.entries(regs)) v.write(Number(a), d, 0);
  v.write(0xa2, mask, 0);
  v.write(0xa0, control, 0);
  v.endFrame();
  return { a2: v.read(0xa2, 0), a1: v.read(0xa1, 0) };
}

function sprite(n: number, y: number, x: number, attr = 0x38): Regs {
  const r: Regs = { [4 * n]: y, [4 * n + 1]: x, [4 * n + 2]: attr };
  for (let i = 0; i < 8; i++) r[0x80 + 8 * n + i] = 0xff;
  return r;
}

function char(n: number, y: number, x: number, code = BLOCK): Regs {
  const p = pointerFor(code, y);
  return { [0x10 + 4 * n]: y, [0x11 + 4 * n]: x, [0x12 + 4 * n]: p & 0xff, [0x13 + 4 * n]: (p >> 8) | 2 };
}

function quad(q: number, y: number, x: number): Regs {
  const p = pointerFor(BLOCK, y);
  const b = 0x40 + 16 * q;
  return { [b]: y, [b + 1]: x, [b + 2]: p & 0xff, [b + 3]: (p >> 8) | 2, [b + 14]: p & 0xff, [b + 15]: (p >> 8) | 4 };
}

// Pairs of overlapping objects: [name, registers, control, class drawn first, class drawn later].
const pairs: [string, Regs, number, number, number][] = [
  ['horizontal grid / sprite 0', { 0xc2: 0x02, ...sprite(0, 47, 40) }, FG | GRID, 0x20, 0x01],
  ['grid dots / sprite 1', { ...sprite(1, 70, 24) }, FG | GRID | 0x40, 0x20, 0x02],
  ['vertical grid / sprite 2', { 0xe3: 0x04, ...sprite(2, 80, 54) }, FG | GRID, 0x10, 0x04],
  ['character / sprite 1', { ...char(0, 0x60, 0x50), ...sprite(1, 98, 0x52) }, FG, 0x80, 0x02],
  ['sprite 3 / sprite 0', { ...sprite(3, 150, 100), ...sprite(0, 152, 102) }, FG, 0x08, 0x01],
  ['horizontal grid / character', { 0xc4: 0x20, ...char(5, 0x8e, 0x4b) }, FG | GRID, 0x20, 0x80],
  ['vertical grid / quad', { 0xe6: 0x80, ...quad(2, 0xc8, 100) }, FG | GRID, 0x10, 0x80],
];

describe('collision flags (A2h) per mask bit', () => {
  for (const [name, regs, control, first, later] of pairs) {
    it.each([
      ['no mask', 0, 0],
      ['mask = first', first, later],
      ['mask = later', later, first],
      ['mask = both', first | later, first | later],
      ['mask = unrelated CX bit', 0x40, 0],
    ])(`${name}: %s`, (_label, mask, expected) => {
      expect(collisions(regs, control, mask).a2).toBe(expected);
    });
  }

  it('transparent pixels never collide', () => {
    const regs = { ...char(0, 0x60, 0x50, 0x0c), ...sprite(1, 98, 0x52) }; // a space over a sprite
    expect(collisions(regs, FG, 0xff).a2).toBe(0);
  });

  it('grid over grid and major over major are not reported in A2h; major overlap sets A1 bit 7', () => {
    expect(collisions({ 0xc2: 0xff, 0xe2: 0xff, 0xe3: 0xff }, GRID, 0xff).a2).toBe(0);
    const two = { ...char(0, 0x60, 0x50), ...char(1, 0x60, 0x53) };
    const r = collisions(two, FG, 0xff);
    expect(r.a2).toBe(0);
    expect(r.a1 & 0x80).toBe(0x80);
    const apart = collisions({ ...char(0, 0x60, 0x20), ...char(1, 0x60, 0x60) }, FG, 0xff);
    expect(apart.a1 & 0x80).toBe(0);
  });

  it('touching is not colliding: a grid bar just left of a sprite (MAME 0.251 has no edge pass)', () => {
    // Vertical grid column 0 covers dots 26-29; a sprite with X = 10 starts at dot 30.
    const base = { 0xe0: 0x01 };
    expect(collisions({ ...base, ...sprite(0, 30, 10) }, FG | GRID, 0x10).a2).toBe(0);
    expect(collisions({ ...base, ...sprite(0, 30, 10) }, FG | GRID, 0x01).a2).toBe(0);
    expect(collisions({ ...base, ...sprite(0, 30, 9) }, FG | GRID, 0x10).a2).toBe(0x01); // one unit left: overlap
  });

  it('touching is not colliding: a sprite pixel just left of a character pixel', () => {
    // Sprite 0 with one pixel row; the block character starts at dot 160.
    const regs: Regs = { ...char(0, 0x60, 75), 0x00: 0x60, 0x01: 72, 0x02: 0x38, 0x80: 0x01 };
    expect(collisions(regs, FG, 0x01).a2).toBe(0); // dots 154..155: apart
    regs[0x80] = 0x20; // pixel 5: dots 164..165 -> inside the character
    expect(collisions(regs, FG, 0x01).a2).toBe(0x80);
    regs[0x80] = 0x08; // pixel 3: dots 160..161 overlap the first character column
    expect(collisions(regs, FG, 0x80).a2).toBe(0x01);
    regs[0x80] = 0x04; // pixel 2: dots 158..159, touching the character's left edge at dot 160
    expect(collisions(regs, FG, 0x01).a2).toBe(0);
    expect(collisions(regs, FG, 0x80).a2).toBe(0);
  });

  it('reading A2h mid-frame returns what was drawn so far and starts again', () => {
    const v = new I8244();
    for (const [a, d] of Object.entries({
      ...sprite(3, 40, 100),
      ...sprite(0, 40, 100),
      ...sprite(2, 200, 10),
      ...sprite(1, 200, 10),
    }))
      v.write(Number(a), d, 0);
    v.write(0xa2, 0x01 | 0x04, 0);
    v.write(0xa0, FG, 0);
    expect(v.read(0xa2, 39 * 455)).toBe(0);
    expect(v.read(0xa2, 100 * 455)).toBe(0x08);
    expect(v.read(0xa2, 100 * 455 + 20)).toBe(0);
    expect(v.read(0xa2, 242 * 455)).toBe(0x02);
  });
});
