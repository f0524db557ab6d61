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
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PALETTE_RF } from '../i8244/palette.ts';
import { MAPPER_KINDS, Odyssey2, crc32, crcHex, encodeWav, largestRom } from '../machine/index.ts';
import { InputScriptError, parseInputScript as parseScript } from '../machine/input-script.ts';
import type { InputEvent } from '../machine/input-script.ts';
import { BIOS_SOURCE, assembleBios } from '../roms/index.ts';
import { assembleBattleCart } from '../roms/carts/index.ts';
import { MAILBOX } from '../roms/carts/mailbox.ts';
import { BattleBot, RandomStick, parseBotSpec } from '../bot/index.ts';
import type { MapperKind } from '../machine/index.ts';
import { assembledOnce } from './assembled-once.ts';
import { UsageError, parseArgs, reason as why } from './command.ts';
import { clashingOutput, guardPartial, identityOf, partialName } from './files.ts';
import type { NamedPath } from './files.ts';
import type { CliIo, Command, ParsedArgs } from './command.ts';

/** A path as stat sees it: a regular file's size, something else, or nothing there. */
export type FileKind = { size: number } | 'not a file' | undefined;

/**
 * The CLI's io plus what `run` needs to check inputs before reading them and to write outputs
 * safely (streamed, staged under a temporary name and renamed only when the run succeeds). An io
 * without them (tests' in-memory disks) gets each output written whole at the end instead.
 */
export type RunIo = CliIo & {
  mkdir?: (path: string) => void;
  stat?: (path: string) => FileKind;
  appendFile?: (path: string, data: string) => void;
  rename?: (from: string, to: string) => void;
  remove?: (path: string) => void;
  /** Has a streamed temporary file removed should the process be killed; returns its release. */
  guardPartial?: (path: string) => () => void;
};

/** The real disk's versions of RunIo's extras (o2.ts gives them to every command). */
export const NODE_RUN_FILES: Required<
  Pick<RunIo, 'mkdir' | 'stat' | 'appendFile' | 'rename' | 'remove' | 'guardPartial'>
> = {
  mkdir: (path) => {
    mkdirSync(path, { recursive: true });
  },
  stat: (path) => {
    try {
      const s = statSync(path);
      return s.isFile() ? { size: s.size } : 'not a file';
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return undefined;
      throw e;
    }
  },
  appendFile: (path, data) => appendFileSync(path, data),
  rename: (from, to) => renameSync(from, to),
  remove: (path) => rmSync(path, { force: true }),
  guardPartial,
};

/** The most frames one run may take: about 46 hours of NTSC play, tens of minutes of work. */
export const MAX_FRAMES = 10_000_000;
/** --wav keeps the run's sound in memory until the end (its header needs the length): 20 minutes. */
export const MAX_WAV_FRAMES = 72_000;
/** No image file of any kind is read past this size. */
const MAX_IMAGE_BYTES = 1 << 16;
/** An input script larger than this is not a script. */
const MAX_SCRIPT_BYTES = 16 << 20;
/**
 * --state-jsonl writes about 1,000 bytes a frame; past this many frames (about 1 GB) a run is
 * refused before it starts, so a long run killed midway cannot leave a disk-sized partial file.
 */
export const MAX_JSONL_FRAMES = 1_000_000;
/** JSONL is written in chunks of about this many characters (memory stays flat over any run). */
const JSONL_CHUNK = 1 << 18;

type RunArgs = ParsedArgs;

const here = dirname(fileURLToPath(import.meta.url));
const ROMS_DIR = resolve(here, '../roms');
export const DEFAULT_BIOS_SOURCE = resolve(ROMS_DIR, BIOS_SOURCE);
const CARTS_DIR = resolve(ROMS_DIR, 'carts');

export type { InputEvent } from '../machine/input-script.ts';

/** Parses an --input script (rom-core/machine/input-script.ts); a bad line is a usage error naming it. */
export function parseInputScript(text: string, name = 'input script'): InputEvent[] {
  try {
    return parseScript(text, name);
  } catch (e) {
    if (e instanceof InputScriptError) throw new UsageError(e.message);
    throw e;
  }
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An 8-bit RGB PNG of a colour-index frame, one pixel per dot. */
export function encodePng(
  frame: Uint8Array,
  width: number,
  height: number,
  palette: readonly number[] = PALETTE_RF,
): Uint8Array {
  const raw = new Uint8Array(height * (1 + width * 3));
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const c = palette[frame[y * width + x] & 15];
      raw[o++] = (c >> 16) & 0xff;
      raw[o++] = (c >> 8) & 0xff;
      raw[o++] = c & 0xff;
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    // zlib is loaded at the first picture, not at every start (~6 ms).
    chunk('IDAT', new Uint8Array(process.getBuiltinModule('node:zlib').deflateSync(raw))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Reads an input, refusing first (from its size, without reading) a device, pipe or directory and
 * a file larger than any image of its kind: `--cart /dev/zero` would otherwise read for ever.
 */
function readBinary(io: RunIo, path: string, what: string, limit: number, sizes: string): Uint8Array {
  const tooBig = (size: number): UsageError => new UsageError(`${what} ${path} is ${size} bytes, too large: ${sizes}`);
  let kind: FileKind;
  try {
    kind = io.stat?.(path);
  } catch (e) {
    throw new UsageError(`cannot read ${what} ${path}: ${why(e)}`);
  }
  if (kind === 'not a file')
    throw new UsageError(`${what} ${path} is not a regular file (a device, a pipe or a directory); give an image file`);
  if (kind !== undefined && kind.size > limit) throw tooBig(kind.size);
  let data: Uint8Array;
  try {
    data = io.readFile(path);
  } catch (e) {
    throw new UsageError(`cannot read ${what} ${path}: ${why(e)}`);
  }
  if (data.length > limit) throw tooBig(data.length);
  return data;
}

interface Stream {
  path: string;
  temp: string | undefined;
  /** Text not yet appended (at most a chunk). */
  pending: string;
  /** Chunks kept in memory when the io cannot append. */
  kept: string[];
  /** Stops the guard that removes the temporary file if the process is killed (guardPartial). */
  release: () => void;
  /** Appended to in place: nothing to rename, nothing to remove. */
  device: boolean;
}

/**
 * The run's output files. Each is written under a temporary name (or kept in memory when the io
 * cannot rename) and put in place only by commit(), after the whole run succeeded; abort() removes
 * everything this run wrote, so a failed run leaves no partial output.
 */
class Outputs {
  private readonly staged: { temp: string | undefined; path: string; data?: Uint8Array | string }[] = [];
  private readonly written: string[] = [];
  private readonly streams = new Map<string, Stream>();
  private readonly releases: (() => void)[] = [];

  /** `guard` refuses a path that is an input (checked before each picture is written). */
  constructor(
    private readonly io: RunIo,
    private readonly guard: (path: string) => void = () => undefined,
  ) {}

  /** A device (/dev/null) is written in place: never renamed over, never removed by abort. */
  private device(path: string): boolean {
    return this.io.kind?.(path) === 'device';
  }

  private temp(path: string): string | undefined {
    return this.io.rename && !this.device(path) ? partialName(path) : undefined;
  }

  /** A whole file, put in place at commit. */
  file(path: string, data: Uint8Array | string): void {
    const temp = this.temp(path);
    if (temp !== undefined) {
      this.writeTemp(temp, path, data);
      this.staged.push({ temp, path });
    } else {
      this.staged.push({ temp, path, data });
    }
  }

  /** Errors name the file the user asked for, not its temporary name. */
  private writeTemp(temp: string, path: string, data: Uint8Array | string): void {
    try {
      // An old file or a planted link of the temporary name goes first: the write must not follow it.
      this.io.remove?.(temp);
      this.io.writeFile(temp, data);
    } catch (e) {
      throw new UsageError(`cannot write ${path}: ${why(e)}`);
    }
  }

  /** A file written now under its own name (a numbered picture), removed again by abort. */
  direct(path: string, data: Uint8Array): void {
    this.guard(path);
    const device = this.device(path);
    writeOut(this.io, path, data);
    if (!device) this.written.push(path);
  }

  /** Text appended in chunks (streamed to the temporary file when the io can append). */
  append(path: string, text: string): void {
    let s = this.streams.get(path);
    if (!s) {
      // A device is appended to in place (its `temp` is itself); a file under its temporary name.
      const device = this.io.appendFile !== undefined && this.device(path);
      const temp = !this.io.appendFile ? undefined : device ? path : this.temp(path);
      if (temp !== undefined && !device) this.writeTemp(temp, path, '');
      // A long run killed midway must not leave a file of up to a gigabyte behind.
      const release =
        temp !== undefined && !device ? (this.io.guardPartial?.(temp) ?? (() => undefined)) : () => undefined;
      s = { path, temp, pending: '', kept: [], release, device };
      this.streams.set(path, s);
    }
    s.pending += text;
    if (s.pending.length >= JSONL_CHUNK) this.flush(s);
  }

  private flush(s: Stream): void {
    if (s.pending === '') return;
    if (s.temp !== undefined) {
      try {
        this.io.appendFile!(s.temp, s.pending);
      } catch (e) {
        throw new UsageError(`cannot write ${s.path}: ${why(e)}`);
      }
    } else {
      s.kept.push(s.pending);
    }
    s.pending = '';
  }

  commit(): void {
    for (const [path, s] of this.streams) {
      this.flush(s);
      this.releases.push(s.release);
      if (s.device) continue;
      if (s.temp !== undefined) this.staged.push({ temp: s.temp, path });
      else this.staged.push({ temp: undefined, path, data: s.kept.join('') });
    }
    this.streams.clear();
    for (const f of this.staged) {
      if (f.temp === undefined) {
        const device = this.device(f.path);
        writeOut(this.io, f.path, f.data!);
        if (device) continue;
      } else {
        try {
          this.io.rename!(f.temp, f.path);
        } catch (e) {
          throw new UsageError(`cannot write ${f.path}: ${why(e)}`);
        }
      }
      this.written.push(f.path);
    }
    this.staged.length = 0;
    this.releaseAll();
  }

  private releaseAll(): void {
    for (const release of [...this.releases, ...[...this.streams.values()].map((s) => s.release)]) release();
    this.releases.length = 0;
  }

  abort(): void {
    const remove = this.io.remove;
    if (!remove) {
      this.releaseAll();
      return;
    }
    const paths = [
      ...this.written,
      ...this.staged.map((f) => f.temp),
      ...[...this.streams.values()].filter((s) => !s.device).map((s) => s.temp),
    ];
    for (const p of paths) {
      if (p === undefined) continue;
      try {
        remove(p);
      } catch {
        /* best effort: the run's own error is the one to report */
      }
    }
    this.releaseAll();
  }
}

function writeOut(io: CliIo, path: string, data: Uint8Array | string): void {
  try {
    io.writeFile(path, data);
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${why(e)}`);
  }
}

/**
 * The default BIOS: our open BIOS (rom-core/roms), assembled now through rom-core/roms'
 * `assembleBios`, which also checks every documented entry point; a clear error while it is missing.
 */
export function defaultBios(io: CliIo): Uint8Array {
  try {
    io.readFile(DEFAULT_BIOS_SOURCE);
  } catch {
    throw new UsageError(
      `no --bios given and the open BIOS source ${DEFAULT_BIOS_SOURCE} does not exist yet; pass --bios B.rom (a 1024-byte image)`,
    );
  }
  try {
    const read = (path: string): string => new TextDecoder().decode(io.readFile(resolve(ROMS_DIR, path)));
    return assembledOnce('bios', read, (r) => assembleBios(r).image);
  } catch (e) {
    throw new UsageError(`the open BIOS ${DEFAULT_BIOS_SOURCE} cannot be used: ${why(e)}`);
  }
}

/** The default cartridge: our battle cartridge for Conquest of the World, assembled from source now. */
export function defaultCart(io: CliIo): Uint8Array {
  try {
    const read = (path: string): string => {
      try {
        return new TextDecoder().decode(io.readFile(resolve(CARTS_DIR, path)));
      } catch (e) {
        throw new Error(`${path}: ${why(e)}`, { cause: e });
      }
    };
    return assembledOnce('battle-cart', read, (r) => assembleBattleCart(r).image);
  } catch (e) {
    throw new UsageError(`no --cart given and our battle cartridge (${CARTS_DIR}) cannot be built: ${why(e)}`);
  }
}

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

function str(args: RunArgs, name: string): string | undefined {
  const v = args.options.get(name);
  return typeof v === 'string' ? v : undefined;
}

function run(args: RunArgs, cliIo: CliIo): number {
  const plain = cliIo as RunIo;
  if (args.positional.length) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
  const cartPath = str(args, 'cart');
  const frames = count(args, 'frames', 60) as number;
  const pngEvery = count(args, 'png-every', undefined);
  const pngDir = str(args, 'png-dir');
  if ((pngEvery === undefined) !== (pngDir === undefined))
    throw new UsageError('--png-every and --png-dir go together');
  const mapperName = str(args, 'mapper');
  if (mapperName !== undefined && !MAPPER_KINDS.includes(mapperName as MapperKind)) {
    throw new UsageError(`--mapper must be one of ${MAPPER_KINDS.join(', ')}`);
  }
  checkPaths(args, plain);
  checkJsonlFrames(args, frames);
  const bots = botsOf(args);
  // Every file read from here on (the default BIOS's and cartridge's sources too), so no output
  // is written over one; known only once they have been read.
  const read: NamedPath[] = [];
  const io: RunIo = {
    ...(cliIo as RunIo),
    readFile: (path) => {
      read.push({ option: 'file', path });
      return (cliIo as RunIo).readFile(path);
    },
  };

  // Files a little off size reach the machine's own size message; only far larger ones stop here.
  const image = (path: string, what: string, kind: 'cart' | 'bios' | 'charset'): Uint8Array =>
    readBinary(io, path, what, MAX_IMAGE_BYTES, `a ${what} is at most ${largestRom(kind)} bytes`);
  const cart = cartPath !== undefined ? image(cartPath, 'cartridge', 'cart') : defaultCart(io);
  const biosPath = str(args, 'bios');
  const bios = biosPath !== undefined ? image(biosPath, 'BIOS', 'bios') : defaultBios(io);
  const charsetPath = str(args, 'charset');
  const charset = charsetPath !== undefined ? image(charsetPath, 'character ROM', 'charset') : undefined;
  const inputPath = str(args, 'input');
  const events =
    inputPath !== undefined
      ? parseInputScript(
          new TextDecoder().decode(
            readBinary(
              io,
              inputPath,
              'input script',
              MAX_SCRIPT_BYTES,
              `an input script is at most ${MAX_SCRIPT_BYTES} bytes`,
            ),
          ),
          inputPath,
        )
      : [];

  let machine: Odyssey2;
  try {
    if (args.options.has('pal') && args.options.has('ntsc'))
      throw new UsageError('--pal and --ntsc exclude each other');
    // Neither: the known-cartridge table's standard for this image (NTSC for an image it does not list).
    const pal = args.options.has('pal') ? true : args.options.has('ntsc') ? false : undefined;
    machine = new Odyssey2({ bios, cart, charset, pal, mapper: mapperName as MapperKind | undefined });
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
  const { identity, timing } = machine;
  const ours = (what: string, built: string, crc: number): string => `${what}: ${built} (CRC32 ${crcHex(crc)})`;
  const biosNote =
    biosPath === undefined
      ? ours('BIOS', 'our open BIOS, built from rom-core/roms/bios/', crc32(bios))
      : identity.bios.note;
  const cartNote =
    cartPath === undefined
      ? ours('cartridge', 'our battle cartridge, built from rom-core/roms/carts/', crc32(cart))
      : identity.cart.note;
  io.stdout(`${biosNote}\n${cartNote} (${machine.cart.kind} mapper, ${machine.timing.name})\n`);
  if (identity.charset) io.stdout(`${identity.charset.note}\n`);

  const jsonlPath = str(args, 'state-jsonl');
  const wavPath = str(args, 'wav');
  const pngPath = str(args, 'png');
  if (wavPath !== undefined && frames > MAX_WAV_FRAMES) {
    throw new UsageError(
      `--wav records at most ${MAX_WAV_FRAMES} frames (20 minutes of NTSC play); got --frames ${frames}`,
    );
  }
  if (pngDir !== undefined) {
    try {
      if (io.mkdir) io.mkdir(pngDir);
      else mkdirSync(pngDir, { recursive: true });
    } catch (e) {
      throw new UsageError(`cannot create ${pngDir}: ${why(e)}`);
    }
  }
  const png = (): Uint8Array => encodePng(machine.frame, timing.visibleWidth, timing.visibleHeight);
  // The WAV's samples, in one buffer grown by doubling (no per-frame arrays kept).
  let wav = new Int16Array(wavPath !== undefined ? 1 << 16 : 0);
  let wavLength = 0;

  const outputs: NamedPath[] = (['state-jsonl', 'png', 'wav'] as const).flatMap((n) => {
    const v = str(args, n);
    return v === undefined ? [] : [{ option: `--${n}`, path: v }];
  });
  const clash = clashingOutput(plain, outputs, read, 'nothing was run');
  if (clash) throw new UsageError(clash);
  const readIds = new Set(read.map((r) => identityOf(plain, r.path)));
  const out = new Outputs(plain, (path) => {
    if (readIds.has(identityOf(plain, path)))
      throw new UsageError(
        `--png-dir picture ${path} is the same file as an input; writing it would destroy that file, so the run was stopped and its outputs removed`,
      );
  });
  try {
    let next = 0;
    let phase = machine.eram[MAILBOX.phase];
    for (let f = 1; f <= frames; f++) {
      while (next < events.length && events[next].frame === f) {
        machine.setKey(events[next].key, events[next].down);
        next++;
      }
      // A bot's stick replaces the script's for its hand control (from the mailbox the last frame left).
      for (const b of bots) machine.joy[b.stick] = b.step(machine.eram, machine.vdc.regs);
      machine.runFrame();
      if (bots.length) {
        const now = machine.eram[MAILBOX.phase];
        if (now === 3 && phase !== 3) io.stdout(`frame ${f}: ${battleWords(machine.eram)}\n`);
        phase = now;
      }
      if (jsonlPath !== undefined) out.append(jsonlPath, JSON.stringify(machine.record()) + '\n');
      if (wavPath !== undefined) {
        const pcm = machine.vdc.pcm.samplesInt16();
        if (wavLength + pcm.length > wav.length) {
          const bigger = new Int16Array(Math.max(wav.length * 2, wavLength + pcm.length));
          bigger.set(wav.subarray(0, wavLength));
          wav = bigger;
        }
        wav.set(pcm, wavLength);
        wavLength += pcm.length;
      }
      if (pngEvery !== undefined && pngDir !== undefined && f % pngEvery === 0) {
        out.direct(join(pngDir, `frame-${String(f).padStart(6, '0')}.png`), png());
      }
    }
    if (next < events.length)
      io.stderr(`note: ${events.length - next} input event(s) after frame ${frames} were not used\n`);
    if (pngPath !== undefined) out.file(pngPath, png());
    if (wavPath !== undefined) out.file(wavPath, encodeWav(wav.subarray(0, wavLength), machine.vdc.pcm.sampleRate));
    out.commit();
  } catch (e) {
    out.abort();
    throw e;
  }
  io.stdout(
    `ran ${frames} frame${frames === 1 ? '' : 's'} (${timing.name}); PC ${machine.cpu.pc.toString(16).toUpperCase().padStart(3, '0')}h\n`,
  );
  return 0;
}

type RunBot = BattleBot | RandomStick;

/** --bot SIDE:LEVEL (left = J0, red; right = J1, blue), at most one a side; --seed N for all of them. */
function botsOf(args: RunArgs): RunBot[] {
  const specs = args.lists.get('bot') ?? [];
  const seedText = str(args, 'seed');
  if (seedText !== undefined && !/^[0-9]{1,9}$/.test(seedText))
    throw new UsageError(`--seed needs a whole number from 0 to 999999999, got '${seedText}'`);
  if (seedText !== undefined && specs.length === 0) throw new UsageError('--seed is for --bot: give a bot as well');
  const seed = seedText === undefined ? 1 : Number(seedText);
  const bots: RunBot[] = [];
  for (const text of specs) {
    let spec;
    try {
      spec = parseBotSpec(text);
    } catch (e) {
      throw new UsageError(`--bot: ${why(e)}`);
    }
    if (bots.some((b) => b.stick === spec.stick))
      throw new UsageError(`--bot: two bots for the ${spec.stick === 0 ? 'left' : 'right'} hand control`);
    bots.push(
      spec.level === 'random' ? new RandomStick(spec.stick, seed) : new BattleBot(spec.stick, spec.level, seed),
    );
  }
  return bots;
}

/** "battle 3 over: red wins (a weapon destroyed); energy left red 1234, blue 0" from the mailbox. */
function battleWords(eram: Uint8Array): string {
  const bcd = (b: number): number => (b >> 4) * 10 + (b & 15);
  const energy = (at: number): number => bcd(eram[at + 1]) * 100 + bcd(eram[at + 2]);
  const winner = ['nobody wins', 'red wins', 'blue wins', 'both destroyed'][eram[MAILBOX.winner]] ?? 'nobody wins';
  const how = eram[MAILBOX.reason] === 2 ? 'out of energy' : 'a weapon destroyed';
  return `battle ${eram[MAILBOX.battles]} over: ${winner} (${how}); energy left red ${energy(MAILBOX.red)}, blue ${energy(MAILBOX.blue)}`;
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
