/**
 * Regenerates test/golden/cpu/<program>.jsonl by running each program of test/programs/ in
 * MAME 0.251 (`odyssey2` driver) with our oracle BIOS, recording the CPU once per frame
 * (test/mame/oracle.lua). Needs /usr/games/mame; CI never runs this, it only reads the goldens.
 *
 *   npx tsx test/mame/make-goldens.ts [--frames N] [name ...]     (default: every program)
 *
 * Frames: --frames N, else the program's `; mame-frames: N` line, else 30.
 *
 * A golden is written only when MAME's run ends at the program's `pass` label: a program that
 * fails under the oracle has a wrong expectation, and must be fixed before it can judge our CPU.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GOLDEN_DIR, PROGRAMS_DIR, loadProgram, oracleBios, symbol } from '../harness/program.ts';
import { parseGolden } from '../harness/golden.ts';
import { MAME, runMame } from './mame-io.ts';

const LUA = resolve(import.meta.dirname, 'oracle.lua');

function usage(message: string): never {
  console.error(`make-goldens: ${message}\nusage: npx tsx test/mame/make-goldens.ts [--frames N] [name ...]`);
  process.exit(2);
}

const args = process.argv.slice(2);
let framesOption: number | undefined;
const names: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--frames') {
    framesOption = Number(args[++i]);
    if (!Number.isInteger(framesOption) || framesOption < 1 || framesOption > 600)
      usage('--frames needs a whole number from 1 to 600');
  } else if (args[i].startsWith('-')) usage(`unknown option ${args[i]}`);
  else names.push(args[i].replace(/\.a48$/, ''));
}
const all = readdirSync(PROGRAMS_DIR)
  .filter((f) => f.endsWith('.a48'))
  .map((f) => f.slice(0, -4))
  .sort();
for (const n of names) if (!all.includes(n)) usage(`no program test/programs/${n}.a48 (have: ${all.join(', ')})`);
if (!existsSync(MAME)) usage(`MAME not found at ${MAME} (set MAME=/path/to/mame)`);

let bios: Uint8Array;
try {
  bios = oracleBios();
} catch (e) {
  usage((e as Error).message);
}
const work = mkdtempSync(join(tmpdir(), 'o2-goldens-'));
const romDir = join(work, 'rom', 'odyssey2');
mkdirSync(romDir, { recursive: true });
writeFileSync(join(romDir, 'o2bios.rom'), bios);
// Our own blank character set: the CPU programs never display anything.
writeFileSync(join(romDir, 'charset_i8244.bin'), new Uint8Array(512));
mkdirSync(GOLDEN_DIR, { recursive: true });

let failures = 0;
for (const name of names.length ? names : all) {
  let program;
  try {
    program = loadProgram(name);
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}`);
    failures++;
    continue;
  }
  const cartPath = join(work, `${name}.bin`);
  const outPath = join(work, `${name}.jsonl`);
  const marker = join(work, `${name}.done`);
  writeFileSync(cartPath, program.cart);
  // A program may ask for more than the default 30 frames with a `; mame-frames: N` line.
  const asked = /^;\s*mame-frames:\s*(\d+)/m.exec(readFileSync(join(PROGRAMS_DIR, `${name}.a48`), 'utf8'));
  const frames = framesOption ?? (asked ? Number(asked[1]) : 30);
  rmSync(marker, { force: true });
  const seconds = Math.ceil(frames / 59.8) + 5;
  const failed = runMame({
    system: 'odyssey2',
    rompath: join(work, 'rom'),
    cart: cartPath,
    script: LUA,
    marker,
    env: { O2_ORACLE_OUT: outPath, O2_ORACLE_MARKER: marker, O2_ORACLE_FRAMES: String(frames) },
    seconds,
    work,
  });
  if (failed) {
    console.error(`${name}: ${failed}`);
    failures++;
    continue;
  }
  const text = readFileSync(outPath, 'utf8');
  const golden = parseGolden(text, `${name} (MAME output)`);
  const last = golden[golden.length - 1];
  const pass = symbol(program.result, 'pass');
  if (last.pc !== pass) {
    const fail = symbol(program.result, 'fail');
    const where =
      last.pc === fail ? `at fail; check called from ${stackTop(last).toString(16)}h` : `at ${last.pc.toString(16)}h`;
    console.error(
      `${name}: under MAME the program ends ${where}, not at pass (${pass?.toString(16)}h); golden not written`,
    );
    failures++;
    continue;
  }
  writeFileSync(join(GOLDEN_DIR, `${name}.jsonl`), text);
  const passFrame = golden.findIndex((f) => f.pc === pass);
  console.log(
    `${name}: ${golden.length} frames, at pass from frame ${passFrame}, ${last.cycles} cycles -> test/golden/cpu/${name}.jsonl`,
  );
}
rmSync(work, { recursive: true, force: true });
process.exit(failures ? 1 : 0);

/** The return address in the stack slot below SP: where the failing `call check` was. */
function stackTop(frame: { psw: number; ram: Uint8Array }): number {
  const slot = ((frame.psw & 7) + 7) & 7;
  return (frame.ram[8 + 2 * slot] | ((frame.ram[9 + 2 * slot] & 0x0f) << 8)) - 2;
}
