/**
 * Our own equivalent of ASL's `bitfuncs.inc`: the same function names, arguments and results
 * (`lo`, `hi`, `mask`, ...), computed on 32-bit integers as our expressions are. A source gets
 * them with `include "bitfuncs.inc"`, as it would with ASL.
 */
export type AslFunction = (args: number[]) => number;

const shl = (x: number, n: number): number => (n >= 32 || n <= -32 ? 0 : n < 0 ? x >> -n : x << n);
const shr = (x: number, n: number): number => (n >= 32 ? (x < 0 ? -1 : 0) : n < 0 ? shl(x, -n) : x >> n);
const mask = (start: number, bits: number): number => shl(shl(1, bits) - 1, start);
const cutout = (x: number, start: number, bits: number): number => x & mask(start, bits);
const shln = (x: number, size: number, n: number): number => shl(x, n) & mask(0, size);
const shrn = (x: number, size: number, n: number): number => shr(x, n) & mask(0, size - n);

/** Name (upper case) -> [parameter count, function]. */
export const BITFUNCS: ReadonlyMap<string, readonly [number, AslFunction]> = new Map<
  string,
  readonly [number, AslFunction]
>([
  ['MASK', [2, ([s, b]) => mask(s, b)]],
  ['INVMASK', [2, ([s, b]) => ~mask(s, b)]],
  ['CUTOUT', [3, ([x, s, b]) => cutout(x, s, b)]],
  ['HI', [1, ([x]) => shr(x, 8) & 0xff]],
  ['LO', [1, ([x]) => x & 0xff]],
  ['HIWORD', [1, ([x]) => shr(x, 16) & 0xffff]],
  ['LOWORD', [1, ([x]) => x & 0xffff]],
  ['ODD', [1, ([x]) => ((x & 1) === 1 ? 1 : 0)]],
  ['EVEN', [1, ([x]) => ((x & 1) === 0 ? 1 : 0)]],
  ['GETBIT', [2, ([x, n]) => shr(x, n) & 1]],
  ['SHLN', [3, ([x, size, n]) => shln(x, size, n)]],
  ['SHRN', [3, ([x, size, n]) => shrn(x, size, n)]],
  ['ROTLN', [3, ([x, size, n]) => cutout(x, size, 32 - size) | shln(x, size, n) | shrn(x, size, size - n)]],
  ['ROTRN', [3, ([x, size, n]) => cutout(x, size, 32 - size) | shrn(x, size, n) | shln(x, size, size - n)]],
]);

/** Whether an INCLUDE names ASL's bitfuncs.inc (any folder, any case). */
export const isBitfuncsInclude = (path: string): boolean => /(^|[\\/])bitfuncs\.inc$/i.test(path);
