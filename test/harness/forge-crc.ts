import { crc32 } from '../../rom-core/crc32.ts';

const TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * Sets the last four bytes of `image` so its CRC32 is `target` (CRC32 is linear, so four free bytes
 * reach any value): a stand-in with a listed CRC, since no real image may be committed.
 */
export function forgeCrc(image: Uint8Array, target: number): Uint8Array {
  const out = image.slice();
  const head = out.subarray(0, out.length - 4);
  let state = (crc32(head) ^ 0xffffffff) >>> 0;
  // Walk back from the target: each step's top byte names the table entry used.
  const idx: number[] = [];
  let t = (target ^ 0xffffffff) >>> 0;
  for (let k = 0; k < 4; k++) {
    const j = TABLE.findIndex((v) => v >>> 24 === t >>> 24);
    idx.unshift(j);
    t = (((t ^ TABLE[j]) << 8) | j) >>> 0;
  }
  for (let k = 0; k < 4; k++) {
    out[out.length - 4 + k] = (state ^ idx[k]) & 0xff;
    state = (TABLE[idx[k]] ^ (state >>> 8)) >>> 0;
  }
  return out;
}
