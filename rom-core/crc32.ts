/** CRC-32 (IEEE 802.3, the one zip, PNG and MAME's ROM sets use), table driven, pure TypeScript. */

const TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  TABLE[n] = c >>> 0;
}

/**
 * Continues a CRC over `bytes` (start with 0), or over bytes[start..end) (no subarray to allocate on a
 * per-frame path); returns the unsigned 32-bit value.
 */
export function crc32(bytes: Uint8Array, previous = 0, start = 0, end = bytes.length): number {
  let c = (previous ^ 0xffffffff) >>> 0;
  for (let i = start; i < end; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A CRC as MAME and the hardware notes print it: 8 upper-case hex digits. */
export function crcHex(value: number): string {
  return (value >>> 0).toString(16).toUpperCase().padStart(8, '0');
}
