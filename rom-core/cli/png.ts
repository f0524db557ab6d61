/** PNG pictures of the machine's frames (`o2 run --png`): 8-bit RGB, one pixel per dot, no filter. */
import { PALETTE_RF } from '../i8244/palette.ts';
import { crc32 } from '../machine/index.ts';

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An 8-bit RGB PNG of a colour-index frame, one pixel per dot. */
export function encodePng(
  frame: Uint8Array,
  width: number,
  height: number,
  palette: readonly number[] = PALETTE_RF,
): Uint8Array {
  const raw = new Uint8Array(height * (1 + width * 3));
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const c = palette[frame[y * width + x] & 15];
      raw[o++] = (c >> 16) & 0xff;
      raw[o++] = (c >> 8) & 0xff;
      raw[o++] = c & 0xff;
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    // zlib is loaded at the first picture, not at every start (~6 ms).
    chunk('IDAT', new Uint8Array(process.getBuiltinModule('node:zlib').deflateSync(raw))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
