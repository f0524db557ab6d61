/**
 * The command lines' file handling on the real disk, shared by `o2`, `npm run board` and
 * `npm run resolve` (board may import rom-core, never the reverse):
 *
 * - readRegularFile: the one reader of every input. A device (/dev/zero), a FIFO or anything else
 *   that is not a regular file (after symlinks) would be read for ever, so it is refused; a file
 *   past its kind's size cap is refused without being read whole.
 * - fileIdentity / sameFile: outputs are compared with inputs by what they are on disk (device and
 *   inode), so a hard link or a symbolic link to the source is caught as well as its own name.
 * - writeAllOrNothing: several outputs written under temporary names beside their targets and
 *   renamed into place only when every one was written; a failure leaves none of them.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Sources, include files, images and scripts: far above anything real, far below a disk-filler. */
export const MAX_SOURCE_BYTES = 16 << 20;

/** An input refused for what it is (not a regular file) or its size: the message is a sentence fragment. */
export class FileRefusal extends Error {
  override name = 'FileRefusal';
}

/** "16 MiB", "64 KiB", "100 bytes": a cap as the errors say it. */
export function sizeWords(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${bytes / (1 << 10)} KiB`;
  return `${bytes} bytes`;
}

/**
 * Reads a regular file of at most `limit` bytes. Opened non-blocking so a FIFO with no writer does
 * not hang the open itself; checked on the open descriptor (fstat), so what is checked is what is
 * read. A directory keeps its usual EISDIR error (the CLIs already word it); ENOENT and the like
 * pass through unchanged.
 */
export function readRegularFile(path: string, limit = MAX_SOURCE_BYTES): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (st.isDirectory())
      throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), { code: 'EISDIR' });
    if (!st.isFile())
      throw new FileRefusal('it is not a regular file (a device, a pipe or a socket), and it could be read for ever');
    if (st.size > limit) throw tooLarge(limit);
    return readCapped(fd, limit, st.size);
  } finally {
    closeSync(fd);
  }
}

function tooLarge(limit: number): FileRefusal {
  return new FileRefusal(`it is larger than ${sizeWords(limit)}, the most this input may be`);
}

/**
 * Reads to the end, but never more than `limit` bytes: a file growing while read is still capped.
 * The first read asks for the size fstat gave and one byte more; the buffers are not zeroed (only
 * the bytes read are kept), as zeroing a megabyte for each small source was most of a read's time.
 */
function readCapped(fd: number, limit: number, size: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(total === 0 ? size + 1 : 1 << 16, limit + 1 - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    total += n;
    if (total > limit) throw tooLarge(limit);
  }
  return Buffer.concat(chunks, total);
}

/**
 * What a path names on disk: device and inode when it exists (symlinks followed, so every name of
 * one file gives the same answer); otherwise its real folder and name, so `d/../x` and `x` agree.
 */
export function fileIdentity(path: string): string {
  try {
    const s = statSync(path);
    return `inode ${s.dev}:${s.ino}`;
  } catch {
    try {
      return `path ${join(realpathSync(dirname(resolve(path))), basename(path))}`;
    } catch {
      return `path ${resolve(path)}`;
    }
  }
}

/** What an output path is now: written under a temporary name and renamed only when it is a file. */
export type OutputKind = 'file' | 'directory' | 'device' | undefined;

/**
 * A regular file (or a link to one), a directory, or anything else (/dev/null, a FIFO): a device
 * is written in place, never replaced by a renamed file (as root that would turn /dev/null into a
 * plain file) and never removed. Nothing there: undefined.
 */
export function outputKind(path: string): OutputKind {
  try {
    const s = statSync(path);
    return s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'device';
  } catch {
    return undefined;
  }
}

/** The io of a CLI as far as file identity and staged writes go; tests' in-memory disks omit the extras. */
export interface StagingIo {
  writeFile: (path: string, data: Uint8Array | string) => void;
  identity?: (path: string) => string;
  kind?: (path: string) => OutputKind;
  rename?: (from: string, to: string) => void;
  remove?: (path: string) => void;
}

/** An io's identity of a path; without one (an in-memory disk), the absolute path. */
export function identityOf(io: StagingIo, path: string): string {
  return io.identity ? io.identity(path) : `path ${resolve(path)}`;
}

/** A named output: the option that named it (`--lst`) and the path. */
export interface NamedPath {
  option: string;
  path: string;
}

/**
 * The first output that is an input or another output, as a sentence, or null. `inputs` are every
 * file read (a source's includes too); compared by identity, so links to an input are caught.
 */
export function clashingOutput(
  io: StagingIo,
  outputs: NamedPath[],
  inputs: NamedPath[],
  stopped: string,
): string | null {
  const seen = inputs.map((i) => ({ ...i, id: identityOf(io, i.path), input: true }));
  for (const o of outputs) {
    // The temporary name is cleared and written first, so it must not be an input either.
    const temp = identityOf(io, partialName(o.path));
    const under = seen.find((s) => s.input && s.id === temp);
    if (under) {
      return `${o.option} ${o.path} is written first as ${partialName(o.path)}, which is the input ${under.option} ${under.path}; writing it would destroy that file, so ${stopped}`;
    }
    const id = identityOf(io, o.path);
    const twin = seen.find((s) => s.id === id);
    if (twin) {
      const what = twin.input
        ? `the input ${twin.option} ${twin.path}`
        : `${twin.option} ${twin.path} (another output)`;
      return `${o.option} ${o.path} is the same file as ${what}; writing it would destroy that file, so ${stopped}`;
    }
    seen.push({ ...o, id, input: false });
  }
  return null;
}

/** The temporary name an output is written under before it is renamed into place. */
export const partialName = (path: string): string => `${path}.o2-partial`;

/**
 * Writes every file or none: each under its temporary name first (any old file or link of that
 * name removed first, so the write cannot follow a planted link), then all renamed. A failure
 * removes the temporaries and rethrows, naming the file the user asked for. An io that cannot
 * rename (an in-memory disk) gets each file written directly.
 */
export function writeAllOrNothing(
  io: StagingIo,
  files: { path: string; data: Uint8Array | string }[],
  wordError: (path: string, e: unknown) => Error,
): void {
  const { rename, remove } = io;
  if (!rename || !remove) {
    for (const f of files) {
      try {
        io.writeFile(f.path, f.data);
      } catch (e) {
        throw wordError(f.path, e);
      }
    }
    return;
  }
  const kinds = files.map((f) => io.kind?.(f.path));
  // A folder is refused before anything is written: renaming onto it would fail after others were renamed.
  const folder = files.find((_, i) => kinds[i] === 'directory');
  if (folder) throw wordError(folder.path, Object.assign(new Error('is a directory'), { code: 'EISDIR' }));
  const staged = files.filter((_, i) => kinds[i] !== 'device');
  const temps: string[] = [];
  const undo = (): void => {
    for (const t of temps) {
      try {
        remove(t);
      } catch {
        /* best effort: the first error is the one to report */
      }
    }
  };
  const attempt = (path: string, step: () => void): void => {
    try {
      step();
    } catch (e) {
      undo();
      throw wordError(path, e);
    }
  };
  for (const f of staged) {
    const temp = partialName(f.path);
    attempt(f.path, () => {
      remove(temp);
      temps.push(temp);
      io.writeFile(temp, f.data);
    });
  }
  // Devices (/dev/null) are written in place, once every file is ready to be renamed.
  for (const [i, f] of files.entries()) if (kinds[i] === 'device') attempt(f.path, () => io.writeFile(f.path, f.data));
  for (const [i, f] of staged.entries()) attempt(f.path, () => rename(temps[i], f.path));
}

/**
 * The watcher of guardPartial, run as `node -e`: every 200 ms it asks whether the CLI's process is
 * still there; once it is gone, it removes each partial file that is still the very file the CLI
 * made (same device and inode), then exits. Plain CommonJS: it runs without tsx.
 */
const WATCHER = `
const fs = require('node:fs');
const [ppid, ...pairs] = process.argv.slice(1);
const alive = () => { try { process.kill(Number(ppid), 0); return true; } catch (e) { return e.code === 'EPERM'; } };
setInterval(() => {
  if (alive()) return;
  for (let i = 0; i < pairs.length; i += 2) {
    try { const s = fs.statSync(pairs[i]); if (s.dev + ':' + s.ino === pairs[i + 1]) fs.rmSync(pairs[i]); } catch {}
  }
  process.exit(0);
}, 200);
`;

/**
 * Removes a streamed partial file (`o2 run --state-jsonl`) if this process dies before it is
 * renamed or removed: killed by SIGINT, SIGTERM or even SIGKILL. A signal handler cannot do it, as
 * the run is one synchronous loop and Node runs handlers only between tasks; so a small detached
 * process (its own process group, so a terminal's Ctrl-C reaches only the CLI) waits for this one
 * to end. Returns the release to call once the file is renamed or removed (it stops the watcher).
 */
export function guardPartial(path: string): () => void {
  let id: string;
  try {
    const s = statSync(path);
    id = `${s.dev}:${s.ino}`;
  } catch {
    return () => undefined;
  }
  // Loaded here, not at the top: child_process costs every start of every CLI ~10 ms, and few runs stream a file.
  const { spawn } = process.getBuiltinModule('node:child_process');
  const child = spawn(process.execPath, ['-e', WATCHER, String(process.pid), path, id], {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => undefined); // no watcher: the file is only left behind, as before
  child.unref();
  return () => {
    child.kill();
  };
}
