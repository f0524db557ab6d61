import { describe, expect, it } from 'vitest';
import { PALETTE_RF, PALETTE_RGB, indexToRgba, rgbaLut } from '../../../rom-core/i8244/palette.ts';

describe('palette', () => {
  it('holds the 16 RGBI colours of MAME RF table (index = I·8 + B·4 + G·2 + R)', () => {
    expect(PALETTE_RF.length).toBe(16);
    expect(PALETTE_RF[0]).toBe(0x000000);
    expect(PALETTE_RF[1]).toBe(0x790000); // red
    expect(PALETTE_RF[4]).toBe(0x1a37be); // blue
    expect(PALETTE_RF[9]).toBe(0xc75151); // light red
    expect(PALETTE_RF[15]).toBe(0xffffff);
    expect(PALETTE_RGB[2]).toBe(0x00b600);
    expect(new Set(PALETTE_RF).size).toBe(16);
  });

  it('turns an index frame into RGBA bytes, reusing the output buffer', () => {
    const frame = Uint8Array.from([0, 1, 9, 15, 4]);
    const out = new Uint8Array(20).fill(7);
    const got = indexToRgba(frame, rgbaLut(), out);
    expect(got).toBe(out);
    expect(Array.from(out)).toEqual([
      0, 0, 0, 255, 0x79, 0, 0, 255, 0xc7, 0x51, 0x51, 255, 255, 255, 255, 255, 0x1a, 0x37, 0xbe, 255,
    ]);
    const rgb = indexToRgba(frame, rgbaLut(PALETTE_RGB));
    expect(Array.from(rgb.subarray(4, 8))).toEqual([0xb6, 0, 0, 255]);
  });

  it('handles an output that is not 4-byte aligned', () => {
    const buf = new Uint8Array(1 + 8);
    const out = buf.subarray(1);
    indexToRgba(Uint8Array.from([10, 3]), rgbaLut(), out);
    expect(Array.from(out)).toEqual([0x56, 0xc4, 0x69, 255, 0x77, 0x67, 0x0b, 255]);
  });

  it('rejects wrong sizes with clear messages', () => {
    expect(() => indexToRgba(new Uint8Array(4), rgbaLut(), new Uint8Array(15))).toThrow(
      'RGBA output needs 16 bytes for 4 pixels; got 15',
    );
    expect(() => rgbaLut([1, 2, 3])).toThrow('a VDC palette has 16 colours; this one has 3');
  });
});
