/**
 * Cartridge mappers against MAME's formulas (bus/odyssey2/rom.cpp, rally.cpp, ktaa.cpp; slot.cpp's
 * -cart size rule): every size, every bank, the offsets of 400h/7FFh/800h/BFFh/C00h/FFFh, the
 * C00h-FFFh mirror (of 400h-7FFh, as MAME 0.251 runs it: see cartridge.ts and the `mirror` golden),
 * the bank selected after reset, and the switch on a P1 write.
 */
import { describe, expect, it } from 'vitest';
import { Cartridge, defaultMapper } from '../../../rom-core/machine/index.ts';
import { machine, testBios } from './helpers.ts';

/** Each byte says where it is: different in every 2 KB bank and at every offset. */
function pattern(size: number): Uint8Array {
  const rom = new Uint8Array(size);
  for (let i = 0; i < size; i++) rom[i] = (i * 7 + (i >> 8) * 13 + (i >> 11) * 101) & 0xff;
  return rom;
}

const POINTS = [0x400, 0x401, 0x7ff, 0x800, 0xbff, 0xc00, 0xdef, 0xfff];

/** MAME 0.251 o2_rom: rom04(off) = rom[(off + bank·800h) & mask], C00h + n reads rom04(n). */
function standardByte(rom: Uint8Array, bank: number, address: number): number {
  const off = address < 0xc00 ? address - 0x400 : address - 0xc00;
  const mask = (1 << Math.floor(Math.log2(rom.length))) - 1;
  const o = (off + bank * 0x800) & mask;
  return o < rom.length ? rom[o] : 0xff;
}

describe('standard mapper (o2_rom)', () => {
  for (const size of [0x800, 0x1000, 0x2000, 0x3000]) {
    it(`${size / 1024} KB: bank = P1 & 3, offsets and the C00h mirror as MAME`, () => {
      const rom = pattern(size);
      const cart = new Cartridge(rom, testBios());
      expect(cart.kind).toBe('standard');
      for (let bank = 0; bank < 4; bank++) {
        cart.writeP1(0xfc | bank);
        const image = cart.image();
        expect(image.subarray(0, 0x400)).toEqual(testBios());
        for (const a of POINTS) expect(image[a], `bank ${bank} ${a.toString(16)}h`).toBe(standardByte(rom, bank, a));
        // C00h-FFFh mirrors 400h-7FFh in MAME 0.251.
        expect(image.subarray(0xc00, 0x1000)).toEqual(image.subarray(0x400, 0x800));
      }
    });
  }

  it('4 KB: P1.0 picks file 000h-7FFh or 800h-FFFh (CPU 400h = file n·800h)', () => {
    const rom = pattern(0x1000);
    const cart = new Cartridge(rom, testBios());
    cart.writeP1(0xfe);
    expect(cart.image()[0x400]).toBe(rom[0x000]);
    expect(cart.image()[0xbff]).toBe(rom[0x7ff]);
    cart.writeP1(0xff);
    expect(cart.image()[0x400]).toBe(rom[0x800]);
    expect(cart.image()[0xbff]).toBe(rom[0xfff]);
  });

  it('8 KB: four banks at file n·800h', () => {
    const rom = pattern(0x2000);
    const cart = new Cartridge(rom, testBios());
    for (let n = 0; n < 4; n++) {
      cart.writeP1(0xfc | n);
      expect(cart.image()[0x400]).toBe(rom[n * 0x800]);
      expect(cart.image()[0xbff]).toBe(rom[n * 0x800 + 0x7ff]);
    }
  });

  it('12 KB given as a file: standard mapper with an 8 KB mask, as MAME 0.251 -cart does', () => {
    expect(defaultMapper(0x3000)).toBe('standard');
    const rom = pattern(0x3000);
    const cart = new Cartridge(rom, testBios());
    cart.writeP1(0xfe); // bank 2
    expect(cart.image()[0x400]).toBe(rom[0x1000]);
  });
});

describe('rally mapper (o2_rally, 16 KB)', () => {
  it('is what MAME picks for a 16 KB file; P1.0 = 1 forces the last bank, else the latch picks', () => {
    expect(defaultMapper(0x4000)).toBe('rally');
    const rom = pattern(0x4000);
    const cart = new Cartridge(rom, testBios());
    expect(cart.kind).toBe('rally');
    cart.writeP1(0xff);
    expect(cart.image()[0x400]).toBe(rom[0x3800]);
    expect(cart.image()[0xc00]).toBe(rom[0x3800]);
    cart.writeP1(0xfe & ~0x10); // latch enabled, P1.4 = 0
    for (let n = 0; n < 8; n++) {
      cart.ioWrite(0x80, n);
      expect(cart.image()[0x400], `bank ${n}`).toBe(rom[n * 0x800]);
      expect(cart.image()[0xbff]).toBe(rom[n * 0x800 + 0x7ff]);
      expect(cart.image()[0xfff]).toBe(rom[n * 0x800 + 0x3ff]);
    }
  });

  it('latches only writes with A7 = 1 while P1.4 = 0', () => {
    const cart = new Cartridge(pattern(0x4000), testBios());
    cart.writeP1(0xfe & ~0x10);
    cart.ioWrite(0x80, 2);
    cart.ioWrite(0x7f, 5);
    expect(cart.latch).toBe(2);
    cart.writeP1(0xfe);
    cart.ioWrite(0x80, 6);
    expect(cart.latch).toBe(2);
  });

  it('through the machine: copy mode (P1.6 = 1) keeps cart writes away from the latch', () => {
    const m = machine(pattern(0x4000));
    m.writePort(1, 0xfe & ~0x10 & ~0x40);
    m.writeExternal(0x80, 3);
    expect(m.cart.latch).toBe(3);
    expect(m.cpu.program).toBe(m.cart.images[3]);
    m.writePort(1, 0xfe & ~0x10);
    m.writeExternal(0x80, 4);
    expect(m.cart.latch).toBe(3);
  });
});

describe('ktaa mapper (3 KB pages, on request)', () => {
  it('maps 400h-FFFh linearly onto page P1 & 3', () => {
    const rom = pattern(0x3000);
    const cart = new Cartridge(rom, testBios(), 'ktaa');
    for (let n = 0; n < 4; n++) {
      cart.writeP1(0xfc | n);
      for (const a of POINTS) expect(cart.image()[a]).toBe(rom[n * 0xc00 + a - 0x400]);
    }
  });

  it('refuses sizes that are not 3, 6 or 12 KB', () => {
    expect(() => new Cartridge(pattern(0x2000), testBios(), 'ktaa')).toThrow(/3, 6 or 12 KB/);
  });
});

describe('the machine', () => {
  // File offset of CPU 400h after reset: bank 3 (P1 = FFh), masked as MAME masks it.
  const resetOffset: [number, number][] = [
    [0x800, 0x000],
    [0x1000, 0x800],
    [0x2000, 0x1800],
    [0x3000, 0x1800],
    [0x4000, 0x3800],
  ];
  for (const [size, offset] of resetOffset) {
    it(`${size / 1024} KB: starts in the last bank (CPU 400h = file ${offset.toString(16)}h)`, () => {
      const rom = pattern(size);
      const m = machine(rom);
      expect(m.cpu.program).toBe(m.cart.image());
      expect(m.cpu.program[0x400]).toBe(rom[offset]);
      expect(m.cpu.program[0x7ff]).toBe(rom[offset + 0x3ff]);
    });
  }

  it('switches the program view on the P1 write itself (the next fetch comes from the new bank)', () => {
    const m = machine(pattern(0x2000));
    m.writePort(1, 0xfd);
    expect(m.cpu.program).toBe(m.cart.images[1]);
    m.writePort(1, 0xfc);
    expect(m.cpu.program).toBe(m.cart.images[0]);
  });

  it('keeps the BIOS at 000h-3FFh in every bank', () => {
    const m = machine(pattern(0x4000));
    for (const image of m.cart.images) expect(image.subarray(0, 0x400)).toEqual(testBios());
  });
});
