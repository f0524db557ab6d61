/** CRC-32 (IEEE 802.3, the one zip, PNG and MAME's ROM sets use), table driven, pure TypeScript. */

/**
 * Slicing-by-4 (Intel's): TABLES[k·256 + n] is the CRC of byte n followed by k zero bytes, so four bytes
 * are folded in at once. A rollback hashes every snapshot it writes and checks every one it restores,
 * and one table a byte was a tenth of each.
 */
const TABLES = new Uint32Array(4 * 256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  TABLES[n] = c >>> 0;
}
for (let k = 1; k < 4; k++) {
  for (let n = 0; n < 256; n++) {
    const prev = TABLES[(k - 1) * 256 + n];
    TABLES[k * 256 + n] = (prev >>> 8) ^ TABLES[prev & 0xff];
  }
}

/**
 * Continues a CRC over `bytes` (start with 0), or over bytes[start..end) (no subarray to allocate on a
 * per-frame path); returns the unsigned 32-bit value.
 */
export function crc32(bytes: Uint8Array, previous = 0, start = 0, end = bytes.length): number {
  const t = TABLES;
  let c = (previous ^ 0xffffffff) | 0;
  let i = start;
  for (const last4 = end - 3; i < last4; i += 4) {
    c ^= bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    c = t[768 + (c & 0xff)] ^ t[512 + ((c >>> 8) & 0xff)] ^ t[256 + ((c >>> 16) & 0xff)] ^ t[c >>> 24];
  }
  for (; i < end; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A CRC as MAME and the hardware notes print it: 8 upper-case hex digits. */
export function crcHex(value: number): string {
  return (value >>> 0).toString(16).toUpperCase().padStart(8, '0');
}
