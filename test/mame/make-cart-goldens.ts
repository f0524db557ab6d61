/**
 * Regenerates the MAME goldens of our battle cartridge (rom-core/roms/carts): each scenario of
 * test/rom-core/roms/carts/scenarios.ts runs in MAME 0.251 (`odyssey2`, -cart, the 8 KB image)
 * with our open BIOS as o2bios.rom and our character set as charset_i8244.bin, driven by
 * test/mame/machine-oracle.lua. Writes test/golden/carts/<name>.jsonl (per-frame state, as
 * `o2 run --state-jsonl`) and <name>.f<N>.png for each frame in the scenario's `shots`.
 * Needs /usr/games/mame; the test suite only reads the goldens.
 *
 *   npx tsx test/mame/make-cart-goldens.ts [name ...]      (default: every scenario)
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { encodePng } from '../../rom-core/cli/run.ts';
import { defaultCharset } from '../../rom-core/i8244/charset.ts';
import { CART_GOLDEN_DIR, SCENARIOS, battleCart, openBios } from '../rom-core/roms/carts/scenarios.ts';
import { MAME, indicesOf, mameInput, runMame } from './mame-io.ts';

const LUA = resolve(import.meta.dirname, 'machine-oracle.lua');

function fail(message: string): never {
  console.error(`make-cart-goldens: ${message}`);
  process.exit(2);
}

const names = process.argv.slice(2);
for (const n of names)
  if (!SCENARIOS.some((s) => s.name === n))
    fail(`no scenario named ${n} (have: ${SCENARIOS.map((s) => s.name).join(', ')})`);
if (!existsSync(MAME)) fail(`MAME not found at ${MAME} (set MAME=/path/to/mame)`);

const work = mkdtempSync(join(tmpdir(), 'o2-cart-goldens-'));
const romDir = join(work, 'rom', 'odyssey2');
mkdirSync(romDir, { recursive: true });
writeFileSync(join(romDir, 'o2bios.rom'), openBios());
writeFileSync(join(romDir, 'charset_i8244.bin'), defaultCharset());
const cartPath = join(work, 'battle.bin');
writeFileSync(cartPath, battleCart());

let failures = 0;
for (const s of SCENARIOS.filter((x) => names.length === 0 || names.includes(x.name))) {
  const outPath = join(work, `${s.name}.jsonl`);
  const screenPath = join(work, `${s.name}.argb`);
  const marker = join(work, `${s.name}.done`);
  const inputPath = join(work, `${s.name}.input`);
  writeFileSync(inputPath, mameInput(s.input));
  const failed = runMame({
    system: 'odyssey2',
    rompath: join(work, 'rom'),
    cart: cartPath,
    script: LUA,
    marker,
    env: {
      O2M_OUT: outPath,
      O2M_SCREEN: screenPath,
      O2M_MARKER: marker,
      O2M_FRAMES: String(s.frames),
      O2M_INPUT: inputPath,
      O2M_SHOTS: s.shots.join(','),
    },
    seconds: Math.ceil(s.frames / 59) + 5,
    work,
    timeoutMs: 180_000,
  });
  if (failed) {
    console.error(`${s.name}: ${failed}`);
    failures++;
    continue;
  }
  try {
    const pictures = s.shots.map((f) => indicesOf(s.name, readFileSync(`${screenPath}.${f}.argb`)));
    mkdirSync(CART_GOLDEN_DIR, { recursive: true });
    writeFileSync(join(CART_GOLDEN_DIR, `${s.name}.jsonl`), readFileSync(outPath, 'utf8'));
    s.shots.forEach((f, i) =>
      writeFileSync(join(CART_GOLDEN_DIR, `${s.name}.f${f}.png`), encodePng(pictures[i], 360, 243)),
    );
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    failures++;
    continue;
  }
  console.log(`${s.name}: ${s.frames} frames, ${s.shots.length} picture(s) -> test/golden/carts/`);
}
rmSync(work, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
