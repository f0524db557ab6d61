/**
 * What a file the user dropped or picked is: a BIOS, a character ROM, a cartridge (all by size, then
 * named by CRC32) or a save state (by its magic). Anything else gets a message that says what was
 * wrong with it; nothing here touches the running machine.
 */
import { BIOS_SIZE, CART_SIZES, CHARSET_SIZE, identifyRom } from '../../rom-core/machine/index.ts';
import type { RomIdentity } from '../../rom-core/machine/index.ts';

/** Larger files are refused before they are read (a state is a few KB, the largest cart 16 KB). */
export const MAX_FILE_BYTES = 1 << 20;
const STATE_MAGIC = [0x4f, 0x32, 0x4d, 0x53]; // "O2MS"

export type Classified =
  { kind: 'bios' | 'cart' | 'charset'; identity: RomIdentity } | { kind: 'state' } | { kind: 'error'; message: string };

function sizeWords(n: number): string {
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 ? 1 : 0)} KB`;
  return `${n} byte${n === 1 ? '' : 's'}`;
}

/** Refusal by size alone (before reading a huge file). */
export function checkFileSize(name: string, size: number): string | undefined {
  if (size === 0) return `“${name}” is empty (0 bytes), so there is nothing to load.`;
  if (size > MAX_FILE_BYTES) {
    return `“${name}” is ${sizeWords(size)}: far too large for an Odyssey² file (cartridges are at most 16 KB, save states a few KB). Nothing was loaded.`;
  }
  return undefined;
}

export function classifyFile(name: string, bytes: Uint8Array): Classified {
  const bad = checkFileSize(name, bytes.length);
  if (bad) return { kind: 'error', message: bad };
  if (bytes.length >= 4 && STATE_MAGIC.every((b, i) => bytes[i] === b)) return { kind: 'state' };
  const kind =
    bytes.length === BIOS_SIZE
      ? 'bios'
      : bytes.length === CHARSET_SIZE
        ? 'charset'
        : CART_SIZES.includes(bytes.length)
          ? 'cart'
          : undefined;
  if (!kind) {
    return {
      kind: 'error',
      message: `“${name}” is ${sizeWords(bytes.length)}, which is not the size of any Odyssey² file: a BIOS is 1 KB, a character ROM 512 bytes, a cartridge 2, 4, 8, 12 or 16 KB, and a save state starts with “O2MS”. Nothing was loaded.`,
    };
  }
  return { kind, identity: identifyRom(kind, bytes) };
}
