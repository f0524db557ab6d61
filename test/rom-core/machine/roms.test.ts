/**
 * ROM identification by size and CRC32, and the size errors. The real BIOS, character ROM and
 * Conquest of the World images are not ours to ship, so the known-image tests use stand-ins whose
 * last four bytes are chosen to give the real image's CRC32 (CRC-32 is linear, so that is easy):
 * the machine must name them exactly as it would name the real thing.
 */
import { describe, expect, it } from 'vitest';
import { Odyssey2, crc32, crcHex, identifyRom } from '../../../rom-core/machine/index.ts';
import { prng } from '../../harness/prng.ts';
import { idleCart, randomBytes, testBios } from './helpers.ts';

const TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  TABLE[n] = c >>> 0;
}
const BY_TOP = new Uint8Array(256);
for (let n = 0; n < 256; n++) BY_TOP[TABLE[n] >>> 24] = n;

/** `bytes` with its last 4 bytes replaced so that its CRC32 is `target`. */
function forge(bytes: Uint8Array, target: number): Uint8Array {
  const out = bytes.slice();
  const n = out.length - 4;
  const idx: number[] = [];
  let s = (target ^ 0xffffffff) >>> 0;
  for (let k = 3; k >= 0; k--) {
    const j = BY_TOP[s >>> 24];
    idx[k] = j;
    s = ((s ^ TABLE[j]) << 8) >>> 0;
  }
  let c = (crc32(out.subarray(0, n)) ^ 0xffffffff) >>> 0;
  for (let k = 0; k < 4; k++) {
    out[n + k] = (c ^ idx[k]) & 0xff;
    c = (TABLE[idx[k]] ^ (c >>> 8)) >>> 0;
  }
  return out;
}

describe('crc32', () => {
  it('gives the standard check value', () => {
    expect(crcHex(crc32(new TextEncoder().encode('123456789')))).toBe('CBF43926');
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('continues over pieces', () => {
    const data = randomBytes(300, prng(1));
    expect(crc32(data.subarray(100), crc32(data.subarray(0, 100)))).toBe(crc32(data));
  });
});

describe('known images', () => {
  const rand = prng(7);
  const cases: [kind: 'bios' | 'charset' | 'cart', size: number, crc: number, name: RegExp][] = [
    ['bios', 1024, 0x8016a315, /Odyssey² \/ Videopac G7000 BIOS/],
    ['bios', 1024, 0xa318e8d6, /C52/],
    ['bios', 1024, 0xe20a9f41, /G7400/],
    ['bios', 1024, 0x11647ca5, /Jopac/],
    ['bios', 1024, 0xe2b23324, /Odyssey³/],
    ['charset', 512, 0xb46a3f31, /8244 character ROM/],
    ['cart', 4096, 0xafc093fd, /Conquest of the World/],
  ];
  for (const [kind, size, crc, name] of cases) {
    it(`${kind} ${crcHex(crc)}`, () => {
      const image = forge(randomBytes(size, rand), crc);
      expect(crc32(image)).toBe(crc);
      const id = identifyRom(kind, image);
      expect(id.name).toMatch(name);
      expect(id.note).toContain(crcHex(crc));
      expect(id.note).not.toMatch(/unknown/);
    });
  }

  it('needs the size to match as well as the CRC', () => {
    const id = identifyRom('cart', forge(randomBytes(2048, rand), 0xafc093fd));
    expect(id.name).toBeUndefined();
  });

  it('an unknown but plausible image runs, with a note', () => {
    const m = new Odyssey2({ bios: testBios(), cart: idleCart() });
    expect(m.identity.cart.name).toBeUndefined();
    expect(m.identity.cart.note).toMatch(/unknown 2048-byte image \(CRC32 [0-9A-F]{8}\); running it anyway/);
    m.runFrame();
    expect(m.frameNumber).toBe(1);
  });

  it('the machine reports a known cartridge by name', () => {
    const cart = forge(randomBytes(4096, rand), 0xafc093fd);
    const m = new Odyssey2({ bios: testBios(), cart });
    expect(m.identity.cart.note).toMatch(/Conquest of the World.*AFC093FD/);
  });
});

describe('size errors', () => {
  const sizes = /2048 \(2 KB\), 4096 \(4 KB\), 8192 \(8 KB\), 12288 \(12 KB\), 16384 \(16 KB\) bytes/;

  it('refuses an empty cartridge, saying which sizes are accepted', () => {
    expect(() => new Odyssey2({ bios: testBios(), cart: new Uint8Array(0) })).toThrow(/cartridge is empty.*must be/);
    expect(() => new Odyssey2({ bios: testBios(), cart: new Uint8Array(0) })).toThrow(sizes);
  });

  for (const n of [1, 1024, 2047, 3072, 6144, 32768]) {
    it(`refuses a ${n}-byte cartridge`, () => {
      expect(() => new Odyssey2({ bios: testBios(), cart: new Uint8Array(n) })).toThrow(
        new RegExp(`cartridge is ${n} ${n === 1 ? 'byte' : 'bytes'};`),
      );
      expect(() => new Odyssey2({ bios: testBios(), cart: new Uint8Array(n) })).toThrow(sizes);
    });
  }

  it('refuses a BIOS that is not 1 KB and a character ROM that is not 512 bytes', () => {
    expect(() => new Odyssey2({ bios: new Uint8Array(2048), cart: idleCart() })).toThrow(
      /BIOS is 2048 bytes; a BIOS must be 1024 bytes \(1 KB\)/,
    );
    expect(() => new Odyssey2({ bios: new Uint8Array(0), cart: idleCart() })).toThrow(/BIOS is empty/);
    expect(() => new Odyssey2({ bios: testBios(), cart: new Uint8Array(1) })).toThrow(
      /cartridge is 1 byte; a cartridge must be/,
    );
    expect(() => new Odyssey2({ bios: testBios(), cart: idleCart(), charset: new Uint8Array(511) })).toThrow(
      /character ROM is 511 bytes; a character ROM must be 512 bytes/,
    );
  });
});
