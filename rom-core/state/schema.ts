/**
 * Save-state schemas: each component declares its state once, as a list of fields (MAME's
 * `save_item` idea), and that one declaration drives saving, loading, validation and the version
 * check. A field names a property of the component (typed arrays are filled in place, numbers and
 * booleans assigned) and says what values it may hold. Loading is two steps: `decode` reads and
 * validates everything (every field's type and range, every length, the component's cross-checks)
 * into plain values without touching the component; `apply` then assigns them and cannot fail. So a
 * refused state changes nothing.
 *
 * Container: magic (ASCII), version (u8), the fields (little-endian), CRC-32 of everything before it.
 * Integrity is checked before the version, so a damaged file is called damaged, not "version 4".
 */
import { crc32 } from '../crc32.ts';

export type Field =
  | { key: string; t: 'u8' | 'u16' | 'u32'; min?: number; max?: number }
  /** A whole number stored as f64 (counters that outgrow 32 bits). */
  | { key: string; t: 'int'; min: number; max: number }
  | { key: string; t: 'bool' }
  /** Up to eight booleans packed in one byte, bit 0 first. */
  | { key: string; t: 'bits'; keys: readonly string[] }
  | { key: string; t: 'bytes'; length: number }
  | { key: string; t: 'u16s'; length: number }
  /** `countOf` entries (an earlier u32 field) of a typed array the component owns. */
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

type Target = Record<string, unknown>;

export class StateError extends Error {}

function at(target: unknown, key: string): unknown {
  return (target as Target)[key];
}

const SCALAR_MAX = { u8: 0xff, u16: 0xffff, u32: 0xffff_ffff } as const;

// ------------------------------------------------------------------------------ writing

class Writer {
  buf = new Uint8Array(1 << 16);
  view = new DataView(this.buf.buffer);
  pos = 0;

  room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    bigger.set(this.buf);
    this.buf = bigger;
    this.view = new DataView(bigger.buffer);
  }
  u8(v: number): void {
    this.room(1);
    this.view.setUint8(this.pos, v);
    this.pos += 1;
  }
  u16(v: number): void {
    this.room(2);
    this.view.setUint16(this.pos, v, true);
    this.pos += 2;
  }
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.pos, v >>> 0, true);
    this.pos += 4;
  }
  i32(v: number): void {
    this.room(4);
    this.view.setInt32(this.pos, v, true);
    this.pos += 4;
  }
  f64(v: number): void {
    this.room(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
  }
  bytes(a: Uint8Array): void {
    this.room(a.length);
    this.buf.set(a, this.pos);
    this.pos += a.length;
  }
  ascii(s: string): void {
    for (let i = 0; i < s.length; i++) this.u8(s.charCodeAt(i));
  }
}

function writeFields(w: Writer, schema: Schema, target: unknown): void {
  // Indexed loops, no iterators: a rewind writes a snapshot every frame and must allocate nothing.
  const fields = schema.fields;
  for (let k = 0; k < fields.length; k++) {
    const f = fields[k];
    const v = at(target, f.key);
    switch (f.t) {
      case 'u8':
        w.u8(v as number);
        break;
      case 'u16':
        w.u16(v as number);
        break;
      case 'u32':
        w.u32(v as number);
        break;
      case 'int':
        w.f64(v as number);
        break;
      case 'bool':
        w.u8(v ? 1 : 0);
        break;
      case 'bits': {
        let b = 0;
        for (let i = 0; i < f.keys.length; i++) if (at(target, f.keys[i])) b |= 1 << i;
        w.u8(b);
        break;
      }
      case 'bytes':
        w.bytes(v as Uint8Array);
        break;
      case 'u16s': {
        const a = v as Uint16Array;
        for (let i = 0; i < a.length; i++) w.u16(a[i]);
        break;
      }
      case 'i32s': {
        const n = at(target, f.countOf) as number;
        for (let i = 0; i < n; i++) w.i32((v as Int32Array)[i]);
        break;
      }
      case 'u8s': {
        const n = at(target, f.countOf) as number;
        for (let i = 0; i < n; i++) w.u8((v as Uint8Array)[i]);
        break;
      }
      case 'ascii':
        w.ascii(f.value);
        break;
      case 'same8':
        w.u8(f.value);
        break;
      case 'same32':
        w.u32(f.value);
        break;
      case 'part':
        writeFields(w, f.schema, v);
        break;
    }
  }
}

/** The component's state: magic, version, fields, CRC-32. */
/** One scratch buffer for every state written (a rollback writes a snapshot every frame: it must not allocate 64 KB each time). */
const scratch = new Writer();

/**
 * The state of `target` in `schema`'s form, ending with its CRC-32. With `into` of the right length
 * (an earlier state of the same machine), it is written there and nothing is allocated.
 */
export function encodeState(
  magic: string,
  version: number,
  schema: Schema,
  target: unknown,
  into?: Uint8Array,
): Uint8Array {
  const w = scratch;
  w.pos = 0;
  w.ascii(magic);
  w.u8(version);
  writeFields(w, schema, target);
  const out = into && into.length === w.pos + 4 ? into : new Uint8Array(w.pos + 4);
  out.set(w.buf.subarray(0, w.pos));
  new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(w.pos, crc32(out.subarray(0, w.pos)), true);
  return out;
}

/**
 * encodeState written into `out` at the offset `place(length)` chooses once the length is known (a ring
 * of snapshots puts each after the last, dropping what it covers); returns the length. Nothing is
 * allocated: the bytes are copied by hand, not through a subarray.
 */
export function encodeStateAt(
  magic: string,
  version: number,
  schema: Schema,
  target: unknown,
  out: Uint8Array,
  place: (length: number) => number,
): number {
  const w = scratch;
  w.pos = 0;
  w.ascii(magic);
  w.u8(version);
  writeFields(w, schema, target);
  const n = w.pos;
  const at = place(n + 4);
  if (at < 0 || at + n + 4 > out.length) throw new RangeError(`no room for a ${n + 4}-byte state at ${at}`);
  const src = w.buf;
  for (let i = 0; i < n; i++) out[at + i] = src[i];
  const crc = crc32(src, 0, 0, n);
  out[at + n] = crc & 0xff;
  out[at + n + 1] = (crc >>> 8) & 0xff;
  out[at + n + 2] = (crc >>> 16) & 0xff;
  out[at + n + 3] = crc >>> 24;
  return n + 4;
}

// ------------------------------------------------------------------------------ reading

/** Reads fields in order, refusing with a sentence at the first value out of its range. */
export class Reader {
  private readonly view: DataView;
  pos: number;

  constructor(
    private readonly buf: Uint8Array,
    private readonly what: string,
    start = 0,
    private readonly end = buf.length,
  ) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.pos = start;
  }

  need(n: number): void {
    if (this.pos + n > this.end)
      throw new StateError(
        `${this.what} save state is truncated: it ends after ${this.end - this.pos} of the ${n} bytes it still needs.`,
      );
  }
  u8(): number {
    this.need(1);
    return this.view.getUint8(this.pos++);
  }
  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }
  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }
  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }
  f32(): number {
    this.need(4);
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }
  bytes(n: number): Uint8Array {
    this.need(n);
    const a = this.buf.slice(this.pos, this.pos + n);
    this.pos += n;
    return a;
  }
  ascii(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String.fromCharCode(this.u8());
    return s;
  }
  done(): void {
    if (this.pos !== this.end)
      throw new StateError(`${this.what} save state has ${this.end - this.pos} unexpected bytes after its last field.`);
  }
}

function range(what: string, name: string, v: number, min: number, max: number): number {
  if (!(Number.isInteger(v) && v >= min && v <= max)) {
    throw new StateError(
      `${what} save state is corrupt: ${name} is ${v}, but it must be a whole number from ${min} to ${max}.`,
    );
  }
  return v;
}

/** Reads and validates one schema's fields; touches nothing but the reader. */
export function readFields(r: Reader, schema: Schema, prefix = '', what = schema.what): Values {
  const v: Values = {};
  for (const f of schema.fields) {
    const name = prefix + f.key;
    switch (f.t) {
      case 'u8':
      case 'u16':
      case 'u32': {
        const x = f.t === 'u8' ? r.u8() : f.t === 'u16' ? r.u16() : r.u32();
        v[f.key] = range(what, name, x, f.min ?? 0, f.max ?? SCALAR_MAX[f.t]);
        break;
      }
      case 'int':
        v[f.key] = range(what, name, r.f64(), f.min, f.max);
        break;
      case 'bool':
        v[f.key] = range(what, name, r.u8(), 0, 1) === 1;
        break;
      case 'bits': {
        const b = range(what, name, r.u8(), 0, (1 << f.keys.length) - 1);
        f.keys.forEach((k, i) => {
          v[k] = (b & (1 << i)) !== 0;
        });
        break;
      }
      case 'bytes':
        v[f.key] = r.bytes(f.length);
        break;
      case 'u16s': {
        const a = new Uint16Array(f.length);
        for (let i = 0; i < a.length; i++) a[i] = r.u16();
        v[f.key] = a;
        break;
      }
      case 'i32s':
      case 'u8s': {
        const n = v[f.countOf] as number;
        const a = f.t === 'i32s' ? new Int32Array(n) : new Uint8Array(n);
        for (let i = 0; i < n; i++)
          a[i] = range(what, `${name}[${i}]`, f.t === 'i32s' ? r.i32() : r.u8(), f.min, f.max);
        v[f.key] = a;
        break;
      }
      case 'ascii': {
        const s = r.ascii(f.value.length);
        if (s !== f.value) throw new StateError(f.mismatch(s));
        v[f.key] = s;
        break;
      }
      case 'same8':
      case 'same32': {
        const x = f.t === 'same8' ? r.u8() : r.u32();
        if (x !== f.value) throw new StateError(f.mismatch(x));
        v[f.key] = x;
        break;
      }
      case 'part':
        v[f.key] = readFields(r, f.schema, `${name}.`, what);
        break;
    }
  }
  const problem = schema.check?.(v);
  if (problem) throw new StateError(`${what} save state is corrupt: ${problem}`);
  return v;
}

/** Assigns validated values; cannot fail (decode checked everything). */
export function applyFields(schema: Schema, v: Values, target: unknown): void {
  const t = target as Target;
  for (const f of schema.fields) {
    switch (f.t) {
      case 'bits':
        for (const k of f.keys) t[k] = v[k];
        break;
      case 'bytes':
      case 'u16s':
      case 'i32s':
      case 'u8s':
        (t[f.key] as Uint8Array).set(v[f.key] as Uint8Array);
        break;
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
 * Checks the container in the order that gives the truest message: magic, length, CRC-32 (any
 * version: every version ends in one), and only then the version, which the caller judges (it may
 * convert an older one). Returns a reader over the fields.
 */
export function openState(state: Uint8Array, magic: string, what: string): { reader: Reader; version: number } {
  if (!(state instanceof Uint8Array)) throw new StateError(`${what} save state must be bytes (a Uint8Array).`);
  const head = magic.length + 1;
  let found = '';
  for (let i = 0; i < magic.length && i < state.length; i++) found += String.fromCharCode(state[i]);
  if (found !== magic)
    throw new StateError(`This is not a save state of the ${what} (it does not begin with "${magic}").`);
  if (state.length < head + 4) throw new StateError(`${what} save state is truncated (${state.length} bytes).`);
  const view = new DataView(state.buffer, state.byteOffset, state.byteLength);
  if (view.getUint32(state.length - 4, true) !== crc32(state.subarray(0, state.length - 4))) {
    throw new StateError(`${what} save state is corrupt: its checksum does not match its contents.`);
  }
  return { reader: new Reader(state, what, head, state.length - 4), version: state[magic.length] };
}

/** Checks that every key a schema names exists on the component (a programming error otherwise). */
export function bindSchema(schema: Schema, target: unknown): void {
  for (const f of schema.fields) {
    const keys = f.t === 'bits' ? f.keys : f.t === 'ascii' || f.t === 'same8' || f.t === 'same32' ? [] : [f.key];
    for (const k of keys) {
      if (!(k in (target as object)))
        throw new Error(`${schema.what} state schema names "${k}", which the component does not have`);
    }
    if (f.t === 'part') bindSchema(f.schema, at(target, f.key));
  }
}

export interface FieldPlace {
  /** Dotted path, as in messages ("vdc.sound.logCount"). */
  name: string;
  t: Field['t'];
  offset: number;
  size: number;
}

/** Where each field of `target`'s state lies in encodeState's output (for tests and tools). */
export function layout(magic: string, schema: Schema, target: unknown): FieldPlace[] {
  const out: FieldPlace[] = [];
  let pos = magic.length + 1;
  const walk = (s: Schema, obj: unknown, prefix: string): void => {
    for (const f of s.fields) {
      const start = pos;
      const w = new Writer();
      if (f.t === 'part') {
        walk(f.schema, at(obj, f.key), `${prefix}${f.key}.`);
        continue;
      }
      writeFields(w, { what: s.what, fields: [f] }, obj);
      pos += w.pos;
      out.push({ name: prefix + f.key, t: f.t, offset: start, size: w.pos });
    }
  };
  walk(schema, target, '');
  return out;
}
