/**
 * The source lines of the program addresses, from the line maps of the builds the session runs (our
 * BIOS and cartridges, or a program the page built), for the debugger's disassembly and profile.
 */
import type { BuiltRom } from './builtin-roms.ts';

/** A source line for a program address, with the image offset its bytes came from (banked carts). */
interface SourceLine {
  text: string;
  /** Offset of the instruction in `image`, to check the bank mapped now is the one it belongs to. */
  offset: number;
  image: Uint8Array;
}

export interface SourceIndex {
  /** CPU program address -> candidate lines (one per bank that has code there). */
  byAddress: Map<number, SourceLine[]>;
}

export function indexSources(rom: BuiltRom, isCart: boolean, index: SourceIndex): void {
  const split = new Map<string, string[]>();
  for (const entry of rom.lineMap) {
    let lines = split.get(entry.file);
    if (!lines) {
      lines = (rom.sources.get(entry.file) ?? '').split('\n');
      split.set(entry.file, lines);
    }
    const text = `${entry.file}:${entry.line}  ${(lines[entry.line - 1] ?? '').trim()}`;
    const offset = isCart ? (entry.bank ?? 0) * 0x800 + entry.address - 0x400 : entry.address;
    const list = index.byAddress.get(entry.address) ?? [];
    list.push({ text, offset, image: rom.image });
    index.byAddress.set(entry.address, list);
  }
}

/** The source line of the instruction at `address`, if the bytes mapped there now (`program`) are the ones it made. */
export function sourceLineAt(
  index: SourceIndex,
  program: Uint8Array,
  address: number,
  length: number,
): string | undefined {
  const candidates = index.byAddress.get(address);
  if (!candidates) return undefined;
  for (const c of candidates) {
    let same = c.offset >= 0 && c.offset + length <= c.image.length;
    for (let i = 0; same && i < length; i++) same = c.image[c.offset + i] === program[address + i];
    if (same) return c.text;
  }
  return undefined;
}
