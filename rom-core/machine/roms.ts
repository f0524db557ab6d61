/**
 * Known ROM images, recognised by size and CRC32 (docs/hardware.md §6, §7, §8, §10), and the size
 * rules for what the machine accepts. Identification never refuses a plausible image: an unknown one
 * runs, with a note saying so (MAME too only warns about a checksum it does not expect).
 */
import { BIOS_SIZE } from './cartridge.ts';
import type { MapperKind } from './cartridge.ts';
import { crc32, crcHex } from '../crc32.ts';
import { KNOWN_CARTS } from './known-carts.ts';

export { BIOS_SIZE } from './cartridge.ts';
export const CHARSET_SIZE = 0x200;
/** Cartridge sizes the machine maps (2, 4, 8, 12 and 16 KB). */
export const CART_SIZES: readonly number[] = [0x800, 0x1000, 0x2000, 0x3000, 0x4000];
/** The ktaa mapper's images: 1, 2 or 4 pages of 3 KB. */
export const KTAA_SIZES: readonly number[] = [0xc00, 0x1800, 0x3000];

function cartSizes(mapper: MapperKind | undefined): readonly number[] {
  return mapper === 'ktaa' ? KTAA_SIZES : CART_SIZES;
}

export type RomKind = 'bios' | 'charset' | 'cart';

interface KnownRom {
  kind: RomKind;
  size: number;
  crc: number;
  name: string;
}

const KNOWN: readonly KnownRom[] = [
  { kind: 'bios', size: BIOS_SIZE, crc: 0x8016a315, name: 'Odyssey² / Videopac G7000 BIOS (o2bios.rom)' },
  { kind: 'bios', size: BIOS_SIZE, crc: 0xa318e8d6, name: 'Videopac C52 BIOS (c52.rom, France)' },
  { kind: 'bios', size: BIOS_SIZE, crc: 0xe20a9f41, name: 'Videopac+ G7400 BIOS (g7400.bin)' },
  { kind: 'bios', size: BIOS_SIZE, crc: 0x11647ca5, name: 'Jopac JO7400 BIOS (jopac.bin)' },
  { kind: 'bios', size: BIOS_SIZE, crc: 0xe2b23324, name: 'Odyssey³ BIOS (odyssey3.bin)' },
  { kind: 'charset', size: CHARSET_SIZE, crc: 0xb46a3f31, name: 'Intel 8244 character ROM (charset_i8244.bin)' },
  { kind: 'cart', size: 0x1000, crc: 0xafc093fd, name: 'Conquest of the World (Videopac 41 / AB9431, vp_41.bin)' },
];

export interface RomIdentity {
  kind: RomKind;
  size: number;
  crc: number;
  /** CRC as 8 hex digits. */
  crcHex: string;
  /** The known image's name, or undefined. */
  name: string | undefined;
  /** One line for the user: what this image is, or that it is unknown but will run. */
  note: string;
}

const KB = (n: number): string => `${n / 1024} KB`;

function what(kind: RomKind): string {
  return kind === 'bios' ? 'BIOS' : kind === 'charset' ? 'character ROM' : 'cartridge';
}

/** The sizes accepted for a kind of image (a cartridge's by its mapper), as words for an error message. */
export function acceptedSizes(kind: RomKind, mapper?: MapperKind): string {
  if (kind === 'bios') return `${BIOS_SIZE} bytes (1 KB)`;
  if (kind === 'charset') return `${CHARSET_SIZE} bytes`;
  return (
    cartSizes(mapper)
      .map((s) => `${s} (${KB(s)})`)
      .join(', ') + ' bytes'
  );
}

/** The largest image of a kind any mapper takes (to refuse a huge file before reading it). */
export function largestRom(kind: RomKind): number {
  return kind === 'bios' ? BIOS_SIZE : kind === 'charset' ? CHARSET_SIZE : Math.max(...CART_SIZES, ...KTAA_SIZES);
}

/** Throws a RangeError naming the accepted sizes when `bytes` cannot be a `kind` image (for `mapper`). */
export function checkRomSize(kind: RomKind, bytes: Uint8Array, label = what(kind), mapper?: MapperKind): void {
  const ok =
    kind === 'bios'
      ? bytes.length === BIOS_SIZE
      : kind === 'charset'
        ? bytes.length === CHARSET_SIZE
        : cartSizes(mapper).includes(bytes.length);
  if (ok) return;
  const got = bytes.length === 0 ? 'is empty' : `is ${bytes.length} ${bytes.length === 1 ? 'byte' : 'bytes'}`;
  const forMapper = kind === 'cart' && mapper === 'ktaa' ? ' for the ktaa mapper' : '';
  throw new RangeError(`${label} ${got}; a ${what(kind)}${forMapper} must be ${acceptedSizes(kind, mapper)}`);
}

/** Size-checks (a cartridge for its mapper, if one is chosen) and names an image. */
export function identifyRom(kind: RomKind, bytes: Uint8Array, mapper?: MapperKind): RomIdentity {
  checkRomSize(kind, bytes, what(kind), mapper);
  const crc = crc32(bytes);
  // A cartridge the known-cartridge table lists (MAME's software list) is named by its title.
  const listed = kind === 'cart' ? KNOWN_CARTS.find((k) => k.crc === crc && k.size === bytes.length) : undefined;
  const known =
    KNOWN.find((k) => k.kind === kind && k.size === bytes.length && k.crc === crc) ?? (listed && { name: listed.name });
  const hex = crcHex(crc);
  const note = known
    ? `${what(kind)}: ${known.name}, CRC32 ${hex}`
    : `${what(kind)}: unknown ${bytes.length}-byte image (CRC32 ${hex}); running it anyway`;
  return { kind, size: bytes.length, crc, crcHex: hex, name: known?.name, note };
}
