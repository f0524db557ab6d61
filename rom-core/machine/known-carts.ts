/**
 * Known cartridges by CRC32: the mapper each needs and its video standard. The list is generated from
 * published facts about the images (MAME's software list `hash/videopac.xml` names each image's PCB and
 * release region: known-carts-data.ts, made by test/mame/make-known-carts.ts); homebrew authors name
 * theirs. An image not listed gets what its size implies (`defaultMapper`, MAME's rule for `-cart`) on NTSC.
 */
import type { KnownCart, MapperKind } from './cartridge.ts';
import { defaultMapper } from './cartridge.ts';
import { crc32 } from '../crc32.ts';
import { VIDEOPAC_LIST } from './known-carts-data.ts';

export type { KnownCart } from './cartridge.ts';

export const KNOWN_CARTS: readonly KnownCart[] = VIDEOPAC_LIST;

/** The table's entry for an image, if it has one. */
export function knownCart(image: Uint8Array): KnownCart | undefined {
  return knownCartOf(crc32(image), image.length);
}

/** The table's entry for an image of this CRC and size (its CRC worked out already), if it has one. */
export function knownCartOf(crc: number, size: number): KnownCart | undefined {
  return KNOWN_CARTS.find((k) => k.crc === crc && k.size === size);
}

/** The mapper an image runs on when the user chose none: the table's, else what its size implies. */
export function mapperFor(image: Uint8Array): MapperKind {
  return knownCart(image)?.mapper ?? defaultMapper(image.length);
}

/** How an image starts when the user chose nothing: its mapper and video standard, and the title the table knows it by. */
export interface CartProfile {
  mapper: MapperKind;
  pal: boolean;
  /** The table's title, or null for an image it does not list. */
  name: string | null;
  plus: boolean;
}

export function cartProfile(image: Uint8Array): CartProfile {
  const k = knownCart(image);
  return {
    mapper: k?.mapper ?? defaultMapper(image.length),
    pal: k?.pal ?? false,
    name: k?.name ?? null,
    plus: k?.plus ?? false,
  };
}
