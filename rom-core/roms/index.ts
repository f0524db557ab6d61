/**
 * Our own Odyssey² BIOS (rom-core/roms/bios/bios.a48), assembled from source on demand. Platform-free:
 * the caller supplies the file reader (Node: fs; browser: Vite's `import.meta.glob(..., { query: '?raw' })`).
 */
import { assemble, formatDiagnostic } from '../asm/index.ts';
import type { LineMapEntry } from '../asm/index.ts';

export { assembleBattleCart } from './carts/index.ts';
export { SteppedConsole, ConsoleTimeoutError } from './carts/stepped-console.ts';
export type { SteppedConsoleOptions } from './carts/stepped-console.ts';

export const BIOS_SIZE = 1024;
/** Path of the BIOS source as passed to `readFile` (relative to rom-core/roms/). */
export const BIOS_SOURCE = 'bios/bios.a48';

/** Every documented BIOS entry point (docs/hardware.md §6.3) and the address cartridges call it at. */
export const BIOS_ENTRY_POINTS: Readonly<Record<string, number>> = {
  irq: 0x009,
  irqend: 0x014,
  vsyncirq: 0x01a,
  soundirq: 0x044,
  parsesnd: 0x04b,
  copyregs: 0x089,
  readkey: 0x0b0,
  vdcenable: 0x0e7,
  extramenable: 0x0ec,
  init: 0x0f1,
  gfxoff: 0x11c,
  gfxon: 0x127,
  tableend: 0x132,
  waitforkey: 0x13d,
  calcchar23: 0x14b,
  clearchar: 0x16b,
  waitvsync: 0x176,
  tablebcdbyte: 0x17c,
  tableprintchar: 0x197,
  playsound: 0x1a2,
  doclock: 0x1b0,
  tablebcdnibble: 0x229,
  tablechar23: 0x22c,
  tableput2: 0x235,
  initclock: 0x23a,
  putchar23: 0x261,
  bittest: 0x26a,
  bitclear: 0x280,
  bitset: 0x28a,
  random: 0x293,
  nibblemixer: 0x2a4,
  selectgame: 0x2c3,
  bank02: 0x37f,
  bank01: 0x383,
  bank0: 0x387,
  bank3: 0x38b,
  getjoystick: 0x38f,
  getjoystick_p17: 0x395,
  decodejoystick: 0x3b1,
  divide: 0x3cf,
  multiply: 0x3dd,
  printchar: 0x3ea,
};

export interface AssembledBios {
  /** 1024 bytes for 000h-3FFh; bytes no statement wrote are FFh. */
  image: Uint8Array;
  lineMap: LineMapEntry[];
  symbols: Map<string, number>;
}

const hex = (n: number): string => `${n.toString(16).toUpperCase().padStart(3, '0')}h`;

/** Assembles the BIOS and checks its size and every entry point's address; throws naming the fault. */
export function assembleBios(readFile: (path: string) => string): AssembledBios {
  const source = readFile(BIOS_SOURCE);
  const result = assemble(source, { fileName: BIOS_SOURCE, readFile: (path) => readFile(path) });
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    throw new Error(`BIOS source does not assemble:\n${errors.join('\n')}`);
  }
  const end = result.base + result.bytes.length;
  if (result.base < 0 || end > BIOS_SIZE) {
    throw new Error(`BIOS spans ${hex(result.base)}-${hex(end - 1)}; it must fit in 000h-3FFh (${BIOS_SIZE} bytes)`);
  }
  const image = new Uint8Array(BIOS_SIZE).fill(0xff);
  image.set(result.bytes, result.base);
  for (const [name, address] of Object.entries(BIOS_ENTRY_POINTS)) {
    const actual = result.symbols.get(name);
    if (actual === undefined) throw new Error(`BIOS entry point ${name} (${hex(address)}) is not defined`);
    if (actual !== address)
      throw new Error(`BIOS entry point ${name} is at ${hex(actual)}, documented at ${hex(address)}`);
  }
  return { image, lineMap: result.lineMap, symbols: result.symbols };
}

// The battle cartridge's companion mailbox (carts/mailbox.ts), as the console and the board read it.
export { MAILBOX, MAILBOX_SIGNATURE, PHASES, readMailbox } from './carts/mailbox.ts';
export type { CartEnd, CartMailbox, CartPhase, CartSide, CartWeapon, CartWinner } from './carts/mailbox.ts';
