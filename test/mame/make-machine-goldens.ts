/**
 * Regenerates test/golden/machine/<cart>.jsonl and <cart>.png by running the machine test cartridges
 * of test/programs/machine/ in MAME 0.251 (`odyssey2`, -cart) with the test BIOS and a blank character
 * set, recording per frame what `o2 run --state-jsonl` writes (test/mame/machine-oracle.lua) and the
 * last frame's picture; `pal` goldens run MAME's `videopac` (8245) instead. Needs /usr/games/mame;
 * the test suite only reads the goldens.
 *
 *   npx tsx test/mame/make-machine-goldens.ts [name ...]      (default: every entry of GOLDENS)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { encodePng, parseInputScript } from '../../rom-core/cli/run.ts';
import { PALETTE_RF } from '../../rom-core/i8244/palette.ts';
import { keyTarget } from '../../rom-core/machine/index.ts';
import { GOLDENS, MACHINE_GOLDEN_DIR } from '../rom-core/machine/goldens.ts';
import { testBios, testCart } from '../rom-core/machine/helpers.ts';

const MAME = process.env.MAME ?? '/usr/games/mame';
const LUA = resolve(import.meta.dirname, 'machine-oracle.lua');

function fail(message: string): never {
  console.error(`make-machine-goldens: ${message}`);
  process.exit(2);
}

const names = process.argv.slice(2);
for (const n of names) if (!GOLDENS.some((g) => g.name === n)) fail(`no golden named ${n} (have: ${GOLDENS.map((g) => g.name).join(', ')})`);
if (!existsSync(MAME)) fail(`MAME not found at ${MAME} (set MAME=/path/to/mame)`);

/** Our input script (key names) as MAME port/mask events. */
function mameInput(script: string): string {
  return parseInputScript(script).map((e) => {
    const t = keyTarget(e.key);
    if (t === undefined || t.kind === 'reset') throw new Error(`cannot send ${e.key} to MAME`);
    const port = t.kind === 'key' ? `KEY.${t.row}` : `JOY.${t.stick}`;
    return `${e.frame} ${port} ${t.bit} ${e.down ? 1 : 0}\n`;
  }).join('');
}

const work = mkdtempSync(join(tmpdir(), 'o2-machine-goldens-'));
for (const system of ['odyssey2', 'videopac']) {
  const romDir = join(work, 'rom', system);
  mkdirSync(romDir, { recursive: true });
  writeFileSync(join(romDir, 'o2bios.rom'), testBios());
  writeFileSync(join(romDir, 'charset_i8244.bin'), new Uint8Array(512));
}
mkdirSync(MACHINE_GOLDEN_DIR, { recursive: true });

const lut = new Map<number, number>(PALETTE_RF.map((c, i) => [c, i]));
let failures = 0;
for (const g of GOLDENS.filter((x) => names.length === 0 || names.includes(x.name))) {
  const cartPath = join(work, `${g.name}.bin`);
  const outPath = join(work, `${g.name}.jsonl`);
  const screenPath = join(work, `${g.name}.argb`);
  const marker = join(work, `${g.name}.done`);
  const inputPath = join(work, `${g.name}.input`);
  writeFileSync(cartPath, testCart(g.cart));
  writeFileSync(inputPath, mameInput(g.input));
  const run = spawnSync(MAME, [
    g.pal ? 'videopac' : 'odyssey2', '-noreadconfig', '-rompath', join(work, 'rom'), '-cart', cartPath,
    '-video', 'none', '-sound', 'none', '-nothrottle', '-skip_gameinfo',
    '-seconds_to_run', String(Math.ceil(g.frames / 49.7) + 5),
    '-cfg_directory', join(work, 'cfg'), '-nvram_directory', join(work, 'nvram'),
    '-autoboot_script', LUA,
  ], {
    env: { ...process.env, O2M_OUT: outPath, O2M_SCREEN: screenPath, O2M_MARKER: marker, O2M_FRAMES: String(g.frames), O2M_INPUT: inputPath },
    encoding: 'utf8', timeout: 120_000,
  });
  if (!existsSync(marker) || (run.status !== 0 && run.status !== 139 && run.signal !== 'SIGSEGV')) {
    console.error(`${g.name}: MAME did not finish (status ${run.status}, signal ${run.signal})\n${run.stderr}`);
    failures++;
    continue;
  }
  const raw = readFileSync(screenPath);
  const w = 360;
  const h = 243;
  if (raw.length !== w * h * 4) {
    console.error(`${g.name}: MAME's screen is ${raw.length} bytes, expected ${w}x${h}x4`);
    failures++;
    continue;
  }
  const indices = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const rgb = raw.readUInt32LE(4 * i) & 0xffffff;
    const index = lut.get(rgb);
    if (index === undefined) throw new Error(`${g.name}: pixel ${i} colour ${rgb.toString(16)} is not in the palette`);
    indices[i] = index;
  }
  writeFileSync(join(MACHINE_GOLDEN_DIR, `${g.name}.jsonl`), readFileSync(outPath, 'utf8'));
  writeFileSync(join(MACHINE_GOLDEN_DIR, `${g.name}.png`), encodePng(indices, w, h));
  console.log(`${g.name}: ${g.frames} frames -> test/golden/machine/${g.name}.jsonl, .png`);
}
rmSync(work, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
