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
 * This file writes states; read.ts reads them back; fields.ts holds the types both use.
 */
import { crc32 } from '../crc32.ts';
import { at } from './fields.ts';
import type { Field, Schema } from './fields.ts';

export type { Field, Schema, Value, Values } from './fields.ts';
export { StateError } from './fields.ts';
export { Reader, applyFields, openState, openStateInto, readFields, readVersioned } from './read.ts';

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
  // Arrays byte by byte into the buffer, room made once: a call per entry was most of a snapshot's time.
  u16s(a: Uint16Array): void {
    this.room(2 * a.length);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < a.length; i++, p += 2) {
      buf[p] = a[i];
      buf[p + 1] = a[i] >> 8;
    }
    this.pos = p;
  }
  /** The first `n` entries of `a`. */
  i32s(a: Int32Array, n: number): void {
    this.room(4 * n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++, p += 4) {
      const x = a[i];
      buf[p] = x;
      buf[p + 1] = x >> 8;
      buf[p + 2] = x >> 16;
      buf[p + 3] = x >> 24;
    }
    this.pos = p;
  }
  /** The first `n` entries of `a`. */
  u8s(a: Uint8Array, n: number): void {
    this.room(n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) buf[p++] = a[i];
    this.pos = p;
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
      case 'u16s':
        w.u16s(v as Uint16Array);
        break;
      case 'i32s':
        w.i32s(v as Int32Array, at(target, f.countOf) as number);
        break;
      case 'u8s':
        w.u8s(v as Uint8Array, at(target, f.countOf) as number);
        break;
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

/** One scratch buffer for every state written (a rollback writes a snapshot every frame: it must not allocate 64 KB each time). */
const scratch = new Writer();

/** Writes the component's state (magic, version, fields) into the scratch buffer; returns its length. */
function writeScratch(magic: string, version: number, schema: Schema, target: unknown): number {
  const w = scratch;
  w.pos = 0;
  w.ascii(magic);
  w.u8(version);
  writeFields(w, schema, target);
  return w.pos;
}

/** Copies the `n` bytes writeScratch wrote to `out` at `at`, then their CRC-32: by hand, no subarray or DataView. */
function copyScratch(out: Uint8Array, at: number, n: number): void {
  if (at < 0 || at + n + 4 > out.length) throw new RangeError(`no room for a ${n + 4}-byte state at ${at}`);
  const src = scratch.buf;
  for (let i = 0; i < n; i++) out[at + i] = src[i];
  const crc = crc32(src, 0, 0, n);
  out[at + n] = crc & 0xff;
  out[at + n + 1] = (crc >>> 8) & 0xff;
  out[at + n + 2] = (crc >>> 16) & 0xff;
  out[at + n + 3] = crc >>> 24;
}

/**
 * The state of `target` in `schema`'s form: magic, version, fields, CRC-32 (of all before it). With
 * `into` of the right length (an earlier state of the same machine), it is written there and nothing
 * is allocated.
 */
export function encodeState(
  magic: string,
  version: number,
  schema: Schema,
  target: unknown,
  into?: Uint8Array,
): Uint8Array {
  const n = writeScratch(magic, version, schema, target);
  const out = into && into.length === n + 4 ? into : new Uint8Array(n + 4);
  copyScratch(out, 0, n);
  return out;
}

/**
 * encodeState written into `out` at the offset `place(length)` chooses once the length is known (a ring
 * of snapshots puts each after the last, dropping what it covers); returns the length. Allocates nothing.
 */
export function encodeStateAt(
  magic: string,
  version: number,
  schema: Schema,
  target: unknown,
  out: Uint8Array,
  place: (length: number) => number,
): number {
  const n = writeScratch(magic, version, schema, target);
  copyScratch(out, place(n + 4), n);
  return n + 4;
}

/**
 * encodeState written at the start of the buffer `pick(length)` gives once the length is known (at least
 * that long: a kept buffer, or a longer one when it is not); returns the length. Allocates nothing
 * but what `pick` does.
 */
export function encodeStateTo(
  magic: string,
  version: number,
  schema: Schema,
  target: unknown,
  pick: (length: number) => Uint8Array,
): number {
  const n = writeScratch(magic, version, schema, target);
  copyScratch(pick(n + 4), 0, n);
  return n + 4;
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
