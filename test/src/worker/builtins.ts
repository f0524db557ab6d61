import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildBuiltins } from '../../../src/worker/builtin-roms.ts';
import type { Builtins } from '../../../src/worker/builtin-roms.ts';

const ROMS = new URL('../../../rom-core/roms/', import.meta.url).pathname;

/** The built-in ROMs as the worker builds them, from the same sources read from disk. */
export function nodeBuiltins(): Builtins {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(a48|inc|h)$/.test(name)) files.set(relative(ROMS, path), readFileSync(path, 'utf8'));
    }
  };
  walk(ROMS);
  const cart = readFileSync(new URL('../../../src/worker/carts/console-test.a48', import.meta.url), 'utf8');
  return buildBuiltins(files, cart);
}
