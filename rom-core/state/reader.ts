/**
 * The state reader (read.ts): fields in order from a state's bytes, little-endian, each checked
 * against its range as it is read; nothing allocated but an error's message, since a rollback reads
 * a snapshot every time a prediction was wrong.
 */
import { StateError } from './fields.ts';

/** A double's 8 bytes, read without a DataView (one per state would allocate). */
export const F64 = new Float64Array(1);
const F64_BYTES = new Uint8Array(F64.buffer);
const F32 = new Float32Array(1);
const F32_BYTES = new Uint8Array(F32.buffer);
/** States are little-endian; the typed arrays above use the host's order. */
const HOST_LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Reads fields in order, refusing with a sentence at the first value out of its range. */
export class Reader {
  pos: number;

  constructor(
    private buf: Uint8Array,
    private what: string,
    start = 0,
    private end = buf.length,
  ) {
    this.pos = start;
  }

  /** Reads `buf[start, end)` from now on (a reader kept for every restore). */
  reset(buf: Uint8Array, what: string, start: number, end: number): void {
    this.buf = buf;
    this.what = what;
    this.pos = start;
    this.end = end;
  }

  need(n: number): void {
    if (this.pos + n > this.end)
      throw new StateError(
        `${this.what} save state is truncated: it ends after ${this.end - this.pos} of the ${n} bytes it still needs.`,
      );
  }
  u8(): number {
    this.need(1);
    return this.buf[this.pos++];
  }
  u16(): number {
    this.need(2);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return b[p] | (b[p + 1] << 8);
  }
  i32(): number {
    this.need(4);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 4;
    return b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
  }
  u32(): number {
    return this.i32() >>> 0;
  }
  f64(): number {
    this.f64Into();
    return F64[0];
  }
  /** Reads a double into F64[0] (returning one would box it). */
  f64Into(): void {
    this.need(8);
    this.take(F64_BYTES, 8);
  }
  f32(): number {
    this.need(4);
    this.take(F32_BYTES, 4);
    return F32[0];
  }
  private take(into: Uint8Array, n: number): void {
    const b = this.buf;
    const p = this.pos;
    for (let i = 0; i < n; i++) into[HOST_LITTLE ? i : n - 1 - i] = b[p + i];
    this.pos = p + n;
  }
  bytes(n: number): Uint8Array {
    const a = new Uint8Array(n);
    this.bytesInto(a);
    return a;
  }
  /** Fills `into` from the next `into.length` bytes. */
  bytesInto(into: Uint8Array): void {
    const n = into.length;
    this.need(n);
    const b = this.buf;
    const p = this.pos;
    for (let i = 0; i < n; i++) into[i] = b[p + i];
    this.pos = p + n;
  }
  /** Fills `into` from the next 2·length bytes (little-endian u16s). */
  u16sInto(into: Uint16Array): void {
    const n = into.length;
    this.need(2 * n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++, p += 2) into[i] = b[p] | (b[p + 1] << 8);
    this.pos = p;
  }
  /**
   * Fills into[0, n) from the next 4·n bytes (little-endian i32s); returns the index of the first
   * outside `lo`..`hi` (all are read), or -1.
   */
  i32sInto(into: Int32Array, n: number, lo: number, hi: number): number {
    this.need(4 * n);
    const b = this.buf;
    let p = this.pos;
    let bad = -1;
    for (let i = 0; i < n; i++, p += 4) {
      const x = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
      if ((x < lo || x > hi) && bad < 0) bad = i;
      into[i] = x;
    }
    this.pos = p;
    return bad;
  }
  /** As i32sInto, for bytes. */
  u8sInto(into: Uint8Array, n: number, lo: number, hi: number): number {
    this.need(n);
    const b = this.buf;
    let p = this.pos;
    let bad = -1;
    for (let i = 0; i < n; i++, p++) {
      const x = b[p];
      if ((x < lo || x > hi) && bad < 0) bad = i;
      into[i] = x;
    }
    this.pos = p;
    return bad;
  }
  ascii(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String.fromCharCode(this.u8());
    return s;
  }
  /** Whether the next bytes are `text`'s (read past either way); builds no string. */
  asciiIs(text: string): boolean {
    let same = true;
    for (let i = 0; i < text.length; i++) if (this.u8() !== text.charCodeAt(i)) same = false;
    return same;
  }
  done(): void {
    if (this.pos !== this.end)
      throw new StateError(`${this.what} save state has ${this.end - this.pos} unexpected bytes after its last field.`);
  }
}
