import { describe, expect, it } from 'vitest';
import {
  cartProfile,
  crc32,
  defaultMapper,
  identifyRom,
  KNOWN_CARTS,
  knownCart,
  mapperFor,
  Odyssey2,
} from '../../../rom-core/machine/index.ts';
import { testBios } from './helpers.ts';
import { forgeCrc } from '../../harness/forge-crc.ts';

describe('known cartridges by CRC32', () => {
  const ktaa = KNOWN_CARTS.find((k) => k.mapper === 'ktaa')!;

  it("a 12 KB image with KTAA's CRC32 (4E2CC6D3) gets the 3 KB-page mapper without being told", () => {
    const image = forgeCrc(new Uint8Array(0x3000).fill(0x04), 0x4e2cc6d3);
    expect(crc32(image)).toBe(0x4e2cc6d3);
    expect(knownCart(image)?.name).toBe('Kill the Attacking Aliens');
    expect(mapperFor(image)).toBe('ktaa');
    const bios = testBios();
    const m = new Odyssey2({ bios, cart: image });
    expect(m.cart.kind).toBe('ktaa');
    expect(new Odyssey2({ bios, cart: image, mapper: 'standard' }).cart.kind).toBe('standard'); // the user's choice wins
    expect(ktaa.size).toBe(0x3000);
  });

  it("an unknown image gets what its size implies (MAME's -cart rule)", () => {
    for (const size of [0x800, 0x1000, 0x2000, 0x3000, 0x4000]) {
      const image = new Uint8Array(size).fill(0x55);
      expect(knownCart(image)).toBeUndefined();
      expect(mapperFor(image)).toBe(defaultMapper(size));
    }
  });

  it("a European release (from MAME's software list) starts on PAL timing, named by its title; the user's choice wins", () => {
    const listed = KNOWN_CARTS.find((k) => k.name === 'A Labyrinth Game / Supermind (Europe)')!;
    expect(listed).toMatchObject({ size: 2048, mapper: 'standard', pal: true });
    const image = forgeCrc(new Uint8Array(listed.size).fill(0x04), listed.crc);
    expect(cartProfile(image)).toEqual({
      mapper: 'standard',
      pal: true,
      name: 'A Labyrinth Game / Supermind (Europe)',
      plus: false,
    });
    const bios = testBios();
    expect(new Odyssey2({ bios, cart: image }).timing.name).toBe('PAL');
    expect(new Odyssey2({ bios, cart: image, pal: false }).timing.name).toBe('NTSC');
    expect(identifyRom('cart', image).note).toBe(
      `cartridge: A Labyrinth Game / Supermind (Europe), CRC32 ${listed.crc.toString(16).toUpperCase().padStart(8, '0')}`,
    );
    // A release for Europe and the US, or one for the US, starts on NTSC.
    expect(KNOWN_CARTS.find((k) => k.name === 'Air-Sea War / Battle (Europe, US)')?.pal).toBeUndefined();
    const unknown = new Uint8Array(2048).fill(0x33);
    expect(cartProfile(unknown)).toEqual({ mapper: 'standard', pal: false, name: null, plus: false });
    expect(new Odyssey2({ bios, cart: unknown }).timing.name).toBe('NTSC');
  });

  it("lists the software list's rally (16 KB) cartridges on the rally mapper, and no image twice", () => {
    expect(KNOWN_CARTS.filter((k) => k.mapper === 'rally').map((k) => [k.name, k.size])).toEqual([
      ['Helicopter Rescue (Europe)', 16384],
      ['Trans American Rally (Europe)', 16384],
    ]);
    expect(KNOWN_CARTS.length).toBeGreaterThan(150);
    expect(new Set(KNOWN_CARTS.map((k) => `${k.crc}:${k.size}`)).size).toBe(KNOWN_CARTS.length);
  });
});
