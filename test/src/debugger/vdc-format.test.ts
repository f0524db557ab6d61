import { describe, expect, it } from 'vitest';
import { vdcObjects } from '../../../rom-core/i8244/index.ts';
import { UNIT_TEXT, controlText, listed, objectText } from '../../../src/debugger/vdc-format.ts';

/** Registers with character 3 showing '5' (glyph 05h) in cyan at Y 40h X 20h, sprite 1 big and shifted. */
function registers(): number[] {
  const r = new Array<number>(256).fill(0);
  const ptr = (0x05 * 8 - 0x40 / 2) & 0x1ff;
  r.splice(0x1c, 4, 0x40, 0x20, ptr & 0xff, (ptr >> 8) | (6 << 1));
  r.splice(0x04, 3, 0x30, 0x10, 0x3c | 1);
  for (let i = 0; i < 8; i++) r[0x88 + i] = 0x18;
  r[0xa0] = 0x20 | 0x08;
  r[0xa3] = 0x28 | 0x47;
  // Every other character and quad parked right of the picture.
  for (let n = 0; n < 12; n++) if (n !== 3) r[0x11 + 4 * n] = 0xf8;
  for (let q = 0; q < 4; q++) r[0x41 + 16 * q] = 0xf8;
  return r;
}

describe('the VDC view text', () => {
  const pic = vdcObjects(registers());

  it('names a character with its registers, glyph, colour and box', () => {
    const c3 = pic.objects.find((o) => o.label === 'C3')!;
    expect(objectText(c3)).toBe(
      "C3 (1Ch) Y 40 X 20 ptr 008 attr 0C  glyph 05 '5'  colour 14 cyan  at 74,64 16×14 px (8×7 pixels of 2×2)",
    );
  });

  it('names a sprite with its size and shift', () => {
    const s1 = pic.objects.find((o) => o.label === 'S1')!;
    expect(objectText(s1)).toBe(
      'S1 (04h) Y 30 X 10 attr 3D  colour 15 white big X9 shift  at 44,48 32×32 px (8×8 pixels of 4×4)',
    );
  });

  it('names its unit: an 8×8 sprite is 16×16 picture pixels', () => {
    const r = registers();
    r.splice(0x00, 3, 0x20, 0x20, 0x08);
    r[0x80] = 0xff;
    const s0 = vdcObjects(r).objects.find((o) => o.label === 'S0')!;
    expect(objectText(s0)).toMatch(/ at 74,32 16×16 px \(8×8 pixels of 2×2\)$/);
    expect(UNIT_TEXT).toMatch(/^Places and sizes are in picture pixels \(px\) of the 360×243 picture/);
  });

  it('says why an object is not drawn', () => {
    expect(objectText(pic.objects.find((o) => o.label === 'S0')!)).toMatch(/\(not drawn: no shape\)$/);
    expect(objectText(pic.objects.find((o) => o.label === 'Q0')!)).toMatch(
      /^Q0 \(40h\) Y 00 X F8 glyphs .*\(not drawn: Y < 0Eh/,
    );
  });

  it('lists the drawn objects, or all 20', () => {
    expect(listed(pic, false).map((o) => o.label)).toEqual(['S1', 'C3']);
    expect(listed(pic, true)).toHaveLength(20);
  });

  it('decodes the control and colour registers', () => {
    expect(controlText(pic)).toBe(
      'A0h 28: foreground on, grid on, dots off, fill off\nA3h 6F: background 5 dark violet, grid colour 15 white; segment registers set: 0',
    );
  });
});
