/**
 * What `o2 run` reads before it starts (run.ts): the BIOS and cartridge images, ours assembled from
 * source when none is named, the character ROM and the input script, each file read noted so that
 * no output is written over it.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largestRom } from '../machine/index.ts';
import { InputScriptError, parseInputScript as parseScript } from '../machine/input-script.ts';
import type { InputEvent } from '../machine/input-script.ts';
import { BIOS_SOURCE, assembleBios } from '../roms/index.ts';
import { assembleBattleCart } from '../roms/carts/index.ts';
import { assembledOnce } from './assembled-once.ts';
import { UsageError, reason as why } from './command.ts';
import type { CliIo, ParsedArgs } from './command.ts';
import type { NamedPath } from './files.ts';
import { readBinary } from './run-files.ts';
import type { RunIo } from './run-files.ts';

/** No image file of any kind is read past this size. */
const MAX_IMAGE_BYTES = 1 << 16;
/** An input script larger than this is not a script. */
const MAX_SCRIPT_BYTES = 16 << 20;
const here = dirname(fileURLToPath(import.meta.url));
const ROMS_DIR = resolve(here, '../roms');
export const DEFAULT_BIOS_SOURCE = resolve(ROMS_DIR, BIOS_SOURCE);
const CARTS_DIR = resolve(ROMS_DIR, 'carts');

/** Parses an --input script (rom-core/machine/input-script.ts); a bad line is a usage error naming it. */
export function parseInputScript(text: string, name = 'input script'): InputEvent[] {
  try {
    return parseScript(text, name);
  } catch (e) {
    if (e instanceof InputScriptError) throw new UsageError(e.message);
    throw e;
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

/** The string value of option `name`, if it has one. */
export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.options.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** What a run reads before it starts: the images, the input script, and every file read on the way. */
export interface RunInputs {
  cart: Uint8Array;
  bios: Uint8Array;
  charset: Uint8Array | undefined;
  events: InputEvent[];
  /** Every file read (the default BIOS's and cartridge's sources too), so no output is written over one. */
  read: NamedPath[];
  io: RunIo;
}

export function readInputs(args: ParsedArgs, cliIo: CliIo): RunInputs {
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
  const cartPath = str(args, 'cart');
  const cart = cartPath !== undefined ? image(cartPath, 'cartridge', 'cart') : defaultCart(io);
  const biosPath = str(args, 'bios');
  const bios = biosPath !== undefined ? image(biosPath, 'BIOS', 'bios') : defaultBios(io);
  const charsetPath = str(args, 'charset');
  const charset = charsetPath !== undefined ? image(charsetPath, 'character ROM', 'charset') : undefined;
  const inputPath = str(args, 'input');
  const script = (path: string): Uint8Array =>
    readBinary(io, path, 'input script', MAX_SCRIPT_BYTES, `an input script is at most ${MAX_SCRIPT_BYTES} bytes`);
  const events =
    inputPath !== undefined ? parseInputScript(new TextDecoder().decode(script(inputPath)), inputPath) : [];
  return { cart, bios, charset, events, read, io };
}
