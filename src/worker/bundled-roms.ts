/** The source texts of our own ROMs as Vite bundles them (worker side). */
import testCartSource from './carts/console-test.a48?raw';
import { buildBuiltins } from './builtin-roms.ts';
import type { Builtins, CartAssembler } from './builtin-roms.ts';

const ROM_TEXTS = import.meta.glob('../../rom-core/roms/**/*.{a48,inc,h}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
// Eager, so the worker is one file (the offline cache knows it; a lazy chunk fetched by the worker
// would not be listed in the page's resource timing). Empty until the battle cartridge's loader exists.
const CART_MODULES = import.meta.glob('../../rom-core/roms/carts/index.ts', { eager: true }) as Record<
  string,
  { assembleBattleCart?: CartAssembler }
>;
const PREFIX = '../../rom-core/roms/';

const cached = new Map<string, Builtins>();

export function bundledBuiltins(wanted?: string): Builtins {
  const hit = cached.get(wanted ?? '');
  if (hit) return hit;
  const files = new Map<string, string>();
  for (const [path, text] of Object.entries(ROM_TEXTS)) files.set(path.slice(PREFIX.length), text);
  const battle = CART_MODULES['../../rom-core/roms/carts/index.ts']?.assembleBattleCart;
  const built = buildBuiltins(files, testCartSource, battle, wanted);
  cached.set(wanted ?? '', built);
  return built;
}
