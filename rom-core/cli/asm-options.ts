/** `o2 asm`'s options after ASL's (issue 36): `-D NAME[=V]`, `-I dir`, `--version`, and the include reader they shape. */
import { dirname, resolve } from 'node:path';
import { parseNumber } from '../asm/lexer.ts';
import { UsageError, reason } from './command.ts';
import type { CliIo } from './command.ts';
import type { NamedPath } from './files.ts';

/** What `o2 asm --version` prints: this assembler and the dialect it reads. */
export const ASM_VERSION =
  "o2 asm 0.1.0: the o2conquest 8048 assembler, reading ASL 1.42's dialect (automatic SEL MBx, REG, BINCLUDE, SUBSTR, DATE/TIME...)";

/**
 * `-D NAME=V` as ASL's `-D`: NAME defined before the first line as by EQU; without `=V` it is 1
 * (ASL's TRUE). V is a number in any form the assembler reads (`10`, `0Ah`, `0x0A`, `-3`).
 */
export function parseDefines(list: readonly string[]): Record<string, number> {
  const defines: Record<string, number> = {};
  for (const item of list) {
    const m = /^([A-Za-z_][\w.]*)(?:=(-?)(\S+))?$/.exec(item);
    const value = m?.[3] === undefined ? 1 : parseNumber(m[3]);
    if (!m || value === undefined)
      throw new UsageError(`-D ${item}: give NAME or NAME=VALUE, the value a number (10, 0Ah, 0x0A)`);
    defines[m[1]] = m[2] ? -value : value;
  }
  return defines;
}

/**
 * The bytes of an included file: next to the including file first, then in each `-I` folder in
 * the order given (ASL's `-i` include path). Each file read is noted in `included`, so no output
 * is written over one.
 */
export function includeReader(
  io: CliIo,
  included: NamedPath[],
  dirs: readonly string[],
): (path: string, from: string) => Uint8Array {
  return (path, from) => {
    const places = [resolve(dirname(from), path), ...dirs.map((d) => resolve(d, path))];
    let first: unknown;
    for (const full of places) {
      try {
        const data = io.readFile(full);
        included.push({ option: 'include', path: full });
        return data;
      } catch (e) {
        first ??= e;
        // Only "not there" sends the search on; any other failure is this file's.
        if ((e as { code?: string }).code !== 'ENOENT') break;
      }
    }
    const tried = dirs.length ? ` (looked beside ${from} and in ${dirs.join(', ')})` : '';
    throw new Error(reason(first) + tried, { cause: first });
  };
}
