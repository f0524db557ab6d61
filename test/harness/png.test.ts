/** The tests' PNG reader against the runner's writer (`encodePng`), both ways round. */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../rom-core/cli/run.ts';
import { PALETTE_RF } from '../../rom-core/i8244/palette.ts';
import { decodePng, pngChunks, pngIndices, pngRgb, pngRgba, rgbAt } from './png.ts';

describe('harness PNG reader', () => {
  const frame = Uint8Array.from({ length: 6 * 4 }, (_, i) => i % 16);
  const png = encodePng(frame, 6, 4);

  it('reads back what encodePng wrote: header, chunks, dots', () => {
    expect(pngChunks(png).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const p = pngRgb(png);
    expect([p.width, p.height, p.bitDepth, p.colourType, p.interlace]).toEqual([6, 4, 8, 2, 0]);
    expect(rgbAt(p, 5, 3)).toBe(PALETTE_RF[frame[3 * 6 + 5]]);
    expect(pngIndices(png, PALETTE_RF)).toEqual(frame.map((i) => PALETTE_RF.indexOf(PALETTE_RF[i])));
    const { rgba } = pngRgba(png);
    const c = PALETTE_RF[frame[7]];
    expect([...rgba.subarray(28, 32)]).toEqual([(c >> 16) & 255, (c >> 8) & 255, c & 255, 255]);
  });

  it('refuses what it cannot read', () => {
    expect(() => pngChunks(new Uint8Array(16))).toThrow(/signature/);
    expect(() => pngIndices(png, [PALETTE_RF[0]], 'x.png')).toThrow(/x.png: pixel/);
    // The same image with row 0 marked filtered.
    const p = decodePng(png);
    const scanlines = p.scanlines.slice();
    scanlines[0] = 1;
    const chunks = pngChunks(png);
    const ihdr = chunks[0];
    const idat = new Uint8Array(deflateSync(scanlines));
    const out = new Uint8Array(8 + 12 + ihdr.data.length + 12 + idat.length);
    out.set(png.subarray(0, 8 + 12 + ihdr.data.length));
    const v = new DataView(out.buffer);
    const at = 8 + 12 + ihdr.data.length;
    v.setUint32(at, idat.length);
    out.set([0x49, 0x44, 0x41, 0x54], at + 4);
    out.set(idat, at + 8);
    expect(() => pngRgb(out)).toThrow(/row 0 is filtered/);
  });
});
