/**
 * `npm run o2 -- <command> ...`: the Odyssey² command line. Each command is a row of COMMANDS,
 * so `run` (and others) can be added without touching the argument handling.
 */
import { writeFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CART_BASE, assemble, cartImage, formatDiagnostic, sharedIncludeBytes, symbolMap } from '../asm/index.ts';
import { ASM_VERSION, includeReader, parseDefines } from './asm-options.ts';
import { disassemble } from '../asm/disasm.ts';
import { UsageError, parseArgs, readInput, reason } from './command.ts';
import { clashingOutput, fileIdentity, identityOf, outputKind, readRegularFile, writeAllOrNothing } from './files.ts';
import type { NamedPath } from './files.ts';
import type { CliIo, Command, ParsedArgs } from './command.ts';
import { NODE_RUN_FILES, runCommand } from './run.ts';
import type { RunIo } from './run.ts';

// Commands in other files (e.g. `run`) import these from './command.ts' (or here).
export { UsageError } from './command.ts';
export type { CliIo, Command, ParsedArgs } from './command.ts';

const hex = (n: number, w: number): string => n.toString(16).toUpperCase().padStart(w, '0');

/** The outputs asm was asked for, in the order they are written. */
function asmOutputs(args: ParsedArgs): NamedPath[] {
  const named: [string, unknown][] = [
    ['-o', args.options.get('out')],
    ['--lst', args.options.get('lst')],
    ['--map', args.options.get('map')],
    ['--shared', args.options.get('shared')],
  ];
  return named
    .filter((o): o is [string, string] => typeof o[1] === 'string')
    .map(([option, path]) => ({ option, path }));
}

/** Before reading: no output may be the source or another output (by identity: links count). */
function checkAsmOutputs(io: CliIo, input: string, outputs: NamedPath[]): void {
  const source = identityOf(io, input);
  for (const [i, { option, path }] of outputs.entries()) {
    const id = identityOf(io, path);
    if (id === source)
      throw new UsageError(
        `${option} ${path} is the source file; writing it would destroy the source, so nothing was assembled`,
      );
    const twin = outputs.slice(0, i).find((o) => identityOf(io, o.path) === id);
    if (twin)
      throw new UsageError(
        `${option} ${path} is also ${twin.option}; one file cannot hold both, so nothing was assembled`,
      );
  }
}

function asm(args: ParsedArgs, io: CliIo): number {
  if (args.options.get('version') === true) {
    io.stdout(ASM_VERSION + '\n');
    return 0;
  }
  if (args.positional.length !== 1) throw new UsageError('asm needs exactly one input file');
  const input = args.positional[0];
  const out = args.options.get('out');
  if (typeof out !== 'string') throw new UsageError('asm needs -o OUT.bin');
  const outputs = asmOutputs(args);
  checkAsmOutputs(io, input, outputs);
  const source = new TextDecoder().decode(readInput(io, input));
  // Every include read, so no output is written over one (known only once the source is assembled).
  const included: NamedPath[] = [];
  const read = includeReader(io, included, args.lists.get('I') ?? []);
  const result = assemble(source, {
    fileName: input,
    readFile: (path, from) => new TextDecoder().decode(read(path, from)),
    // BINCLUDE's bytes as they are (no text decoding).
    readBinary: read,
    defines: parseDefines(args.lists.get('D') ?? []),
  });
  for (const d of result.diagnostics) io.stderr(formatDiagnostic(d) + '\n');
  if (!result.ok) {
    const errors = result.errorCount;
    io.stderr(`${errors} error${errors === 1 ? '' : 's'}; nothing written\n`);
    return 1;
  }
  if (result.bytes.length === 0) {
    io.stderr(
      `${input}: the source produced no bytes (it is empty, or holds only symbols, macros and comments); nothing written\n`,
    );
    return 1;
  }
  const clash = clashingOutput(io, outputs, [{ option: 'source', path: input }, ...included], 'nothing was written');
  if (clash) throw new UsageError(clash);
  // A cartridge (ORG 400h or above) is written as the console loads it, unless the raw bytes are asked for.
  const raw = args.options.get('raw') === true || result.base < CART_BASE;
  const laid = raw ? null : cartImage(result.base, result.bytes);
  if (laid && !laid.ok) {
    io.stderr(`${input}: ${laid.reason}; nothing written (--raw writes the bytes as assembled)\n`);
    return 1;
  }
  const data: Record<string, Uint8Array | string> = {
    '-o': laid?.ok ? laid.image : result.bytes,
    '--lst': result.listing,
    '--shared': sharedIncludeBytes(input, result.shared),
    '--map': symbolMap(result.symbolTable),
  };
  // All outputs or none: a bad --lst folder must not leave a fresh -o image beside an old listing.
  writeAllOrNothing(
    io,
    outputs.map((o) => ({ path: o.path, data: data[o.option] })),
    (path, e) => new UsageError(`cannot write ${path}: ${reason(e)}; nothing was written`),
  );
  const span = `${result.bytes.length} bytes at 0x${hex(result.base, 3)}-0x${hex(result.base + Math.max(0, result.bytes.length - 1), 3)}`;
  io.stdout(
    laid?.ok
      ? `${out}: ${span}, a ${laid.image.length / 1024} KB cartridge image (FFh after the program)\n`
      : `${out}: ${span} (the bytes as assembled)\n`,
  );
  return 0;
}

function parseAddress(textValue: string): number {
  const t = textValue.trim().toLowerCase();
  let v = NaN;
  if (/^(0x|\$)[0-9a-f]+$/.test(t)) v = parseInt(t.replace(/^(0x|\$)/, ''), 16);
  else if (/^[0-9][0-9a-f]*h$/.test(t)) v = parseInt(t.slice(0, -1), 16);
  else if (/^[0-9]+$/.test(t)) v = parseInt(t, 10);
  if (!Number.isFinite(v) || v > 0xffff) throw new UsageError(`bad address '${textValue}' (use e.g. 0x400)`);
  return v;
}

/**
 * The addresses disasm prints: four hex digits, 0000-FFFF (bank-switched cartridges larger than
 * the 8048's 4 KiB are listed as one run of addresses). An image that does not fit would print
 * addresses past FFFF, and a huge one would only exhaust memory building its listing.
 */
const ADDRESS_SPACE = 0x10000;

function checkFits(path: string, length: number, origin: number): void {
  if (length > ADDRESS_SPACE) {
    throw new UsageError(
      `${path} is ${length} bytes, more than the ${ADDRESS_SPACE} (64 KiB, addresses 0000-FFFF) disasm can list; give an 8048 image`,
    );
  }
  if (origin + length > ADDRESS_SPACE) {
    throw new UsageError(
      `--org 0x${hex(origin, 3)} puts the ${length}-byte image past address FFFF (it would end at 0x${hex(origin + length - 1, 4)}); use an --org of at most 0x${hex(ADDRESS_SPACE - length, 3)}`,
    );
  }
}

function disasm(args: ParsedArgs, io: CliIo): number {
  if (args.positional.length !== 1) throw new UsageError('disasm needs exactly one input file');
  const org = args.options.get('org');
  const origin = typeof org === 'string' ? parseAddress(org) : 0;
  const bytes = readInput(io, args.positional[0]);
  checkFits(args.positional[0], bytes.length, origin);
  const lines = disassemble(bytes, origin).map((l) => {
    const raw = l.bytes.map((b) => hex(b, 2)).join(' ');
    return `    ${l.text.padEnd(20)}; ${hex(l.address, 4)}  ${raw}`;
  });
  io.stdout(`    ORG 0x${hex(origin, 3)}\n${lines.join('\n')}${lines.length ? '\n' : ''}`);
  return 0;
}

const ASM_HELP = `-o OUT.bin is written, by default, as the console loads a cartridge: the program's address 400h at
offset 0, then FFh (ASL p2bin's fill byte) up to the smallest size the console maps (2, 4, 8, 12 or
16 KB), so a 120-byte program makes a 2 KB image. --raw writes only the bytes as assembled, from the
lowest address written to the highest (gaps FFh); a program below 400h (a BIOS) is always raw.
--lst writes the listing (file:line, address, bytes, cycles, source; then the symbol table), --map each
symbol's value, kind (label, constant, variable, string, register, macro, function), name and file:line,
--shared ASL's include file of the SHARED symbols. As ASL's: -D NAME=VALUE (or -D NAME, 1) defines a
symbol before the first line; -I DIR is searched for an INCLUDE or BINCLUDE not found beside the file
that names it (give either more than once); --version says which assembler and dialect this is.
`;

export const COMMANDS: Record<string, Command> = {
  asm: {
    usage:
      'asm IN.a48 -o OUT.bin [--raw] [--lst OUT.lst] [--map OUT.map] [--shared OUT.inc] [-D NAME=V] [-I DIR] [--version]',
    summary:
      'assemble 8048 source to a cartridge image the console loads (ORG 400h at offset 0, FFh to 2, 4, 8, 12 or 16 KB; --raw: the bytes as assembled, as for a BIOS below 400h)',
    help: ASM_HELP,
    valued: ['out', 'lst', 'map', 'shared', 'D', 'I'],
    repeatable: ['D', 'I'],
    flags: ['raw', 'version'],
    run: asm,
  },
  disasm: {
    usage: 'disasm IN.bin [--org 0x400]',
    summary: 'disassemble a binary to source the assembler reads back',
    valued: ['org'],
    flags: [],
    run: disasm,
  },
  run: runCommand,
};

function help(): string {
  const rows = Object.values(COMMANDS).map((c) => `  o2 ${c.usage}\n      ${c.summary}`);
  return `usage: o2 <command> [options]\n\ncommands:\n${rows.join('\n')}\n  o2 --help\n`;
}

export function main(argv: string[], io: CliIo): number {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(help());
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`o2: unknown command '${name}'\n${help()}`);
    return 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`usage: o2 ${command.usage}\n${command.help ? `\n${command.help}` : ''}`);
    return 0;
  }
  try {
    return command.run(parseArgs(rest, command), io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`o2 ${name}: ${e.message}\nusage: o2 ${command.usage}\n`);
      return 1;
    }
    throw e;
  }
}

/**
 * Standard output written straight to descriptor 1: process.stdout's first use loads Node's whole
 * streams stack, a few milliseconds of every start (o2 prints before its first frame). A pipe that
 * would block (EAGAIN) hands the rest of this write and every later one to process.stdout, so the
 * order holds; a reader that went away (EPIPE, `o2 run | head`) ends the output quietly.
 */
let stdoutMode: 'direct' | 'stream' | 'gone' = 'direct';
function writeStdout(text: string): void {
  let rest: string | Buffer = text;
  if (stdoutMode === 'direct') {
    const bytes = Buffer.from(text);
    let at = 0;
    try {
      while (at < bytes.length) at += writeSync(1, bytes, at);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') stdoutMode = 'gone';
      else if (code === 'EAGAIN') stdoutMode = 'stream';
      else throw e;
      rest = bytes.subarray(at);
    }
  }
  if (stdoutMode === 'stream') process.stdout.write(rest);
}

/** The real disk: every input through the one capped reader of regular files (files.ts). */
export const NODE_IO: RunIo = {
  stdout: writeStdout,
  stderr: (t) => process.stderr.write(t),
  readFile: (path) => readRegularFile(path),
  writeFile: (path, data) => writeFileSync(path, data),
  identity: fileIdentity,
  kind: outputKind,
  ...NODE_RUN_FILES,
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2), NODE_IO);
  } catch (e) {
    // Only a bug in o2 itself gets here; say so plainly rather than as a user's mistake.
    process.stderr.write(`o2: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  }
}
