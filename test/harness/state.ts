/** Save-state bytes as an attacker would edit them: changed, then the trailing CRC-32 made to match. */
import { crc32 } from '../../rom-core/crc32.ts';

export function resealed(state: Uint8Array): Uint8Array {
  const out = state.slice();
  new DataView(out.buffer).setUint32(out.length - 4, crc32(out.subarray(0, out.length - 4)), true);
  return out;
}

/** A copy with `edit` applied and the checksum recomputed. */
export function edited(state: Uint8Array, edit: (bytes: Uint8Array, view: DataView) => void): Uint8Array {
  const out = state.slice();
  edit(out, new DataView(out.buffer));
  return resealed(out);
}
