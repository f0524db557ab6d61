/**
 * `o2 run`'s files: the io it needs (checking inputs before reading them, writing outputs safely), reading an
 * image with its size checked first, and the outputs staged under temporary names until the run succeeds.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { UsageError, reason as why } from './command.ts';
import { guardPartial, partialName } from './files.ts';
import type { CliIo } from './command.ts';

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

/** JSONL is written in chunks of about this many characters (memory stays flat over any run). */
const JSONL_CHUNK = 1 << 18;

/**
 * Reads an input, refusing first (from its size, without reading) a device, pipe or directory and
 * a file larger than any image of its kind: `--cart /dev/zero` would otherwise read for ever.
 */
export function readBinary(io: RunIo, path: string, what: string, limit: number, sizes: string): Uint8Array {
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
export class Outputs {
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
