/** The source texts of our own ROMs as Vite bundles them (worker side). */
import testCartSource from '../console/carts/console-test.a48?raw';
import { buildBuiltins } from './builtin-roms.ts';
import type { Builtins } from './builtin-roms.ts';

const ROM_TEXTS = import.meta.glob('../../rom-core/roms/**/*.{a48,inc,h}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const CART_MODULES = import.meta.glob('../../rom-core/roms/carts/index.ts');
const PREFIX = '../../rom-core/roms/';

let cached: Builtins | undefined;

export async function bundledBuiltins(): Promise<Builtins> {
  if (cached) return cached;
  const files = new Map<string, string>();
  for (const [path, text] of Object.entries(ROM_TEXTS)) files.set(path.slice(PREFIX.length), text);
  let battle: Parameters<typeof buildBuiltins>[2];
  const load = CART_MODULES['../../rom-core/roms/carts/index.ts'];
  if (load) {
    const mod = (await load()) as { assembleBattleCart?: Parameters<typeof buildBuiltins>[2] };
    battle = mod.assembleBattleCart;
  }
  cached = buildBuiltins(files, testCartSource, battle);
  return cached;
}
