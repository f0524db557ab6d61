/**
 * Loads the self-checking 8048 programs of test/programs/ and builds the memory images both MAME
 * and our CPU run: the oracle BIOS (test/mame/oracle-bios.a48, 1 KB internal ROM), a 2 KB
 * cartridge at 400h-BFFh, and the CPU's 4 KB program view.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble, formatDiagnostic } from '../../rom-core/asm/index.ts';
import type { AssembleResult } from '../../rom-core/asm/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const PROGRAMS_DIR = resolve(here, '../programs');
export const BIOS_SOURCE = resolve(here, '../mame/oracle-bios.a48');
export const GOLDEN_DIR = resolve(here, '../golden/cpu');

export const BIOS_SIZE = 0x400;
export const CART_SIZE = 0x800;
export const CART_BASE = 0x400;

export interface AssembledProgram {
  name: string;
  result: AssembleResult;
  /** 2 KB cartridge image: CPU 400h-BFFh, unused bytes FFh. */
  cart: Uint8Array;
}

/** Assembles a file; throws with the assembler's formatted diagnostics when it fails. */
export function assembleFile(path: string): AssembleResult {
  const source = readFileSync(path, 'utf8');
  const result = assemble(source, {
    fileName: path,
    readFile: (p, from) => readFileSync(resolve(dirname(from), p), 'utf8'),
  });
  if (!result.ok) {
    const errors = result.diagnostics.map((d) => formatDiagnostic(d)).join('\n');
    throw new Error(`${path} does not assemble:\n${errors}`);
  }
  return result;
}

/** Places an assembled image into a region [start, start+size), checking it fits. */
function place(result: AssembleResult, start: number, size: number, what: string): Uint8Array {
  const image = new Uint8Array(size).fill(0xff);
  const offset = result.base - start;
  if (result.bytes.length > 0 && (offset < 0 || offset + result.bytes.length > size)) {
    const end = result.base + result.bytes.length - 1;
    throw new Error(
      `${what} occupies ${hex3(result.base)}-${hex3(end)}, outside ${hex3(start)}-${hex3(start + size - 1)}`,
    );
  }
  image.set(result.bytes, offset);
  return image;
}

function hex3(n: number): string {
  return n.toString(16).toUpperCase().padStart(3, '0') + 'h';
}

let biosCache: Uint8Array | undefined;

/** The 1 KB oracle BIOS image, assembled from test/mame/oracle-bios.a48. */
export function oracleBios(): Uint8Array {
  biosCache ??= place(assembleFile(BIOS_SOURCE), 0, BIOS_SIZE, 'the oracle BIOS');
  return biosCache;
}

export function loadProgram(name: string): AssembledProgram {
  const result = assembleFile(resolve(PROGRAMS_DIR, `${name}.a48`));
  return { name, result, cart: place(result, CART_BASE, CART_SIZE, `${name}.a48`) };
}

/**
 * The CPU's 4 KB program space as MAME 0.251's odyssey2 driver maps a 2 KB cartridge:
 * 000h-3FFh BIOS, 400h-BFFh the cartridge, C00h-FFFh the cartridge's first KB again
 * (measured in MAME with a probe image; see test/mame/README.md).
 */
export function programImage(bios: Uint8Array, cart: Uint8Array): Uint8Array {
  const image = new Uint8Array(0x1000);
  image.set(bios.subarray(0, BIOS_SIZE), 0);
  image.set(cart.subarray(0, CART_SIZE), CART_BASE);
  image.set(cart.subarray(0, 0x400), 0xc00);
  return image;
}

/** A symbol's address whatever case the assembler keeps it in. */
export function symbol(result: AssembleResult, name: string): number | undefined {
  for (const [key, value] of result.symbols) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
}
