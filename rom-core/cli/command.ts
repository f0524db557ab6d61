/** What every `o2` subcommand shares: its io, its table row, argument parsing and file errors. */

/** Everything a command touches outside itself, so tests can run main() without a disk. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => Uint8Array;
  writeFile: (path: string, data: Uint8Array | string) => void;
  /** What a path is on disk (files.ts, fileIdentity); without it, paths are compared by name. */
  identity?: (path: string) => string;
  /** What an output path is now (files.ts, outputKind): a device is written in place. */
  kind?: (path: string) => 'file' | 'directory' | 'device' | undefined;
  /** With rename and remove, outputs are staged under temporary names and renamed all at once. */
  rename?: (from: string, to: string) => void;
  remove?: (path: string) => void;
}

/** A user's mistake on the command line: printed with the usage line, exit code 1. */
export class UsageError extends Error {}

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
  /** Values of the options a command takes more than once (`--bot left:hard --bot right:easy`). */
  lists: Map<string, string[]>;
}

export interface Command {
  usage: string;
  summary: string;
  /** More text for `o2 <command> --help`, after the usage line. */
  help?: string;
  /** Options taking a value; any other `--name` is a flag. */
  valued: string[];
  /** Valued options that may be given more than once (their values go to `lists`). */
  repeatable?: string[];
  flags: string[];
  run: (args: ParsedArgs, io: CliIo) => number;
}

export function parseArgs(argv: string[], command: Command): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('-') && a !== '-') {
      const name = a.replace(/^--?/, '');
      const canonical = name === 'o' ? 'out' : name;
      if (command.valued.includes(canonical)) {
        const v = argv[++i];
        if (v === undefined) throw new UsageError(`option ${a} needs a value`);
        if (command.repeatable?.includes(canonical)) lists.set(canonical, [...(lists.get(canonical) ?? []), v]);
        // Taking the last of two silently would write (or read) a file the user may not expect.
        else if (options.has(canonical))
          throw new UsageError(
            `option ${a} is given twice ('${String(options.get(canonical))}' and '${v}'); give it once`,
          );
        options.set(canonical, v);
      } else if (command.flags.includes(canonical)) {
        options.set(canonical, true);
      } else {
        throw new UsageError(`unknown option ${a}`);
      }
    } else {
      positional.push(a);
    }
  }
  return { positional, options, lists };
}

export function readInput(io: CliIo, path: string): Uint8Array {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${reason(e)}`);
  }
}

export function reason(e: unknown): string {
  const err = e as { code?: string; message?: string };
  if (err && err.code === 'ENOENT') return 'no such file';
  if (err && err.code === 'EISDIR') return 'is a directory';
  return err?.message ?? String(e);
}

export function write(io: CliIo, path: string, data: Uint8Array | string): void {
  try {
    io.writeFile(path, data);
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${reason(e)}`);
  }
}
