/**
 * Cartridge mappers, as MAME 0.251's `src/devices/bus/odyssey2/` does them (docs/hardware.md §2.1,
 * §2.4, §2.5). Program space 000h-3FFh is the BIOS; 400h-BFFh is the cart's `read_rom04(addr - 400h)`
 * and C00h-FFFh its `read_rom0c(addr - C00h)`. Every bank the mapper can select is prebuilt as a whole
 * 4 KB program image (BIOS included), so a bank switch only swaps the CPU's `program` array.
 *
 * C00h-FFFh: the current MAME source reads it as rom04(off + 400h) (a mirror of 800h-BFFh), but MAME 0.251, the version we follow, shows the bank's FIRST KB there
 * (a mirror of 400h-7FFh) for every size and for the rally mapper too: measured with MAME 0.251 by
 * jumping to C04h on 2, 4, 8, 12 and 16 KB carts (test/golden/machine/mirror.*,
 * test/mame/README.md). We follow the measurement.
 *
 * - standard (`o2_rom`): bank = P1 & 3; offset = (off + bank·800h) & mask, mask = largest power of
 *   two <= size, minus 1; offsets >= size read FFh.
 * - rally (`o2_rally`, Videopac+ 55/58/59/60): bank = P1.0 ? all ones : latch; the latch takes the
 *   data of a cart I/O write (P1.6 = 0) to an address with A7 = 1 while P1.4 = 0.
 * - ktaa (`o2_ktaa`, homebrew 3 KB pages): bank = P1 & (pages - 1); 400h-FFFh is the page, linear
 *   (from the source; MAME only uses it for the software list, so -cart never reaches it to measure).
 *
 * Which mapper a file gets follows MAME 0.251's `-cart` rule (slot.cpp): 16 KB -> rally, anything
 * else -> standard. So an unknown 12 KB file runs on the standard mapper (its last 4 KB are unreachable,
 * as in MAME); images known by CRC32 (known-carts.ts, e.g. KTAA) get the mapper they need.
 */
/** The BIOS: program space 000h-3FFh (roms.ts holds the other size rules). */
export const BIOS_SIZE = 0x400;

export type MapperKind = 'standard' | 'rally' | 'ktaa';

export const MAPPER_KINDS: readonly MapperKind[] = ['standard', 'rally', 'ktaa'];

/** MAME 0.251's choice for a file given with -cart. */
export function defaultMapper(size: number): MapperKind {
  return size === 0x4000 ? 'rally' : 'standard';
}

/** A cartridge image known by its CRC32 (the table in known-carts.ts): the mapper it needs and its video standard. */
export interface KnownCart {
  crc: number;
  size: number;
  name: string;
  mapper: MapperKind;
  /** A Videopac (European) image that expects PAL timing. */
  pal?: boolean;
  /** Made for the Videopac+ (G7400), whose second video chip we do not emulate: it may look wrong. */
  plus?: boolean;
}

export class Cartridge {
  readonly kind: MapperKind;
  /** The image and its banks change only through replaceRom (a rebuilt program swapped in). */
  rom: Uint8Array;
  /** One 4 KB program image per selectable bank. */
  images: Uint8Array[];
  /** P1 & 13h as the cart sees it (MAME `write_p1(m_p1 & 0x13)`). */
  control = 0;
  /** The rally mapper's 74374 latch (8 bits, as MAME stores it). */
  latch = 0;

  constructor(rom: Uint8Array, bios: Uint8Array, kind: MapperKind = defaultMapper(rom.length)) {
    if (bios.length !== BIOS_SIZE) throw new RangeError(`BIOS must be ${BIOS_SIZE} bytes; got ${bios.length}`);
    this.kind = kind;
    this.rom = rom.slice();
    this.images = this.layBanks(bios);
  }

  /**
   * Replaces the image with one of the same size (the mapper, its bank and latch kept), so a program
   * rebuilt while it runs goes on with the new bytes. A different size is refused with a sentence and
   * changes nothing: the mapper's bank arithmetic was chosen for the size.
   */
  replaceRom(rom: Uint8Array): string | undefined {
    if (rom.length !== this.rom.length)
      return `the new image is ${rom.length} bytes and the cartridge in the machine ${this.rom.length}; only an image of the same size can be swapped in (the ${this.kind} mapper's banks depend on it).`;
    const bios = this.images[0].slice(0, BIOS_SIZE);
    this.rom = rom.slice();
    this.images = this.layBanks(bios);
    return undefined;
  }

  /** Every selectable bank as a whole 4 KB program image (BIOS first); checks the size for the mapper. */
  private layBanks(bios: Uint8Array): Uint8Array[] {
    const { kind, rom } = this;
    const size = rom.length;
    let banks: number;
    if (kind === 'ktaa') {
      if (size !== 0xc00 && size !== 0x1800 && size !== 0x3000) {
        throw new RangeError(`the ktaa mapper takes 3, 6 or 12 KB images (3 KB pages); this one is ${size} bytes`);
      }
      banks = size / 0xc00;
    } else if (kind === 'rally') {
      if (size < 0x800 || (size & (size - 1)) !== 0) {
        throw new RangeError(`the rally mapper takes a power-of-two image of at least 2 KB; this one is ${size} bytes`);
      }
      banks = size / 0x800;
    } else {
      if (size === 0) throw new RangeError('the cartridge image is empty');
      banks = 4;
    }
    const images: Uint8Array[] = [];
    for (let b = 0; b < banks; b++) {
      const image = new Uint8Array(0x1000);
      image.set(bios, 0);
      for (let a = 0x400; a < 0x1000; a++) image[a] = this.read(b, a);
      images.push(image);
    }
    return images;
  }

  /** The byte the CPU fetches at program address `address` (400h-FFFh) with bank `bank` selected. */
  private read(bank: number, address: number): number {
    const rom = this.rom;
    if (this.kind === 'ktaa') return rom[bank * 0xc00 + address - 0x400];
    const off = address < 0xc00 ? address - 0x400 : address - 0xc00;
    if (this.kind === 'rally') return rom[(off + bank * 0x800) & (rom.length - 1)];
    const mask = (1 << (31 - Math.clz32(rom.length))) - 1;
    const o = (off + bank * 0x800) & mask;
    return o < rom.length ? rom[o] : 0xff;
  }

  /** Index into `images` of the bank now selected. */
  bankIndex(): number {
    const n = this.images.length;
    if (this.kind === 'rally') return ((this.control & 1) !== 0 ? 0xff : this.latch) & (n - 1);
    return this.control & (n - 1);
  }

  /** The program image for the selected bank. */
  image(): Uint8Array {
    return this.images[this.bankIndex()];
  }

  /** P1 changed. */
  writeP1(p1: number): void {
    this.control = p1 & 0x13;
  }

  /** A MOVX write that reached the cart (P1.6 = 0). */
  ioWrite(address: number, value: number): void {
    if (this.kind === 'rally' && (address & 0x80) !== 0 && (this.control & 0x10) === 0) this.latch = value & 0xff;
  }

  /** A MOVX read: none of these carts drive the bus (MAME returns FFh). */
  ioRead(_address: number): number {
    return 0xff;
  }
}
