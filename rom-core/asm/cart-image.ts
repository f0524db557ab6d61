/**
 * A program laid out as the console loads a cartridge: the program's address 400h at offset 0 (below it
 * is the BIOS), padded with FFh (as an erased EPROM reads, and as ASL's p2bin fills) to the smallest size
 * the machine maps. The browser's build and `o2 asm` both write this.
 */
import { CART_SIZES } from '../machine/roms.ts';

/** A cartridge's program starts at 400h. */
export const CART_BASE = 0x400;

export type CartImage = { ok: true; image: Uint8Array } | { ok: false; reason: string };

const hex = (n: number): string => n.toString(16).toUpperCase();

export function cartImage(base: number, bytes: Uint8Array): CartImage {
  if (bytes.length === 0) return { ok: false, reason: 'the program emits no bytes' };
  if (base < CART_BASE)
    return {
      ok: false,
      reason: `the program starts at ${hex(base)}h, but a cartridge's program starts at 400h (ORG 400h; below it is the BIOS)`,
    };
  const end = base - CART_BASE + bytes.length;
  const size = CART_SIZES.find((s) => s >= end);
  if (size === undefined) {
    return {
      ok: false,
      reason: `the program reaches ${hex(base + bytes.length - 1)}h: ${end} bytes from 400h, more than the largest cartridge (${Math.max(...CART_SIZES)} bytes)`,
    };
  }
  const image = new Uint8Array(size).fill(0xff);
  image.set(bytes, base - CART_BASE);
  return { ok: true, image };
}
