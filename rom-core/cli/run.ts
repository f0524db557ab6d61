/**
 * `o2 run`: the headless Odyssey² runner. Runs a cartridge for N frames with an optional input
 * script and writes per-frame state (JSONL), pictures (PNG) and sound (WAV).
 *
 *   o2 run [--cart C.bin] [--bios B.rom] [--charset CS.bin] [--pal|--ntsc] [--mapper standard|rally|ktaa]
 *          [--frames N] [--input SCRIPT] [--state-jsonl OUT.jsonl] [--png OUT.png]
 *          [--png-every K --png-dir DIR] [--wav OUT.wav] [--bot left|right:LEVEL ...] [--seed N]
 *
 * --input lines: `FRAME KEY down|up` (frames count from 1; the event applies before that frame
 * runs; `#` starts a comment). --state-jsonl: one object per frame with exactly the keys frame, pc,
 * a, psw, p1, p2, iram, eram, vdc, taken where MAME calls its frame callback (start of VBLANK).
 * Without --bios the open BIOS source rom-core/roms/bios/bios.a48 is assembled at startup; without
 * --cart, our battle cartridge (rom-core/roms/carts/).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MAPPER_KINDS, Odyssey2, crcHex, encodeWav, keyCodeOf } from '../machine/index.ts';
import { MAILBOX } from '../roms/carts/mailbox.ts';
import type { MapperKind } from '../machine/index.ts';
import { UsageError, parseArgs, reason as why } from './command.ts';
import { clashingOutput, identityOf } from './files.ts';
import type { NamedPath } from './files.ts';
import type { CliIo, Command, ParsedArgs } from './command.ts';
import { encodePng } from './png.ts';
import { Outputs } from './run-files.ts';
import { readInputs, str } from './run-inputs.ts';
import type { RunInputs } from './run-inputs.ts';
import type { RunIo } from './run-files.ts';
import { battleWords, botsOf } from './run-bots.ts';
import type { RunBot } from './run-bots.ts';

export { encodePng } from './png.ts';
export { NODE_RUN_FILES } from './run-files.ts';
export type { FileKind, RunIo } from './run-files.ts';

/** The most frames one run may take: about 46 hours of NTSC play, tens of minutes of work. */
export const MAX_FRAMES = 10_000_000;
/** --wav keeps the run's sound in memory until the end (its header needs the length): 20 minutes. */
export const MAX_WAV_FRAMES = 72_000;
/**
 * --state-jsonl writes about 1,000 bytes a frame; past this many frames (about 1 GB) a run is
 * refused before it starts, so a long run killed midway cannot leave a disk-sized partial file.
 */
export const MAX_JSONL_FRAMES = 1_000_000;

type RunArgs = ParsedArgs;

export type { InputEvent } from '../machine/input-script.ts';
export { DEFAULT_BIOS_SOURCE, defaultBios, defaultCart, parseInputScript } from './run-inputs.ts';

function count(args: RunArgs, name: string, fallback: number | undefined, max = MAX_FRAMES): number | undefined {
  const v = args.options.get(name);
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !/^[0-9]+$/.test(v) || Number(v) < 1) {
    throw new UsageError(`--${name} needs a whole number from 1, got '${String(v)}'`);
  }
  if (Number(v) > max) throw new UsageError(`--${name} is at most ${max}, got ${v}`);
  return Number(v);
}

/** Refuses an output that would overwrite an input or another output (`--png c.bin` onto the cart). */
function checkPaths(args: RunArgs, io: RunIo): void {
  const named = (names: string[]): [string, string][] =>
    names.flatMap((n) => {
      const v = str(args, n);
      return v === undefined ? [] : [[n, v] as [string, string]];
    });
  const inputs = named(['cart', 'bios', 'charset', 'input']);
  const outputs = named(['state-jsonl', 'png', 'wav']);
  for (let i = 0; i < outputs.length; i++) {
    const [out, path] = outputs[i];
    for (const [other, p] of [...inputs, ...outputs.slice(0, i)]) {
      if (identityOf(io, p) === identityOf(io, path)) {
        const role = inputs.some(([n]) => n === other) ? 'an input' : 'another output';
        throw new UsageError(
          `--${out} ${path} is also --${other} (${role}); writing it would destroy that file, so nothing was run`,
        );
      }
    }
  }
}

function checkJsonlFrames(args: RunArgs, frames: number): void {
  if (str(args, 'state-jsonl') !== undefined && frames > MAX_JSONL_FRAMES) {
    throw new UsageError(
      `--state-jsonl writes about 1 KB a frame, so it records at most ${MAX_JSONL_FRAMES} frames (about 1 GB); got --frames ${frames}`,
    );
  }
}

/** The machine for the run, its BIOS and cartridge named on stdout. */
function bootRun(args: RunArgs, inputs: RunInputs): Odyssey2 {
  const { bios, cart, charset, io } = inputs;
  let machine: Odyssey2;
  try {
    if (args.options.has('pal') && args.options.has('ntsc'))
      throw new UsageError('--pal and --ntsc exclude each other');
    // Neither: the known-cartridge table's standard for this image (NTSC for an image it does not list).
    const pal = args.options.has('pal') ? true : args.options.has('ntsc') ? false : undefined;
    const mapper = str(args, 'mapper') as MapperKind | undefined;
    machine = new Odyssey2({ bios, cart, charset, pal, mapper });
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
  const { identity } = machine;
  const ours = (what: string, built: string, crc: number): string => `${what}: ${built} (CRC32 ${crcHex(crc)})`;
  const biosNote =
    str(args, 'bios') === undefined
      ? ours('BIOS', 'our open BIOS, built from rom-core/roms/bios/', identity.bios.crc)
      : identity.bios.note;
  const cartNote =
    str(args, 'cart') === undefined
      ? ours('cartridge', 'our battle cartridge, built from rom-core/roms/carts/', identity.cart.crc)
      : identity.cart.note;
  io.stdout(`${biosNote}\n${cartNote} (${machine.cart.kind} mapper, ${machine.timing.name})\n`);
  if (identity.charset) io.stdout(`${identity.charset.note}\n`);
  return machine;
}

/** The run's outputs, refused before anything runs when one names an input or another output. */
function openOutputs(args: RunArgs, plain: RunIo, read: NamedPath[], frames: number): Outputs {
  if (str(args, 'wav') !== undefined && frames > MAX_WAV_FRAMES) {
    throw new UsageError(
      `--wav records at most ${MAX_WAV_FRAMES} frames (20 minutes of NTSC play); got --frames ${frames}`,
    );
  }
  const pngDir = str(args, 'png-dir');
  if (pngDir !== undefined) {
    try {
      if (plain.mkdir) plain.mkdir(pngDir);
      else mkdirSync(pngDir, { recursive: true });
    } catch (e) {
      throw new UsageError(`cannot create ${pngDir}: ${why(e)}`);
    }
  }
  const outputs: NamedPath[] = (['state-jsonl', 'png', 'wav'] as const).flatMap((n) => {
    const v = str(args, n);
    return v === undefined ? [] : [{ option: `--${n}`, path: v }];
  });
  const clash = clashingOutput(plain, outputs, read, 'nothing was run');
  if (clash) throw new UsageError(clash);
  const readIds = new Set(read.map((r) => identityOf(plain, r.path)));
  return new Outputs(plain, (path) => {
    if (readIds.has(identityOf(plain, path)))
      throw new UsageError(
        `--png-dir picture ${path} is the same file as an input; writing it would destroy that file, so the run was stopped and its outputs removed`,
      );
  });
}

/** The run's sound, in one buffer grown by doubling (no per-frame arrays kept). */
class WavBuffer {
  private samples = new Int16Array(1 << 16);
  private length = 0;

  add(pcm: Int16Array): void {
    if (this.length + pcm.length > this.samples.length) {
      const bigger = new Int16Array(Math.max(this.samples.length * 2, this.length + pcm.length));
      bigger.set(this.samples.subarray(0, this.length));
      this.samples = bigger;
    }
    this.samples.set(pcm, this.length);
    this.length += pcm.length;
  }

  all(): Int16Array {
    return this.samples.subarray(0, this.length);
  }
}

/** Runs the frames: the script's keys and the bots' sticks before each, the outputs after. */
function playFrames(
  args: RunArgs,
  machine: Odyssey2,
  inputs: RunInputs,
  bots: RunBot[],
  out: Outputs,
  frames: number,
): void {
  const { events, io } = inputs;
  const jsonlPath = str(args, 'state-jsonl');
  const wavPath = str(args, 'wav');
  const pngPath = str(args, 'png');
  const pngEvery = count(args, 'png-every', undefined);
  const pngDir = str(args, 'png-dir');
  const { timing } = machine;
  const png = (): Uint8Array => encodePng(machine.frame, timing.visibleWidth, timing.visibleHeight);
  const wav = wavPath !== undefined ? new WavBuffer() : null;
  let next = 0;
  // The script's key names become the codes the machine takes, once (parseInputScript checked them).
  const codes = events.map((e) => keyCodeOf(e.key));
  let phase = machine.eram[MAILBOX.phase];
  for (let f = 1; f <= frames; f++) {
    while (next < events.length && events[next].frame === f) {
      machine.setKeyCode(codes[next], events[next].down);
      next++;
    }
    // A bot's stick replaces the script's for its hand control (from the mailbox the last frame left).
    for (const b of bots) machine.setStick(b.stick, b.step(machine.eram, machine.vdc.regs));
    machine.runFrame();
    if (bots.length) {
      const now = machine.eram[MAILBOX.phase];
      if (now === 3 && phase !== 3) io.stdout(`frame ${f}: ${battleWords(machine.eram)}\n`);
      phase = now;
    }
    if (jsonlPath !== undefined) out.append(jsonlPath, JSON.stringify(machine.record()) + '\n');
    wav?.add(machine.vdc.pcm.samplesInt16());
    if (pngEvery !== undefined && pngDir !== undefined && f % pngEvery === 0) {
      out.direct(join(pngDir, `frame-${String(f).padStart(6, '0')}.png`), png());
    }
  }
  if (next < events.length)
    io.stderr(`note: ${events.length - next} input event(s) after frame ${frames} were not used\n`);
  if (pngPath !== undefined) out.file(pngPath, png());
  if (wavPath !== undefined && wav) out.file(wavPath, encodeWav(wav.all(), machine.vdc.pcm.sampleRate));
}

function run(args: RunArgs, cliIo: CliIo): number {
  const plain = cliIo as RunIo;
  if (args.positional.length) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
  const frames = count(args, 'frames', 60) as number;
  if ((count(args, 'png-every', undefined) === undefined) !== (str(args, 'png-dir') === undefined))
    throw new UsageError('--png-every and --png-dir go together');
  const mapperName = str(args, 'mapper');
  if (mapperName !== undefined && !MAPPER_KINDS.includes(mapperName as MapperKind)) {
    throw new UsageError(`--mapper must be one of ${MAPPER_KINDS.join(', ')}`);
  }
  checkPaths(args, plain);
  checkJsonlFrames(args, frames);
  const bots = botsOf(args);
  const inputs = readInputs(args, cliIo);
  const machine = bootRun(args, inputs);
  const out = openOutputs(args, plain, inputs.read, frames);
  try {
    playFrames(args, machine, inputs, bots, out, frames);
    out.commit();
  } catch (e) {
    out.abort();
    throw e;
  }
  const pc = machine.cpu.pc.toString(16).toUpperCase().padStart(3, '0');
  inputs.io.stdout(`ran ${frames} frame${frames === 1 ? '' : 's'} (${machine.timing.name}); PC ${pc}h\n`);
  return 0;
}

const RUN_HELP = `--input SCRIPT: one event a line, \`FRAME KEY down|up\` (FRAME from 1; the event applies before
  that frame runs; \`#\` starts a comment). KEY is one of:
    0-9 A-Z SPACE ENTER CLEAR PLUS MINUS TIMES DIVIDE EQUALS QUESTION PERIOD RESET
    (Y and N are the YES/NO keys; RESET is the console's RESET key)
    J0_UP J0_DOWN J0_LEFT J0_RIGHT J0_FIRE  the left-hand control (MAME JOY.0)
    J1_UP J1_DOWN J1_LEFT J1_RIGHT J1_FIRE  the right-hand control (MAME JOY.1)
--state-jsonl OUT: one JSON object per frame with exactly the keys frame (from 1), pc, a, psw, p1,
  p2 (numbers), iram (64 bytes, 128 hex chars), eram (128 bytes, 256 hex chars), vdc (256 registers,
  512 hex chars), sampled at the start of each frame's VBLANK. At most 1000000 frames (about 1 GB).
--png OUT: the last frame, one pixel per dot, 360 x 243 (the visible area of MAME's odyssey2 and
  videopac screens, its snapshot geometry).
--png-every K --png-dir DIR: also every K-th frame as DIR/frame-NNNNNN.png.
--wav OUT: the sound of the whole run (16-bit mono, 48 kHz; at most 72000 frames).
--frames N: frames to run (default 60, at most 10000000). --pal: the 8245 (Videopac) timing, --ntsc the 8244's;
neither: what the known-cartridge table says for the image (PAL for a European release), else NTSC.
--bot SIDE:LEVEL: a computer player holds a hand control in battle (our battle cartridge): SIDE left
  (J0, red) or right (J1, blue), LEVEL easy, medium, hard or random (random stick directions); once a
  side. It sees only the mailbox and the screen, and replaces the --input script's stick for its side
  (type the entry with --input). The end of each battle is printed. --seed N: the bots' seed (default 1).
Outputs are written under OUT.o2-partial and renamed when the run has succeeded; a run that fails
leaves none of them, nor does one killed midway (a small watcher process removes the partial JSONL). An output naming an input (or another output, or a link to either) is refused before anything runs,
and so is an input that is not a regular file (/dev/zero) or far larger than any image.
Without --bios, our open BIOS; without --cart, our battle cartridge (both built from source).
`;

export const runCommand: Command = {
  help: RUN_HELP,
  usage:
    'run [--cart C.bin] [--bios B.rom] [--charset CS.bin] [--pal|--ntsc] [--mapper standard|rally|ktaa] [--frames N] [--input SCRIPT] [--state-jsonl OUT.jsonl] [--png OUT.png] [--png-every K --png-dir DIR] [--wav OUT.wav] [--bot left|right:LEVEL] [--seed N]',
  summary: 'run a cartridge (default: our battle cartridge) headless; write per-frame state, pictures and sound',
  valued: [
    'cart',
    'bios',
    'charset',
    'mapper',
    'frames',
    'input',
    'state-jsonl',
    'png',
    'png-every',
    'png-dir',
    'wav',
    'bot',
    'seed',
  ],
  repeatable: ['bot'],
  flags: ['pal', 'ntsc'],
  run,
};

/**
 * `o2 run ...` on its own (tests): parses argv as o2.ts does and reports a user's mistake as
 * `o2 run: ...` with the usage line. `npm run o2 -- run ...` goes through o2.ts's table instead.
 */
export function runMain(argv: string[], io: RunIo): number {
  try {
    return runCommand.run(parseArgs(argv, runCommand), io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`o2 run: ${e.message}\nusage: o2 ${runCommand.usage}\n`);
      return 1;
    }
    throw e;
  }
}
