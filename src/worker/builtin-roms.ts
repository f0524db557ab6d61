/**
 * Our own ROMs, assembled from source: the open BIOS (rom-core/roms/bios), our battle cartridge
 * (rom-core/roms/carts) and the console's test cartridge. `buildBuiltins` takes the texts from anywhere:
 * the build assembles them once in Node (prebuilt-roms-plugin.ts) and the worker takes the bytes from its
 * bundle (bundled-roms.ts); the tests read them from disk. Nothing here is Vite's, so Node can load it.
 */
import { assemble, formatDiagnostic } from '../../rom-core/asm/index.ts';
import type { LineMapEntry } from '../../rom-core/asm/index.ts';
import { assembleBios } from '../../rom-core/roms/index.ts';

/** A line-map entry; cartridges with banks say which bank (CPU address 400h-BFFh within it). */
export type SourceEntry = LineMapEntry & { bank?: number };

export interface BuiltRom {
  image: Uint8Array;
  name: string;
  lineMap: SourceEntry[];
  /** Source texts by the file names the line map uses. */
  sources: Map<string, string>;
}

export interface BuiltCart extends BuiltRom {
  /** 'battle' or 'console-test'. */
  id: string;
}

export interface Builtins {
  bios: BuiltRom;
  /** Cartridges built from source; the first is the default. */
  carts: BuiltCart[];
  /** Our ROMs that could not be built, with the reason. */
  problems?: string[];
  /** Every cartridge of ours that can be chosen (some may not have been built this time). */
  choices?: { id: string; name: string }[];
}

/** The battle cartridge's loader (rom-core/roms/carts/index.ts): paths relative to that folder. */
export type CartAssembler = (readFile: (path: string) => string) => { image: Uint8Array; lineMap?: SourceEntry[] };

export const TEST_CART_FILE = 'console-test.a48';
export const CART_IDS = ['battle', 'console-test'] as const;

function buildTestCart(source: string): BuiltCart {
  const result = assemble(source, { fileName: TEST_CART_FILE });
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    throw new Error(`the console test cartridge does not assemble:\n${errors.join('\n')}`);
  }
  return {
    id: 'console-test',
    image: result.bytes,
    name: 'console test cartridge (built from source)',
    lineMap: result.lineMap,
    sources: new Map([[TEST_CART_FILE, source]]),
  };
}

/**
 * Builds the ROMs; `romFiles` are rom-core/roms texts by path relative to that folder. A battle
 * cartridge that does not assemble (it may be mid-edit) is left out with the reason, rather than
 * keeping the console from starting.
 */
export function buildBuiltins(
  romFiles: ReadonlyMap<string, string>,
  testCartSource: string,
  battleCart?: CartAssembler,
  /** Build only this cartridge of ours (assembling the battle cartridge takes about half a second). */
  wanted?: string,
): Builtins {
  const read =
    (prefix: string) =>
    (path: string): string => {
      const key = prefix + path.replace(/^\.\//, '');
      const text = romFiles.get(key);
      if (text === undefined) throw new Error(`built-in ROM source ${key} is missing from the bundle`);
      return text;
    };
  const bios = assembleBios(read(''));
  const carts: BuiltCart[] = [];
  const problems: string[] = [];
  const battleName = 'our battle cartridge (built from source)';
  const choices = battleCart ? [{ id: 'battle', name: battleName }] : [];
  choices.push({ id: 'console-test', name: 'console test cartridge (built from source)' });
  if (battleCart && wanted !== 'console-test') {
    try {
      const built = battleCart(read('carts/'));
      const sources = new Map<string, string>();
      for (const [path, text] of romFiles)
        if (path.startsWith('carts/')) sources.set(path.slice('carts/'.length), text);
      carts.push({ id: 'battle', image: built.image, name: battleName, lineMap: built.lineMap ?? [], sources });
    } catch (e) {
      problems.push(
        `our battle cartridge did not build (${e instanceof Error ? e.message : String(e)}); the console test cartridge runs instead`,
      );
    }
  }
  carts.push(buildTestCart(testCartSource));
  return {
    bios: {
      image: bios.image,
      name: 'o2conquest open BIOS (built from source)',
      lineMap: bios.lineMap,
      sources: new Map(romFiles),
    },
    carts,
    problems,
    choices,
  };
}
