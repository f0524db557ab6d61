/**
 * Our own ROMs, assembled from source inside the worker: the open BIOS (rom-core/roms/bios) and, until
 * the battle cartridge lands in rom-core/roms/carts, the console's test cartridge. Nothing is fetched:
 * Vite inlines the source texts into the worker bundle.
 */
import { assemble, formatDiagnostic } from '../../rom-core/asm/index.ts';
import type { LineMapEntry } from '../../rom-core/asm/index.ts';
import { assembleBios } from '../../rom-core/roms/index.ts';

export interface BuiltRom {
  image: Uint8Array;
  name: string;
  lineMap: LineMapEntry[];
  /** Source texts by the file names the line map uses. */
  sources: Map<string, string>;
}

export interface Builtins {
  bios: BuiltRom;
  cart: BuiltRom;
}

/** A cartridge loader a later module may export (`assembleBattleCart(readFile)`). */
type CartAssembler = (readFile: (path: string) => string) => { image: Uint8Array; lineMap?: LineMapEntry[] };

export const TEST_CART_FILE = 'console-test.a48';

/** Builds both ROMs; `romFiles` are rom-core/roms texts by path relative to that folder. */
export function buildBuiltins(
  romFiles: ReadonlyMap<string, string>,
  testCartSource: string,
  battleCart?: CartAssembler,
): Builtins {
  const read = (path: string): string => {
    const text = romFiles.get(path.replace(/^\.\//, ''));
    if (text === undefined) throw new Error(`built-in ROM source ${path} is missing from the bundle`);
    return text;
  };
  const bios = assembleBios(read);
  const romSources = new Map(romFiles);
  let cart: BuiltRom;
  if (battleCart) {
    const built = battleCart(read);
    cart = { image: built.image, name: 'our battle cartridge (built from source)', lineMap: built.lineMap ?? [], sources: romSources };
  } else {
    const result = assemble(testCartSource, { fileName: TEST_CART_FILE });
    if (!result.ok) {
      const errors = result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
      throw new Error(`the console test cartridge does not assemble:\n${errors.join('\n')}`);
    }
    cart = {
      image: result.bytes,
      name: 'console test cartridge (built from source)',
      lineMap: result.lineMap,
      sources: new Map([[TEST_CART_FILE, testCartSource]]),
    };
  }
  return {
    bios: { image: bios.image, name: 'o2conquest open BIOS (built from source)', lineMap: bios.lineMap, sources: romSources },
    cart,
  };
}
