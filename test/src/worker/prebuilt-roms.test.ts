/**
 * The ROMs the build prebuilds (src/worker/prebuilt-roms.ts) are the ones the worker assembled at start before:
 * the same bytes, line maps, sources, choices and problems, for every `wanted`.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { assembleBattleCart } from '../../../rom-core/roms/index.ts';
import { buildBuiltins } from '../../../src/worker/builtin-roms.ts';
import { fromPrebuilt, toPrebuilt } from '../../../src/worker/prebuilt-roms.ts';
import { nodeBuiltins } from './builtins.ts';

describe('prebuilt ROMs', () => {
  const files = new Map(nodeBuiltins().bios.sources);
  const testCart = readFileSync(new URL('../../../src/worker/carts/console-test.a48', import.meta.url), 'utf8');
  // Through JSON, as the plugin writes the module's text.
  const prebuilt = JSON.parse(
    JSON.stringify(toPrebuilt(() => buildBuiltins(files, testCart, assembleBattleCart))),
  ) as ReturnType<typeof toPrebuilt>;

  for (const wanted of [undefined, 'battle', 'console-test']) {
    it(`equal the assembled ones (wanted: ${wanted ?? 'all'})`, () => {
      expect(fromPrebuilt(prebuilt, files, testCart, wanted)).toEqual(
        buildBuiltins(files, testCart, assembleBattleCart, wanted),
      );
    });
  }

  it('carry a BIOS that does not assemble to the boot, as its error', () => {
    const broken = new Map(files);
    broken.set('bios/bios.a48', 'nonsense here\n');
    const failed = toPrebuilt(() => buildBuiltins(broken, testCart, assembleBattleCart));
    expect(() => fromPrebuilt(failed, broken, testCart)).toThrow(/BIOS source does not assemble/);
  });
});
