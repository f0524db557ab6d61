/**
 * Cartridges that need something their size does not imply, by CRC32: the mapper (and, where it
 * matters, the video standard). Written from published facts about the images (MAME's software list
 * `hash/videopac.xml` names the PCB of each; homebrew authors name theirs), not from any image.
 * An image not listed gets what its size implies (`defaultMapper`, MAME's rule for `-cart`).
 */
import type { MapperKind } from './cartridge.ts';
import { defaultMapper } from './cartridge.ts';
import { crc32 } from './crc32.ts';

export interface KnownCart {
  crc: number;
  size: number;
  name: string;
  mapper: MapperKind;
  /** A Videopac (European) image that expects PAL timing. */
  pal?: boolean;
}

export const KNOWN_CARTS: readonly KnownCart[] = [
  // Soeren Gust's homebrew game, released as one 12 KB file of four 3 KB pages (MAME: o2_ktaa).
  { crc: 0x4e2cc6d3, size: 0x3000, name: 'KTAA - Kill the Attacking Aliens (homebrew)', mapper: 'ktaa' },
];

/** The table's entry for an image, if it has one. */
export function knownCart(image: Uint8Array): KnownCart | undefined {
  const crc = crc32(image);
  return KNOWN_CARTS.find((k) => k.crc === crc && k.size === image.length);
}

/** The mapper an image runs on when the user chose none: the table's, else what its size implies. */
export function mapperFor(image: Uint8Array): MapperKind {
  return knownCart(image)?.mapper ?? defaultMapper(image.length);
}
