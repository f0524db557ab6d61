/**
 * Our ROMs in the worker: the bytes and line maps the build assembled (prebuilt-roms-plugin.ts, through the
 * virtual module), with the source texts Vite inlines into the worker bundle for the debugger. Nothing is
 * fetched and nothing is assembled at start.
 */
import prebuilt from 'virtual:o2-prebuilt-roms';
import type { Builtins } from './builtin-roms.ts';
import { fromPrebuilt } from './prebuilt-roms.ts';
import testCartSource from './carts/console-test.a48?raw';

// Eager, so the worker is one file (the offline cache knows it; a lazy chunk fetched by the worker
// would not be listed in the page's resource timing).
const ROM_TEXTS = import.meta.glob('../../rom-core/roms/**/*.{a48,inc,h}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const PREFIX = '../../rom-core/roms/';

const cached = new Map<string, Builtins>();

/** Our ROMs from the bundle, made once for each `wanted` (all, or one cartridge). */
export function bundledBuiltins(wanted?: string): Builtins {
  const hit = cached.get(wanted ?? '');
  if (hit) return hit;
  const files = new Map<string, string>();
  for (const [path, text] of Object.entries(ROM_TEXTS)) files.set(path.slice(PREFIX.length), text);
  const built = fromPrebuilt(prebuilt, files, testCartSource, wanted);
  cached.set(wanted ?? '', built);
  return built;
}
