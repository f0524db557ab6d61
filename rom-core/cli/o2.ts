/**
 * `npm run o2 -- <command> ...`: the Odyssey² command line. Each command is a row of COMMANDS,
 * so `run` (and others) can be added without touching the argument handling.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble, formatDiagnostic, sharedIncludeBytes } from '../asm/index.ts';
import { disassemble } from '../asm/disasm.ts';
import { UsageError, parseArgs, readInput, reason, write } from './command.ts';
import type { CliIo, Command, ParsedArgs } from './command.ts';
import { NODE_RUN_FILES, runCommand } from './run.ts';
import type { RunIo } from './run.ts';

// Commands in other files (e.g. `run`) import these from './command.ts' (or here).
export { UsageError } from './command.ts';
export type { CliIo, Command, ParsedArgs } from './command.ts';

const text = (io: CliIo, path: string): string => new TextDecoder().decode(io.readFile(path));

const hex = (n: number, w: number): string => n.toString(16).toUpperCase().padStart(w, '0');

function asm(args: ParsedArgs, io: CliIo): number {
  if (args.positional.length !== 1) throw new UsageError('asm needs exactly one input file');
  const input = args.positional[0];
  const out = args.options.get('out');
  if (typeof out !== 'string') throw new UsageError('asm needs -o OUT.bin');
  const outputs: [string, unknown][] = [['-o', out], ['--lst', args.options.get('lst')], ['--map', args.options.get('map')], ['--shared', args.options.get('shared')]];
  const named = outputs.filter((o): o is [string, string] => typeof o[1] === 'string');
  for (const [i, [flag, path]] of named.entries()) {
    if (resolve(path) === resolve(input)) throw new UsageError(`${flag} ${path} is the source file; writing it would destroy the source, so nothing was assembled`);
    const twin = named.slice(0, i).find(([, p]) => resolve(p) === resolve(path));
    if (twin) throw new UsageError(`${flag} ${path} is also ${twin[0]}; one file cannot hold both, so nothing was assembled`);
  }
  const source = new TextDecoder().decode(readInput(io, input));
  const result = assemble(source, {
    fileName: input,
    readFile: (path, from) => {
      const full = resolve(dirname(from), path);
      try {
        return text(io, full);
      } catch (e) {
        throw new Error(reason(e), { cause: e });
      }
    },
  });
  for (const d of result.diagnostics) io.stderr(formatDiagnostic(d) + '\n');
  if (!result.ok) {
    const errors = result.errorCount;
    io.stderr(`${errors} error${errors === 1 ? '' : 's'}; nothing written\n`);
    return 1;
  }
  if (result.bytes.length === 0) {
    io.stderr(`${input}: the source produced no bytes (it is empty, or holds only symbols, macros and comments); nothing written\n`);
    return 1;
  }
  write(io, out, result.bytes);
  const lst = args.options.get('lst');
  if (typeof lst === 'string') write(io, lst, result.listing);
  const sharedOut = args.options.get('shared');
  if (typeof sharedOut === 'string') write(io, sharedOut, sharedIncludeBytes(input, result.shared));
  const map = args.options.get('map');
  if (typeof map === 'string') {
    const symbols = [...result.symbols].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
    write(io, map, symbols.map(([name, value]) => `${hex(value & 0xffff, 4)} ${name}`).join('\n') + '\n');
  }
  io.stdout(`${out}: ${result.bytes.length} bytes at 0x${hex(result.base, 3)}-0x${hex(result.base + Math.max(0, result.bytes.length - 1), 3)}\n`);
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

function disasm(args: ParsedArgs, io: CliIo): number {
  if (args.positional.length !== 1) throw new UsageError('disasm needs exactly one input file');
  const org = args.options.get('org');
  const origin = typeof org === 'string' ? parseAddress(org) : 0;
  const bytes = readInput(io, args.positional[0]);
  const lines = disassemble(bytes, origin).map((l) => {
    const raw = l.bytes.map((b) => hex(b, 2)).join(' ');
    return `    ${l.text.padEnd(20)}; ${hex(l.address, 4)}  ${raw}`;
  });
  io.stdout(`    ORG 0x${hex(origin, 3)}\n${lines.join('\n')}${lines.length ? '\n' : ''}`);
  return 0;
}

export const COMMANDS: Record<string, Command> = {
  asm: {
    usage: 'asm IN.a48 -o OUT.bin [--lst OUT.lst] [--map OUT.map] [--shared OUT.inc]',
    summary: 'assemble 8048 source to a binary image',
    valued: ['out', 'lst', 'map', 'shared'],
    flags: [],
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

const nodeIo: RunIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readFile: (path) => readFileSync(path),
  writeFile: (path, data) => writeFileSync(path, data),
  ...NODE_RUN_FILES,
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2), nodeIo);
  } catch (e) {
    // Only a bug in o2 itself gets here; say so plainly rather than as a user's mistake.
    process.stderr.write(`o2: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  }
}
