import { describe, expect, it } from 'vitest';
import type { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { PAL } from '../../../rom-core/i8244/timing.ts';
import { clipToPicture, vdcObjects } from '../../../rom-core/i8244/objects.ts';
import type { DotBox } from '../../../rom-core/i8244/objects.ts';
import { H, W, frameWith, pointerFor } from './helpers.ts';

const FG = 0x20;
const BLOCK = 0x2f; // solid 8 × 7 glyph
type Regs = Record<number, number>;

function sprite(n: number, y: number, x: number, attr = 0x38): Regs {
  const r: Regs = { [4 * n]: y, [4 * n + 1]: x, [4 * n + 2]: attr };
  for (let i = 0; i < 8; i++) r[0x80 + 8 * n + i] = 0xff;
  return r;
}

function char(n: number, y: number, x: number, code = BLOCK, colour = 1): Regs {
  const p = pointerFor(code, y);
  return { [0x10 + 4 * n]: y, [0x11 + 4 * n]: x, [0x12 + 4 * n]: p & 0xff, [0x13 + 4 * n]: (p >> 8) | (colour << 1) };
}

function quad(q: number, y: number, x: number): Regs {
  const p = pointerFor(BLOCK, y);
  const b = 0x40 + 16 * q;
  const r: Regs = { [b]: y, [b + 1]: x };
  for (let j = 0; j < 4; j++) {
    r[b + 4 * j + 2] = p & 0xff;
    r[b + 4 * j + 3] = (p >> 8) | ((j + 1) << 1);
  }
  return r;
}

/** The smallest box holding every dot of the frame that is not the background colour. */
function litBox(frame: Uint8Array, bg: number): DotBox | undefined {
  let l = W,
    t = H,
    r = -1,
    b = -1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (frame[y * W + x] === bg) continue;
      l = Math.min(l, x);
      r = Math.max(r, x);
      t = Math.min(t, y);
      b = Math.max(b, y);
    }
  }
  return r < 0 ? undefined : { left: l, top: t, width: r - l + 1, height: b - t + 1 };
}

/** The registers as the chip holds them after the writes (the decoder sees what the debugger is sent). */
function regsOf(vdc: I8244): number[] {
  return Array.from(vdc.regs);
}

describe('vdcObjects: boxes frame what the renderer draws', () => {
  const cases: [string, Regs, string][] = [
    ['sprite 0, small', sprite(0, 40, 30), 'S0'],
    ['sprite 2, big (attribute bit 2)', sprite(2, 100, 60, 0x3c), 'S2'],
    ['sprite 1, X9 shift', sprite(1, 70, 90, 0x39), 'S1'],
    ['sprite 3, alternate rows shifted', sprite(3, 130, 20, 0x3a), 'S3'],
    ['character 4, a block at its top', char(4, 0x60, 0x50), 'C4'],
    ['character 7, started mid-glyph (7-row rule)', char(7, 0x62, 0x30, BLOCK), 'C7'],
    ['quad 2', quad(2, 0xa0, 0x40), 'Q2'],
  ];
  for (const [name, regs, label] of cases) {
    it(name, () => {
      const vdc = frameWith(regs, FG);
      const pic = vdcObjects(regsOf(vdc));
      const obj = pic.objects.find((o) => o.label === label);
      expect(obj?.visible).toBe(true);
      const lit = litBox(vdc.frame, 0);
      expect(lit).toBeDefined();
      // Every lit dot falls inside the box, and the box's four edges touch lit dots.
      expect(obj?.box).toEqual(lit);
      // Nothing else is listed as visible.
      expect(pic.objects.filter((o) => o.visible).map((o) => o.label)).toEqual([label]);
    });
  }

  it("a character's glyph code and colour, and its registers", () => {
    const vdc = frameWith(char(3, 0x40, 0x20, 0x05, 6), FG);
    const c3 = vdcObjects(regsOf(vdc)).objects.find((o) => o.label === 'C3');
    expect(c3).toMatchObject({ kind: 'char', address: 0x1c, y: 0x40, x: 0x20, color: 14 });
    expect(c3?.glyphs?.[0]).toMatchObject({ code: 0x05, row: 0 });
  });

  it('a quad lists four glyphs with their colours', () => {
    const vdc = frameWith(quad(1, 0x50, 0x30), FG);
    const q1 = vdcObjects(regsOf(vdc)).objects.find((o) => o.label === 'Q1');
    expect(q1?.glyphs?.map((g) => [g.code, g.color])).toEqual([
      [BLOCK, 9],
      [BLOCK, 10],
      [BLOCK, 11],
      [BLOCK, 12],
    ]);
  });

  it('hidden objects say why: foreground off, no shape, off the picture, 8244 Y < 0Eh', () => {
    const off = vdcObjects(regsOf(frameWith(sprite(0, 40, 30), 0)));
    expect(off.objects[0]).toMatchObject({ visible: false, hidden: 'foreground off' });
    const on = vdcObjects(regsOf(frameWith({ ...char(0, 0x08, 0x20), ...char(1, 0x60, 0xf8) }, FG)));
    expect(on.objects.find((o) => o.label === 'S0')?.hidden).toBe('no shape');
    expect(on.objects.find((o) => o.label === 'C0')?.hidden).toMatch(/0Eh/);
    expect(on.objects.find((o) => o.label === 'C1')?.hidden).toBe('off the picture');
    // The 8245 shows the character the 8244 hides.
    // Every other major object parked right of the picture, as the 8245 would show them at 0, 0.
    const parked: Regs = {};
    for (let n = 1; n < 12; n++) parked[0x11 + 4 * n] = 0xf8;
    for (let q = 0; q < 4; q++) parked[0x41 + 16 * q] = 0xf8;
    const pal = frameWith({ ...parked, ...char(0, 0x08, 0x20) }, FG, PAL);
    const c0 = vdcObjects(regsOf(pal), false).objects.find((o) => o.label === 'C0');
    expect(c0?.visible).toBe(true);
    expect(c0?.box).toEqual(litBox(pal.frame, 0));
  });

  it('the control and colour registers decoded, and the grid box frames the grid', () => {
    const regs: Regs = { 0xa3: 0x28 | 0x47 }; // background 5 (bits 3, 5), grid colour 15
    for (let i = 0; i < 9; i++) regs[0xc0 + i] = 0xff;
    for (let i = 0; i < 9; i++) regs[0xd0 + i] = 1;
    for (let i = 0; i < 10; i++) regs[0xe0 + i] = 0xff;
    for (const control of [0x08, 0x08 | 0x80]) {
      const vdc = frameWith(regs, control);
      const pic = vdcObjects(regsOf(vdc));
      expect(pic.background).toBe(5);
      expect(pic.grid).toMatchObject({ on: true, color: 15, fill: control === 0x88, segments: 19 });
      expect(pic.grid.box).toEqual(litBox(vdc.frame, 5));
    }
    // A few segments and the dots: the box frames just what is drawn.
    for (const [control, few] of [
      [0x08, { 0xc2: 0x02, 0xe5: 0x10 }],
      [0x08 | 0x40, { 0xe7: 0x40 }],
      [0x08 | 0x80, { 0xe9: 0x80, 0xd3: 0x01 }],
    ] as [number, Regs][]) {
      const vdc = frameWith({ 0xa3: 0x47, ...few }, control); // grid colour 15 on black
      expect(vdcObjects(regsOf(vdc)).grid.box).toEqual(litBox(vdc.frame, 0));
    }
    expect(vdcObjects(regsOf(frameWith({}, 0x08))).grid.box.width).toBe(0);
  });

  it('clipToPicture cuts a box to the 360 × 243 picture', () => {
    expect(clipToPicture({ left: 340, top: 230, width: 40, height: 40 })).toEqual({
      left: 340,
      top: 230,
      width: 20,
      height: 13,
    });
    expect(clipToPicture({ left: 400, top: 0, width: 16, height: 14 })).toBeUndefined();
  });
});
