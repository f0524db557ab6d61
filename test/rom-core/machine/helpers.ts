/** Shared setup for the machine tests: assembled test programs and small ROM builders. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble, formatDiagnostic } from '../../../rom-core/asm/index.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import type { Odyssey2Options } from '../../../rom-core/machine/index.ts';
import { bootMachine } from '../../harness/boot.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const MACHINE_PROGRAMS = resolve(here, '../../programs/machine');

/** Assembles test/programs/machine/NAME.a48 into an image covering `base` .. base+size-1 (FFh fill). */
export function assembleImage(name: string, base: number, size: number): Uint8Array {
  const path = resolve(MACHINE_PROGRAMS, `${name}.a48`);
  const result = assemble(readFileSync(path, 'utf8'), {
    fileName: path,
    readFile: (p, from) => readFileSync(resolve(dirname(from), p), 'utf8'),
  });
  if (!result.ok)
    throw new Error(`${name}.a48 does not assemble:\n${result.diagnostics.map(formatDiagnostic).join('\n')}`);
  if (result.base < base || result.base + result.bytes.length > base + size) {
    throw new Error(`${name}.a48 lies outside ${base.toString(16)}h-${(base + size - 1).toString(16)}h`);
  }
  const image = new Uint8Array(size).fill(0xff);
  image.set(result.bytes, result.base - base);
  return image;
}

let biosCache: Uint8Array | undefined;
/** The test BIOS: reset -> 400h, /INT -> 402h, timer -> 404h. */
export function testBios(): Uint8Array {
  biosCache ??= assembleImage('bios', 0, 0x400);
  return biosCache;
}

/** A 2 KB cartridge from test/programs/machine/NAME.a48 (code at 400h). */
export function testCart(name: string): Uint8Array {
  return assembleImage(name, 0x400, 0x800);
}

/** Chunk offset of bankprobe.a48's `bankid` immediate (MOV A,#n at CPU 7FCh). */
export const BANK_ID_OFFSET = 0x3fd;

/**
 * A `size`-byte cartridge of NAME's 2 KB bank repeated, each copy's `bankid` immediate set to the
 * copy's index (test/programs/machine/bankprobe.a48).
 */
export function bankedCart(name: string, size: number): Uint8Array {
  const bank = testCart(name);
  if (bank[BANK_ID_OFFSET - 1] !== 0x23) throw new Error(`${name}.a48 has no MOV A,#n at 7FCh (bankid)`);
  const cart = new Uint8Array(size);
  for (let k = 0; k * 0x800 < size; k++) {
    cart.set(bank, k * 0x800);
    cart[k * 0x800 + BANK_ID_OFFSET] = k;
  }
  return cart;
}

/** A 2 KB cartridge that only loops at 400h (JMP 400h), so the pins are the test's to drive. */
export function idleCart(): Uint8Array {
  const cart = new Uint8Array(0x800).fill(0xff);
  cart[0] = 0x84; // JMP 400h (page 4)
  cart[1] = 0x00;
  return cart;
}

export function machine(cart: Uint8Array, options: Partial<Odyssey2Options> = {}): Odyssey2 {
  return bootMachine(testBios(), cart, options);
}

export function randomBytes(n: number, rand: () => number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (rand() * 256) | 0;
  return out;
}

/** Index of the first differing element (or the shorter length), -1 when equal. Fast on big arrays. */
export function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i] && !(Number.isNaN(a[i]) && Number.isNaN(b[i]))) return i;
  return a.length === b.length ? -1 : n;
}
