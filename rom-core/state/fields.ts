/**
 * The save-state schema's types (a component's state declared as a list of fields, schema.ts), shared
 * by the writer (schema.ts) and the reader (read.ts).
 */
export type Field =
  | { key: string; t: 'u8' | 'u16' | 'u32'; min?: number; max?: number }
  /** A whole number stored as f64 (counters that outgrow 32 bits). */
  | { key: string; t: 'int'; min: number; max: number }
  | { key: string; t: 'bool' }
  /** Up to eight booleans packed in one byte, bit 0 first. */
  | { key: string; t: 'bits'; keys: readonly string[] }
  | { key: string; t: 'bytes'; length: number }
  | { key: string; t: 'u16s'; length: number }
  /**
   * `countOf` entries (an earlier u32 field) of a typed array the component owns. Read values may hold
   * a longer array (a reused one, read.ts): only its first `countOf` entries are the state's.
   */
  | { key: string; t: 'i32s' | 'u8s'; countOf: string; min: number; max: number }
  /** A fixed text (the chip's name): a state for another chip is refused with `mismatch`. */
  | { key: string; t: 'ascii'; value: string; mismatch: (found: string) => string }
  /** A fixed number (an image's CRC, the mapper): a state made for something else is refused. */
  | { key: string; t: 'same8' | 'same32'; value: number; mismatch: (found: number) => string }
  | { key: string; t: 'part'; schema: Schema };

export interface Schema {
  /** Names the component in messages ("8048 CPU", "VDC"). */
  readonly what: string;
  readonly fields: readonly Field[];
  /** Cross-field rules; returns a sentence naming the problem, or undefined. */
  readonly check?: (v: Values) => string | undefined;
}

export type Value = number | boolean | string | Uint8Array | Uint16Array | Int32Array | Values;
export interface Values {
  [key: string]: Value;
}

export type Target = Record<string, unknown>;

export class StateError extends Error {}

export function at(target: unknown, key: string): unknown {
  return (target as Target)[key];
}

export const SCALAR_MAX = { u8: 0xff, u16: 0xffff, u32: 0xffff_ffff } as const;
