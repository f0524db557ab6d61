/**
 * Our own battle cartridge for *Conquest of the World* (rom-core/roms/carts/*.a48), assembled from
 * source on demand. Platform-free: the caller supplies the file reader (paths relative to
 * rom-core/roms/carts/). The image is 8 KB: four 2 KB banks selected by P1.0/P1.1 (standard
 * mapper), bank 3 active at reset. README.md in this folder holds the design.
 */
import { assemble, formatDiagnostic } from '../../asm/index.ts';
import type { LineMapEntry } from '../../asm/index.ts';

export const BANK_SIZE = 0x800;
export const BANK_COUNT = 4;
export const CART_SIZE = BANK_SIZE * BANK_COUNT;
/** Source of each bank, index = bank number (file offset = bank × 800h). */
export const BANK_SOURCES: readonly string[] = ['bank0.a48', 'bank1.a48', 'bank2.a48', 'bank3.a48'];

/** Same-address code every bank must hold byte for byte (docs/hardware.md §2.4): vectors and switches. */
export const SHARED_STUB_END = 0x433;

export { MAILBOX, MAILBOX_SIGNATURE, PHASES, readMailbox } from './mailbox.ts';
export type { CartMailbox, CartSide, CartPhase, CartWeapon, CartWinner, CartEnd } from './mailbox.ts';

export interface CartLineMapEntry extends LineMapEntry {
  /** Bank the address belongs to (CPU address 400h-BFFh within it). */
  bank: number;
}

export interface AssembledCart {
  /** 8192 bytes; bytes no statement wrote are FFh. */
  image: Uint8Array;
  lineMap: CartLineMapEntry[];
  /** Symbols per bank (the same name may mean different addresses in different banks). */
  symbols: Map<string, number>[];
}

const hex = (n: number): string => `${n.toString(16).toUpperCase().padStart(3, '0')}h`;

/** Assembles all four banks and checks their placement and shared stubs; throws naming the fault. */
export function assembleBattleCart(readFile: (path: string) => string): AssembledCart {
  const image = new Uint8Array(CART_SIZE).fill(0xff);
  const lineMap: CartLineMapEntry[] = [];
  const symbols: Map<string, number>[] = [];
  BANK_SOURCES.forEach((name, bank) => {
    const result = assemble(readFile(name), { fileName: name, readFile: (path) => readFile(path) });
    if (!result.ok) {
      const errors = result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
      throw new Error(`battle cartridge ${name} does not assemble:\n${errors.join('\n')}`);
    }
    const end = result.base + result.bytes.length;
    if (result.base < 0x400 || end > 0xc00) {
      throw new Error(`battle cartridge ${name} spans ${hex(result.base)}-${hex(end - 1)}; a bank holds 400h-BFFh`);
    }
    image.set(result.bytes, bank * BANK_SIZE + result.base - 0x400);
    for (const e of result.lineMap) lineMap.push({ ...e, bank });
    symbols.push(result.symbols);
  });
  const first = image.subarray(0, SHARED_STUB_END - 0x400);
  for (let bank = 1; bank < BANK_COUNT; bank++) {
    const stub = image.subarray(bank * BANK_SIZE, bank * BANK_SIZE + SHARED_STUB_END - 0x400);
    const at = stub.findIndex((b, i) => b !== first[i] && i !== 0x2f && i !== 0x30 && i !== 0x31 && i !== 0x32);
    if (at >= 0) throw new Error(`bank ${bank} differs from bank 0 in the shared stubs at ${hex(0x400 + at)}`);
  }
  return { image, lineMap, symbols };
}
