/**
 * The tests' one PNG reader, for what `encodePng` (rom-core/cli/run.ts) writes and for the MAME
 * goldens under test/golden: 8-bit truecolour, not interlaced, every row unfiltered.
 * Reads only; nothing here writes a PNG.
 */
import { inflateSync } from 'node:zlib';

export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngChunk {
  type: string;
  /** Where the chunk's length field starts in the file. */
  at: number;
  data: Uint8Array;
  /** The CRC stored after the data (over type and data). */
  crc: number;
}

export interface Png {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlace: number;
  /** The IDAT chunks inflated: per row a filter byte, then the row's samples. */
  scanlines: Uint8Array;
}

const view = (png: Uint8Array): DataView => new DataView(png.buffer, png.byteOffset, png.byteLength);

/** The chunks in file order; throws when the signature is not PNG's. */
export function pngChunks(png: Uint8Array): PngChunk[] {
  if (png.length < 8 || PNG_SIGNATURE.some((b, i) => png[i] !== b)) throw new Error('not a PNG: wrong signature');
  const v = view(png);
  const out: PngChunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = v.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    out.push({ type, at, data: png.subarray(at + 8, at + 8 + length), crc: v.getUint32(at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

/** The header and the inflated image data, not yet unfiltered. */
export function decodePng(png: Uint8Array): Png {
  const chunks = pngChunks(png);
  const ihdr = chunks.find((c) => c.type === 'IHDR');
  if (!ihdr) throw new Error('PNG without IHDR');
  const h = view(ihdr.data);
  const idat = chunks.filter((c) => c.type === 'IDAT').map((c) => c.data);
  return {
    width: h.getUint32(0),
    height: h.getUint32(4),
    bitDepth: ihdr.data[8],
    colourType: ihdr.data[9],
    interlace: ihdr.data[12],
    scanlines: new Uint8Array(inflateSync(Buffer.concat(idat))),
  };
}

/** The inflated image data alone: per row a filter byte, then the row's samples. */
export function pngScanlines(png: Uint8Array): Uint8Array {
  return decodePng(png).scanlines;
}

/** Decodes an 8-bit RGB PNG with unfiltered rows (what the runner writes); throws on anything else. */
export function pngRgb(png: Uint8Array): Png {
  const p = decodePng(png);
  if (p.bitDepth !== 8 || p.colourType !== 2 || p.interlace !== 0) {
    throw new Error(
      `PNG is not 8-bit RGB, not interlaced: depth ${p.bitDepth}, colour type ${p.colourType}, interlace ${p.interlace}`,
    );
  }
  const rowLen = 1 + p.width * 3;
  if (p.scanlines.length !== p.height * rowLen)
    throw new Error(`PNG data is ${p.scanlines.length} bytes, not ${p.height} rows of ${rowLen}`);
  for (let y = 0; y < p.height; y++) {
    if (p.scanlines[y * rowLen] !== 0) throw new Error(`PNG row ${y} is filtered (filter ${p.scanlines[y * rowLen]})`);
  }
  return p;
}

/** The 0xRRGGBB colour of dot (x, y) of an image from pngRgb. */
export function rgbAt(p: Png, x: number, y: number): number {
  const o = y * (1 + p.width * 3) + 1 + x * 3;
  return (p.scanlines[o] << 16) | (p.scanlines[o + 1] << 8) | p.scanlines[o + 2];
}

/** An 8-bit RGB PNG as RGBA bytes, 4 a dot, row after row. */
export function pngRgba(png: Uint8Array): { width: number; height: number; rgba: Uint8Array } {
  const p = pngRgb(png);
  const rgba = new Uint8Array(p.width * p.height * 4);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const c = rgbAt(p, x, y);
      rgba.set([(c >> 16) & 255, (c >> 8) & 255, c & 255, 255], (y * p.width + x) * 4);
    }
  }
  return { width: p.width, height: p.height, rgba };
}

/**
 * An 8-bit RGB PNG as one palette index a dot (`palette` holds 0xRRGGBB colours); throws at the
 * first dot whose colour is not in the palette, naming `name` and the dot.
 */
export function pngIndices(png: Uint8Array, palette: readonly number[], name = 'PNG'): Uint8Array {
  const p = pngRgb(png);
  const lut = new Map(palette.map((c, i) => [c, i]));
  const out = new Uint8Array(p.width * p.height);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const index = lut.get(rgbAt(p, x, y));
      if (index === undefined) throw new Error(`${name}: pixel ${x},${y} is not a palette colour`);
      out[y * p.width + x] = index;
    }
  }
  return out;
}
