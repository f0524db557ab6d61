/**
 * Reading a state back (schema.ts): `readFields` reads and validates every field into plain values
 * without touching the component; `applyFields` then assigns them and cannot fail, so a refused state
 * changes nothing. Given values of an earlier read of the same schema (`into`), a read reuses their
 * objects and arrays: a rollback restores a snapshot every time a prediction was wrong and must
 * allocate nothing (no iterators, no subarrays, no DataViews, no strings but in an error's message).
 */
import { crc32 } from '../crc32.ts';
import { SCALAR_MAX, StateError } from './fields.ts';
import type { Field, Schema, Target, Values } from './fields.ts';
import { F64, Reader } from './reader.ts';

export { Reader } from './reader.ts';

/**
 * The keys of the parts being read, outermost first (a field's name in a message is
 * "vdc.sound.logDots[3]"): a stack, so a read builds a name only when it refuses a value.
 */
const path: string[] = [];
let depth = 0;

function fieldName(key: string, index: number): string {
  const name = [...path.slice(0, depth), key].join('.');
  return index < 0 ? name : `${name}[${index}]`;
}

/**
 * Each numeric field's range as two doubles. A field's `max` of 2^52 (or a u32's FFFFFFFFh) is no
 * small integer, and V8 boxes it anew at every read of the field's object: read from here it is not.
 */
const BOUNDS = new WeakMap<Field, Float64Array>();

function bounds(f: Field): Float64Array {
  let b = BOUNDS.get(f);
  if (b === undefined) {
    b = new Float64Array(2);
    if (f.t === 'u8' || f.t === 'u16' || f.t === 'u32') {
      b[0] = f.min ?? 0;
      b[1] = f.max ?? SCALAR_MAX[f.t];
    } else if (f.t === 'int' || f.t === 'i32s' || f.t === 'u8s') {
      b[0] = f.min;
      b[1] = f.max;
    }
    BOUNDS.set(f, b);
  }
  return b;
}

/** A whole number in b[0] .. b[1], or a refusal naming the field. */
function inRange(what: string, key: string, v: number, b: Float64Array, index = -1): number {
  if (!(Number.isInteger(v) && v >= b[0] && v <= b[1])) range(what, key, v, b[0], b[1], index);
  return v;
}

function range(what: string, key: string, v: number, min: number, max: number, index = -1): number {
  if (!(Number.isInteger(v) && v >= min && v <= max)) {
    throw new StateError(
      `${what} save state is corrupt: ${fieldName(key, index)} is ${v}, but it must be a whole number from ${min} to ${max}.`,
    );
  }
  return v;
}

/** The fields read into typed arrays. */
type ArrayField = Extract<Field, { t: 'bytes' | 'u16s' | 'i32s' | 'u8s' }>;

/**
 * Reads and validates one schema's fields; touches nothing but the reader and `into`. With `reuse`
 * false every value is new. With `reuse`, `into` holds the values of an earlier read of this schema
 * (or is undefined the first time): its parts and arrays are filled again (a count's array grows only
 * when a longer one comes) and it is returned.
 */
export function readFields(r: Reader, schema: Schema, into?: Values, what = schema.what, reuse = false): Values {
  const v: Values = into ?? {};
  const fields = schema.fields;
  for (let k = 0; k < fields.length; k++) {
    const f = fields[k];
    switch (f.t) {
      case 'u8':
        v[f.key] = inRange(what, f.key, r.u8(), bounds(f));
        break;
      case 'u16':
        v[f.key] = inRange(what, f.key, r.u16(), bounds(f));
        break;
      case 'u32':
        v[f.key] = inRange(what, f.key, r.u32(), bounds(f));
        break;
      case 'int': {
        // A double handed to or from a function that is not inlined is boxed (allocated), so it is read
        // into F64 and checked here. A whole number stored as a double would also turn the component's
        // field into one of boxed numbers, every generic read of which (a snapshot's) allocates: small
        // ones are stored as small integers.
        r.f64Into();
        const x = F64[0];
        const b = bounds(f);
        if (!(Number.isInteger(x) && x >= b[0] && x <= b[1])) range(what, f.key, x, b[0], b[1]);
        v[f.key] = x === (x | 0) ? x | 0 : x;
        break;
      }
      case 'bool':
        v[f.key] = range(what, f.key, r.u8(), 0, 1) === 1;
        break;
      case 'bits': {
        const b = range(what, f.key, r.u8(), 0, (1 << f.keys.length) - 1);
        for (let i = 0; i < f.keys.length; i++) v[f.keys[i]] = (b & (1 << i)) !== 0;
        break;
      }
      case 'bytes':
      case 'u16s':
      case 'i32s':
      case 'u8s':
        readArray(r, f, v, what, reuse);
        break;
      case 'ascii':
        if (!r.asciiIs(f.value)) {
          r.pos -= f.value.length;
          throw new StateError(f.mismatch(r.ascii(f.value.length)));
        }
        v[f.key] = f.value;
        break;
      case 'same8':
      case 'same32': {
        // Compared as 32-bit patterns: a CRC past 2^30 as a number would be boxed on every read.
        const x = f.t === 'same8' ? r.u8() : r.i32();
        if (x !== (f.t === 'same8' ? f.value : f.value | 0)) throw new StateError(f.mismatch(x >>> 0));
        // The schema's own number: a CRC is no small integer, and a new one would be boxed each time.
        v[f.key] = f.value;
        break;
      }
      case 'part': {
        const old = v[f.key];
        path[depth++] = f.key;
        try {
          v[f.key] = readFields(r, f.schema, reuse ? (old as Values | undefined) : undefined, what, reuse);
        } finally {
          depth--;
        }
        break;
      }
    }
  }
  const problem = schema.check?.(v);
  if (problem) throw new StateError(`${what} save state is corrupt: ${problem}`);
  // Values to be read into again: V8 keeps an object that had over a dozen keys added by name as a
  // dictionary, where a number stored may be boxed anew; a copy made at once has fast properties.
  return reuse && into === undefined ? Object.assign({}, v) : v;
}

/**
 * Reads one array field into `v` (readFields' arrays): filled in place when `v` holds one long enough;
 * with `reuse`, a counted array made anew has half as much again for the next, longer read.
 */
function readArray(r: Reader, f: ArrayField, v: Values, what: string, reuse: boolean): void {
  switch (f.t) {
    case 'bytes': {
      const old = v[f.key];
      const a = old instanceof Uint8Array && old.length === f.length ? old : new Uint8Array(f.length);
      r.bytesInto(a);
      v[f.key] = a;
      break;
    }
    case 'u16s': {
      const old = v[f.key];
      const a = old instanceof Uint16Array && old.length === f.length ? old : new Uint16Array(f.length);
      r.u16sInto(a);
      v[f.key] = a;
      break;
    }
    case 'i32s': {
      const n = v[f.countOf] as number;
      const old = v[f.key];
      const a = old instanceof Int32Array && old.length >= n ? old : new Int32Array(reuse ? n + (n >> 1) : n);
      const b = bounds(f);
      const bad = r.i32sInto(a, n, b[0], b[1]);
      if (bad >= 0) range(what, f.key, a[bad], b[0], b[1], bad);
      v[f.key] = a;
      break;
    }
    case 'u8s': {
      const n = v[f.countOf] as number;
      const old = v[f.key];
      const a = old instanceof Uint8Array && old.length >= n ? old : new Uint8Array(reuse ? n + (n >> 1) : n);
      const b = bounds(f);
      const bad = r.u8sInto(a, n, b[0], b[1]);
      if (bad >= 0) range(what, f.key, a[bad], b[0], b[1], bad);
      v[f.key] = a;
      break;
    }
  }
}

/** Assigns validated values; cannot fail (readFields checked everything). */
export function applyFields(schema: Schema, v: Values, target: unknown): void {
  const t = target as Target;
  const fields = schema.fields;
  for (let k = 0; k < fields.length; k++) {
    const f = fields[k];
    switch (f.t) {
      case 'bits':
        for (let i = 0; i < f.keys.length; i++) t[f.keys[i]] = v[f.keys[i]];
        break;
      case 'bytes':
      case 'u16s':
        (t[f.key] as Uint8Array).set(v[f.key] as Uint8Array);
        break;
      case 'i32s':
      case 'u8s': {
        const from = v[f.key] as Uint8Array;
        const to = t[f.key] as Uint8Array;
        const n = v[f.countOf] as number;
        for (let i = 0; i < n; i++) to[i] = from[i];
        break;
      }
      case 'ascii':
      case 'same8':
      case 'same32':
        break;
      case 'part':
        applyFields(f.schema, v[f.key] as Values, t[f.key]);
        break;
      default:
        t[f.key] = v[f.key];
    }
  }
}

/**
 * Checks the container in `state[start, end)` in the order that gives the truest message: magic,
 * length, CRC-32 (any version: every version ends in one), and only then the version, which the
 * caller judges (it may convert an older one). Sets `reader` on the fields; returns the version.
 */
export function openStateInto(
  reader: Reader,
  state: Uint8Array,
  magic: string,
  what: string,
  start = 0,
  until?: number,
): number {
  if (!(state instanceof Uint8Array)) throw new StateError(`${what} save state must be bytes (a Uint8Array).`);
  const end = until ?? state.length;
  const head = magic.length + 1;
  let same = end - start >= magic.length;
  for (let i = 0; same && i < magic.length; i++) same = state[start + i] === magic.charCodeAt(i);
  if (!same) throw new StateError(`This is not a save state of the ${what} (it does not begin with "${magic}").`);
  if (end - start < head + 4) throw new StateError(`${what} save state is truncated (${end - start} bytes).`);
  const c = end - 4;
  const stored = (state[c] | (state[c + 1] << 8) | (state[c + 2] << 16) | (state[c + 3] << 24)) >>> 0;
  if (stored !== crc32(state, 0, start, c)) {
    throw new StateError(`${what} save state is corrupt: its checksum does not match its contents.`);
  }
  reader.reset(state, what, start + head, c);
  return state[start + magic.length];
}

/** openStateInto on a new reader over the whole of `state`. */
export function openState(state: Uint8Array, magic: string, what: string): { reader: Reader; version: number } {
  const reader = new Reader(new Uint8Array(0), what);
  const version = openStateInto(reader, state, magic, what);
  return { reader, version };
}

/**
 * A component's whole state read and validated, for its decodeState: the container (openState), the
 * version, which must be `version` (`subject` begins the sentence refusing another), then its fields.
 */
export function readVersioned(
  state: Uint8Array,
  magic: string,
  version: number,
  schema: Schema,
  what: string,
  subject: string,
): Values {
  const { reader, version: found } = openState(state, magic, what);
  if (found !== version) {
    throw new StateError(`${subject} version ${found} is not supported (this build reads version ${version}).`);
  }
  const v = readFields(reader, schema);
  reader.done();
  return v;
}
