/**
 * Vite plugin (Node side): assembles our ROMs once when the worker bundle is built, from the same texts the
 * worker carries, and serves them as the module 'virtual:o2-prebuilt-roms' (bundled-roms.ts imports it).
 * Under `npm start` an edited ROM source rebuilds the module (its files are watched).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { assembleBattleCart } from '../../rom-core/roms/index.ts';
import { buildBuiltins } from './builtin-roms.ts';
import { toPrebuilt } from './prebuilt-roms.ts';

const ID = 'virtual:o2-prebuilt-roms';
const RESOLVED = `\0${ID}`;
const ROMS = fileURLToPath(new URL('../../rom-core/roms/', import.meta.url));
const TEST_CART = fileURLToPath(new URL('./carts/console-test.a48', import.meta.url));

/** rom-core/roms' .a48, .inc and .h texts by path relative to that folder (as the worker's glob names them). */
function romTexts(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(a48|inc|h)$/.test(name))
        files.set(relative(ROMS, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(ROMS);
  return files;
}

export function prebuiltRoms(): Plugin {
  return {
    name: 'o2conquest-prebuilt-roms',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const files = romTexts();
      for (const path of files.keys()) this.addWatchFile(join(ROMS, path));
      this.addWatchFile(TEST_CART);
      const prebuilt = toPrebuilt(() => buildBuiltins(files, readFileSync(TEST_CART, 'utf8'), assembleBattleCart));
      // JSON.parse of a string: V8 reads that faster than the same object written as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(prebuilt))});`;
    },
  };
}
