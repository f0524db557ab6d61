import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { NTSC } from '../../../rom-core/i8244/timing.ts';
import type { VdcTiming } from '../../../rom-core/i8244/timing.ts';

export const W = 360;
export const H = 243;

/** A VDC with `regs` written at dot 0 (display off), then `control` written, then one whole frame drawn. */
export function frameWith(
  regs: Record<number, number>,
  control: number,
  timing: VdcTiming = NTSC,
  charset?: Uint8Array,
): I8244 {
  const vdc = new I8244(timing, charset);
  for (const [a, v] of Object.entries(regs)) vdc.write(Number(a), v, 0);
  vdc.write(0xa0, control, 0);
  vdc.endFrame();
  return vdc;
}

/** An expected picture: every dot of lines 0-242 in `bg`. */
export function blank(bg: number): Uint8Array {
  return new Uint8Array(W * H).fill(bg);
}

/** Paints dots [x, x+n) of `line` (clipped to the visible area). */
export function paint(img: Uint8Array, line: number, x: number, n: number, color: number): void {
  if (line < 0 || line >= H) return;
  for (let px = Math.max(0, x); px < Math.min(W, x + n); px++) img[line * W + px] = color;
}

/** First differing dot, as text, or '' when equal (keeps failures readable). */
export function diff(actual: Uint8Array, expected: Uint8Array): string {
  for (let i = 0; i < expected.length; i++) {
    if (actual[i] !== expected[i]) {
      return `line ${Math.floor(i / W)} dot ${i % W}: got ${actual[i]}, expected ${expected[i]}`;
    }
  }
  return '';
}

/** Expected pixels of a major-system glyph row set (the documented 7-row rule). */
export function paintGlyph(
  img: Uint8Array,
  rom: Uint8Array,
  y: number,
  x: number,
  ptr9: number,
  color: number,
  rows?: number,
): void {
  const yy = y & 0xfe;
  let n = 7 - ((ptr9 + yy / 2) & 7);
  if (n === 0) n = 8;
  if (rows !== undefined) n = rows;
  for (let r = 0; r < n; r++) {
    const bits = rom[(ptr9 + yy / 2 + r) & 0x1ff];
    for (let cx = 0; cx < 8; cx++) {
      if (bits & (0x80 >> cx)) {
        paint(img, yy + 2 * r, (x + 5) * 2 + 2 * cx, 2, color);
        paint(img, yy + 2 * r + 1, (x + 5) * 2 + 2 * cx, 2, color);
      }
    }
  }
}

/** The pointer that shows glyph `code` from its top at Y (BIOS calcchar23). */
export function pointerFor(code: number, y: number): number {
  return (code * 8 - (y & 0xfe) / 2) & 0x1ff;
}
