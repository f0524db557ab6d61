/**
 * Regenerates the MAME goldens of the machine and VDC test cartridges by running them in MAME 0.251
 * (`odyssey2`, -cart; `pal` entries run `videopac`, the 8245) with the machine-test BIOS, recording
 * per frame what `o2 run --state-jsonl` writes (test/mame/machine-oracle.lua) and pictures:
 * - GOLDENS (test/programs/machine/): blank character set; test/golden/machine/<name>.jsonl and
 *   <name>.png (the last frame).
 * - VDC_GOLDENS (test/programs/vdc/): this project's character set (rom-core/i8244/charset.ts, given
 *   to MAME as charset_i8244.bin); test/golden/vdc/<name>.jsonl, <name>.f<N>.png for each frame in
 *   `shots`, and for `wav` entries <name>.sound.json, the per-frame summary of MAME's -wavwrite output
 *   (test/rom-core/i8244/sound-summary.ts).
 * Needs /usr/games/mame; the test suite only reads the goldens.
 *
 *   npx tsx test/mame/make-machine-goldens.ts [name ...]      (default: every entry of both lists)
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { encodePng } from '../../rom-core/cli/run.ts';
import { defaultCharset } from '../../rom-core/i8244/charset.ts';
import { NTSC, PAL } from '../../rom-core/i8244/timing.ts';
import { GOLDENS, MACHINE_GOLDEN_DIR } from '../rom-core/machine/goldens.ts';
import { bankedCart, testBios, testCart } from '../rom-core/machine/helpers.ts';
import { readWav, soundSummary } from '../rom-core/i8244/sound-summary.ts';
import { VDC_GOLDENS, VDC_GOLDEN_DIR, vdcCart } from '../rom-core/i8244/vdc-goldens.ts';
import { MAME, indicesOf, mameInput, runMame } from './mame-io.ts';

/** MAME's WAV value for "enabled, bit 1, volume 16/16" (i8244 sample_on 0.5 x odyssey2.cpp route 0.25). */
const MAME_FULL_SCALE = 0.5 * 0.25;
const LUA = resolve(import.meta.dirname, 'machine-oracle.lua');

function fail(message: string): never {
  console.error(`make-machine-goldens: ${message}`);
  process.exit(2);
}

interface Job {
  name: string;
  cart: () => Uint8Array;
  frames: number;
  input: string;
  pal: boolean;
  /** Frames whose picture is written (machine goldens: the last one, as <name>.png). */
  shots: readonly number[];
  wav: boolean;
  charset: 'blank' | 'own';
  dir: string;
}

const jobs: Job[] = [
  ...GOLDENS.map((g): Job => ({
    name: g.name,
    cart: () => (g.size === undefined ? testCart(g.cart) : bankedCart(g.cart, g.size)),
    frames: g.frames,
    input: g.input,
    pal: g.pal === true,
    shots: [g.frames],
    wav: false,
    charset: 'blank',
    dir: MACHINE_GOLDEN_DIR,
  })),
  ...VDC_GOLDENS.map((g): Job => ({
    name: g.name,
    cart: () => vdcCart(g.cart),
    frames: g.frames,
    input: '',
    pal: g.pal === true,
    shots: g.shots,
    wav: g.wav === true,
    charset: 'own',
    dir: VDC_GOLDEN_DIR,
  })),
];
const names = process.argv.slice(2);
for (const n of names)
  if (!jobs.some((g) => g.name === n)) fail(`no golden named ${n} (have: ${jobs.map((g) => g.name).join(', ')})`);
if (!existsSync(MAME)) fail(`MAME not found at ${MAME} (set MAME=/path/to/mame)`);

const work = mkdtempSync(join(tmpdir(), 'o2-machine-goldens-'));
for (const charset of ['blank', 'own'] as const) {
  for (const system of ['odyssey2', 'videopac']) {
    const romDir = join(work, `rom-${charset}`, system);
    mkdirSync(romDir, { recursive: true });
    writeFileSync(join(romDir, 'o2bios.rom'), testBios());
    writeFileSync(join(romDir, 'charset_i8244.bin'), charset === 'blank' ? new Uint8Array(512) : defaultCharset());
  }
}

let failures = 0;
for (const g of jobs.filter((x) => names.length === 0 || names.includes(x.name))) {
  const cartPath = join(work, `${g.name}.bin`);
  const outPath = join(work, `${g.name}.jsonl`);
  const screenPath = join(work, `${g.name}.argb`);
  const marker = join(work, `${g.name}.done`);
  const inputPath = join(work, `${g.name}.input`);
  const wavPath = join(work, `${g.name}.wav`);
  writeFileSync(cartPath, g.cart());
  writeFileSync(inputPath, mameInput(g.input));
  const failed = runMame({
    system: g.pal ? 'videopac' : 'odyssey2',
    rompath: join(work, `rom-${g.charset}`),
    cart: cartPath,
    script: LUA,
    marker,
    env: {
      O2M_OUT: outPath,
      O2M_SCREEN: screenPath,
      O2M_MARKER: marker,
      O2M_FRAMES: String(g.frames),
      O2M_INPUT: inputPath,
      O2M_SHOTS: g.shots.join(','),
      // MAME writes its WAV in pieces: run on so the last frames reach the file
      O2M_RUN_FRAMES: String(g.wav ? g.frames + 20 : g.frames),
    },
    seconds: Math.ceil((g.frames + 20) / 49.7) + 5,
    work,
    extra: g.wav ? ['-wavwrite', wavPath] : [],
  });
  if (failed) {
    console.error(`${g.name}: ${failed}`);
    failures++;
    continue;
  }
  mkdirSync(g.dir, { recursive: true });
  const shown = relative(process.cwd(), g.dir);
  try {
    const pictures = g.shots.map((f) => indicesOf(g.name, readFileSync(`${screenPath}.${f}.argb`)));
    writeFileSync(join(g.dir, `${g.name}.jsonl`), readFileSync(outPath, 'utf8'));
    g.shots.forEach((f, i) => {
      const file = g.charset === 'blank' ? `${g.name}.png` : `${g.name}.f${f}.png`;
      writeFileSync(join(g.dir, file), encodePng(pictures[i], 360, 243));
    });
    if (g.wav) {
      const wav = readWav(readFileSync(wavPath));
      // MAME's level: 0.5 (sample_on) x the driver's route gain 0.25 x the PWM duty; scale to duty
      const summary = soundSummary(
        wav.samples.map((x) => x / MAME_FULL_SCALE),
        wav.rate,
        g.pal ? PAL : NTSC,
        g.frames,
      );
      writeFileSync(join(g.dir, `${g.name}.sound.json`), `${JSON.stringify(summary, null, 1)}\n`);
    }
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    failures++;
    continue;
  }
  console.log(
    `${g.name}: ${g.frames} frames -> ${shown}/${g.name}.jsonl, ${g.shots.length} picture(s)${g.wav ? ', sound summary' : ''}`,
  );
}
rmSync(work, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
