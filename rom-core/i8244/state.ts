/**
 * A small little-endian byte writer/reader for the VDC's versioned save states. Save states are plain
 * Uint8Arrays so the machine can concatenate them with the CPU's and store them anywhere.
 */

export class StateWriter {
  private buf: Uint8Array;
  private view: DataView;
  private pos = 0;

  constructor(initial = 1 << 17) {
    this.buf = new Uint8Array(initial);
    this.view = new DataView(this.buf.buffer);
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    bigger.set(this.buf);
    this.buf = bigger;
    this.view = new DataView(bigger.buffer);
  }

  u8(v: number): void { this.room(1); this.view.setUint8(this.pos, v); this.pos += 1; }
  u16(v: number): void { this.room(2); this.view.setUint16(this.pos, v, true); this.pos += 2; }
  u32(v: number): void { this.room(4); this.view.setUint32(this.pos, v >>> 0, true); this.pos += 4; }
  f64(v: number): void { this.room(8); this.view.setFloat64(this.pos, v, true); this.pos += 8; }
  bytes(a: Uint8Array): void { this.room(a.length); this.buf.set(a, this.pos); this.pos += a.length; }
  u16s(a: Uint16Array): void { for (let i = 0; i < a.length; i++) this.u16(a[i]); }
  f32s(a: Float32Array, n: number): void {
    this.room(4 * n);
    for (let i = 0; i < n; i++) { this.view.setFloat32(this.pos, a[i], true); this.pos += 4; }
  }
  ascii(s: string): void { for (let i = 0; i < s.length; i++) this.u8(s.charCodeAt(i)); }

  finish(): Uint8Array { return this.buf.slice(0, this.pos); }
}

export class StateReader {
  private readonly view: DataView;
  private pos = 0;

  constructor(private readonly buf: Uint8Array, private readonly what: string) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  private need(n: number): void {
    if (this.pos + n > this.buf.length) {
      throw new RangeError(`${this.what} save state is truncated (${this.buf.length} bytes)`);
    }
  }

  u8(): number { this.need(1); return this.view.getUint8(this.pos++); }
  u16(): number { this.need(2); const v = this.view.getUint16(this.pos, true); this.pos += 2; return v; }
  u32(): number { this.need(4); const v = this.view.getUint32(this.pos, true); this.pos += 4; return v; }
  f64(): number { this.need(8); const v = this.view.getFloat64(this.pos, true); this.pos += 8; return v; }
  bytes(into: Uint8Array): void { this.need(into.length); into.set(this.buf.subarray(this.pos, this.pos + into.length)); this.pos += into.length; }
  u16s(into: Uint16Array): void { for (let i = 0; i < into.length; i++) into[i] = this.u16(); }
  f32s(into: Float32Array, n: number): void {
    if (n > into.length) throw new RangeError(`${this.what} save state holds ${n} samples; the buffer takes ${into.length}`);
    this.need(4 * n);
    for (let i = 0; i < n; i++) { into[i] = this.view.getFloat32(this.pos, true); this.pos += 4; }
  }
  ascii(n: number): string { let s = ''; for (let i = 0; i < n; i++) s += String.fromCharCode(this.u8()); return s; }
  end(): void {
    if (this.pos !== this.buf.length) {
      throw new RangeError(`${this.what} save state has ${this.buf.length - this.pos} unexpected trailing bytes`);
    }
  }
}
