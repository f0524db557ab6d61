/**
 * What an Odyssey² is built from (the images and choices of Odyssey2Options) and what the machine
 * makes of them: each image identified, the video standard and the cartridge's mapper.
 */
import { NTSC, PAL } from '../i8244/timing.ts';
import type { VdcTiming } from '../i8244/timing.ts';
import { defaultMapper } from './cartridge.ts';
import type { MapperKind } from './cartridge.ts';
import { knownCartOf } from './known-carts.ts';
import { identifyRom } from './roms.ts';
import type { RomIdentity } from './roms.ts';

export interface Odyssey2Options {
  /** 1 KB internal ROM of the 8048. */
  bios: Uint8Array;
  /** Cartridge image: 2, 4, 8, 12 or 16 KB. */
  cart: Uint8Array;
  /** 512-byte character ROM; default: the VDC's own glyphs. */
  charset?: Uint8Array;
  /** Videopac G7000 (8245, 18 dots per cycle) instead of the NTSC Odyssey²; default: what the known-cartridge table says (NTSC for an image it does not list). */
  pal?: boolean;
  /** Override MAME's size rule (16 KB -> rally, else standard). */
  mapper?: MapperKind;
  /** Host audio rate, 44100 or 48000. */
  sampleRate?: number;
}

export interface ImageIdentity {
  bios: RomIdentity;
  cart: RomIdentity;
  charset: RomIdentity | undefined;
}

/** The images identified (size-checked; throws on a wrong size), the video standard and the mapper they ask for. */
export function machineImages(options: Odyssey2Options): {
  identity: ImageIdentity;
  timing: VdcTiming;
  mapper: MapperKind;
} {
  const bios = identifyRom('bios', options.bios);
  const cart = identifyRom('cart', options.cart, options.mapper);
  const charset = options.charset ? identifyRom('charset', options.charset) : undefined;
  // One CRC of each image (identifyRom's): a cold start computes nothing twice.
  const listed = knownCartOf(cart.crc, options.cart.length);
  const timing = (options.pal ?? listed?.pal ?? false) ? PAL : NTSC;
  const mapper = options.mapper ?? listed?.mapper ?? defaultMapper(options.cart.length);
  return { identity: { bios, cart, charset }, timing, mapper };
}
