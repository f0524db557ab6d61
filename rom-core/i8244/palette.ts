/**
 * The 16 colours of the VDC's RGBI output, index = I·8 + B·4 + G·2 + R (docs/hardware.md §3.4), and the
 * one conversion every renderer uses: colour-index frame -> RGBA bytes.
 */

/** MAME's default "RF" table, calibrated to a real Videopac: 0xRRGGBB per index. */
export const PALETTE_RF: readonly number[] = Object.freeze([
  0x000000, 0x790000, 0x006d07, 0x77670b, 0x1a37be, 0x94309f, 0x2aaabe, 0xcecece, 0x676767, 0xc75151, 0x56c469,
  0xc6b86a, 0x5c80f6, 0xdc84e8, 0x77e6eb, 0xffffff,
]);

/** MAME's "RGB output" option (the chip's direct RGB levels). */
export const PALETTE_RGB: readonly number[] = Object.freeze([
  0x000000, 0xb60000, 0x00b600, 0xb6b600, 0x0000b6, 0xb600b6, 0x00b6b6, 0xb6b6b6, 0x494949, 0xff4949, 0x49ff49,
  0xffff49, 0x4949ff, 0xff49ff, 0x49ffff, 0xffffff,
]);

/** A little-endian RGBA lookup (one Uint32 per index, alpha FF) for fast frame conversion. */
export function rgbaLut(palette: readonly number[] = PALETTE_RF): Uint32Array {
  if (palette.length !== 16) throw new RangeError(`a VDC palette has 16 colours; this one has ${palette.length}`);
  const lut = new Uint32Array(16);
  for (let i = 0; i < 16; i++) {
    const c = palette[i];
    const r = (c >> 16) & 0xff,
      g = (c >> 8) & 0xff,
      b = c & 0xff;
    // Bytes in memory R,G,B,A regardless of host endianness (ImageData order).
    lut[i] = new Uint32Array(new Uint8Array([r, g, b, 0xff]).buffer)[0];
  }
  return lut;
}

/**
 * Turns a colour-index frame into RGBA bytes (ImageData layout). `out` is reused when given; its
 * length must be 4 × frame.length.
 */
export function indexToRgba(frame: Uint8Array, lut: Uint32Array = DEFAULT_LUT, out?: Uint8Array): Uint8Array {
  const dst = out ?? new Uint8Array(frame.length * 4);
  if (dst.length !== frame.length * 4) {
    throw new RangeError(`RGBA output needs ${frame.length * 4} bytes for ${frame.length} pixels; got ${dst.length}`);
  }
  if (dst.byteOffset % 4 === 0) {
    const words = new Uint32Array(dst.buffer, dst.byteOffset, frame.length);
    for (let i = 0; i < frame.length; i++) words[i] = lut[frame[i] & 15];
  } else {
    const bytes = new Uint8Array(lut.buffer);
    for (let i = 0; i < frame.length; i++) {
      const s = (frame[i] & 15) * 4,
        d = i * 4;
      dst[d] = bytes[s];
      dst[d + 1] = bytes[s + 1];
      dst[d + 2] = bytes[s + 2];
      dst[d + 3] = bytes[s + 3];
    }
  }
  return dst;
}

const DEFAULT_LUT = rgbaLut(PALETTE_RF);
