/**
 * The files of `board mail`, kept by the README's output rules as `o2` keeps them (rom-core/cli/files.ts):
 * no output may be an input or another output, compared by what they are on disk (links count), and
 * every output is written or none (each under a temporary name, renamed only once all are written).
 * `send` writes the turn and the game it moves on together: a game file that moved on without its turn
 * would refuse every later turn of every player, for good (issue 37).
 */
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { NamedPath, StagingIo } from '../../rom-core/cli/index.ts';
import { clashingOutput, fileIdentity, outputKind, writeAllOrNothing } from '../../rom-core/cli/index.ts';
import { MAIL_FORMAT } from '../mail/mail-game.ts';
import { depthProblem } from './json-depth.ts';
import { readTextFile } from './read-text.ts';

/** A refused input: exit code 1, nothing written. */
export class Refused extends Error {}

const DISK: StagingIo = {
  writeFile: (p, d) => writeFileSync(p, d),
  rename: renameSync,
  remove: (p) => rmSync(p, { force: true }),
  kind: outputKind,
  identity: fileIdentity,
};

/** Before anything is read or written: refuses an output that is an input or another output. */
export function checkOutputs(outputs: NamedPath[], inputs: NamedPath[]): void {
  const clash = clashingOutput(DISK, outputs, inputs, 'nothing was written');
  if (clash) throw new Refused(clash);
}

/** Games and turns: written under temporary names and renamed into place, all or none, in this order. */
export function writeFiles(files: { path: string; data: string }[]): void {
  writeAllOrNothing(DISK, files, (path, e) => new Refused(`cannot write "${path}": ${(e as Error).message}`));
}

/** The file's text as an input of `what`; a file that cannot be read is refused with its sentence. */
export function readInput(path: string, what: string, limit?: number): string {
  try {
    return readTextFile(path, what, limit);
  } catch (e) {
    throw new Refused((e as Error).message);
  }
}

/**
 * The sentence refusing to write a new game over `path` when it holds a game by mail (whatever its
 * turn: the other players may hold copies of it), or null. A folder or a device is left to the writer.
 */
export function gameAt(path: string, option: string): string | null {
  try {
    if (!statSync(path).isFile()) return null;
  } catch {
    return null; // nothing there yet
  }
  let text: string;
  try {
    text = readTextFile(path, 'game');
  } catch {
    return null; // unreadable as a game (too big, no permission): no game is lost by writing over it
  }
  if (depthProblem(text, 64, 'the game')) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  const d = doc as { format?: unknown; id?: unknown; chain?: { number?: unknown } } | null;
  if (typeof d !== 'object' || d === null || Array.isArray(d) || d.format !== MAIL_FORMAT) return null;
  const id = typeof d.id === 'string' ? ` ${JSON.stringify(d.id.slice(0, 64))}` : '';
  const turn = Number.isSafeInteger(d.chain?.number) ? ` (at turn ${d.chain!.number as number})` : '';
  return `${option} ${path} holds the game by mail${id}${turn}; mail new would replace it and lose it: give --force to start a new game there anyway, or choose another ${option}`;
}
