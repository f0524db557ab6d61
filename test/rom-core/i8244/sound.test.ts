import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { NTSC, PAL } from '../../../rom-core/i8244/timing.ts';

const LINE = 455;
const shiftDot = (line: number) => line * LINE + 366;

function withSound(a7: number, a8: number, a9: number, aa: number, rate = 48_000, timing = NTSC): I8244 {
  const v = new I8244(timing, undefined, rate);
  v.write(0xa7, a7, 0);
  v.write(0xa8, a8, 0);
  v.write(0xa9, a9, 0);
  v.write(0xaa, aa, 0);
  return v;
}

/** Sample indices where the PCM rises from silence. */
function risingEdges(s: Float32Array): number[] {
  const out: number[] = [];
  for (let i = 1; i < s.length; i++) if (s[i - 1] === 0 && s[i] > 0) out.push(i);
  return out;
}

describe('shift register', () => {
  it('shifts right every 4 lines (fast) at HBLANK start; output = the bit shifted out; it recirculates', () => {
    const v = withSound(0x12, 0x34, 0x56, 0xa0);
    const start = 0x123456;
    const bits: number[] = [];
    let after24 = -1;
    for (let line = 0; line < 24 * 4 + 8; line++) {
      v.syncTo(shiftDot(line));
      bits.push(v.sound.output);
      if (line === 3 + 4 * 23) after24 = (v.regs[0xa7] << 16) | (v.regs[0xa8] << 8) | v.regs[0xa9];
    }
    const shiftLines = [];
    let reg = start;
    const expectBits: number[] = [];
    for (let k = 0; k < 24; k++) {
      expectBits.push(reg & 1);
      reg = (reg >>> 1) | ((reg & 1) << 23);
    }
    // Clocks fall due on lines 3, 7, 11, ... (prescaler 4, 8, 12 ...).
    for (let line = 3; line < 100; line += 4) shiftLines.push(line);
    const got = shiftLines.slice(0, 24).map((l) => bits[l]);
    expect(got).toEqual(expectBits);
    expect(bits[2]).toBe(0);
    expect(reg).toBe(start);
    expect(after24).toBe(start);
  });

  it('slow rate: one shift every 16 lines', () => {
    const v = withSound(0, 0, 0x01, 0x80);
    v.syncTo(shiftDot(14));
    expect(v.sound.output).toBe(0);
    v.syncTo(shiftDot(15));
    expect(v.sound.output).toBe(1);
    v.syncTo(shiftDot(30));
    expect(v.sound.output).toBe(1);
    v.syncTo(shiftDot(31));
    expect(v.sound.output).toBe(0);
  });

  it('a write to A7h-A9h holds off the pending shift until an HBLANK without a write', () => {
    const v = withSound(0xff, 0xff, 0xff, 0xa0);
    for (let line = 0; line < 20; line++) v.write(0xa9, 0xff, line * LINE + 100);
    v.syncTo(shiftDot(20) - 1);
    expect(v.sound.output).toBe(0);
    v.syncTo(shiftDot(20)); // the clock that fell due on line 19 was held; it runs now
    expect(v.sound.output).toBe(1);
  });

  it('noise: feedback bit0 ^ bit5 into bit 15 (and 23); the 16-bit sequence repeats after 16383 shifts', () => {
    const v = withSound(0x00, 0x00, 0x01, 0xb0);
    const seen = new Map<number, number>();
    let shifts = 0,
      period = 0;
    outer: for (let f = 0; f < 300; f++) {
      for (let line = 0; line < 263; line++) {
        const before = (v.regs[0xa8] << 8) | v.regs[0xa9];
        v.syncTo(shiftDot(line));
        const after = (v.regs[0xa8] << 8) | v.regs[0xa9];
        if (after === before) continue; // no clock on this line
        shifts++;
        const fb = (before & 1) ^ ((before >> 5) & 1);
        expect(after).toBe(((before >>> 1) & 0x7fff) | (fb << 15));
        expect(v.regs[0xa7] >> 7).toBe(fb);
        const first = seen.get(after);
        if (first !== undefined) {
          period = shifts - first;
          break outer;
        }
        seen.set(after, shifts);
      }
      v.endFrame();
    }
    expect(period).toBe(16383);
  });

  it('sound interrupt (A0.2): A1 bit 2 and /INT after every 24 shifts', () => {
    const v = withSound(0x00, 0x00, 0x00, 0xa0);
    v.write(0xa0, 0x04, 0);
    // 24th clock: line 3 + 4·23 = 95 (the first due clock at line 3 is not held: the writes were at dot 0,
    // and line 0's HBLANK cleared the hold).
    expect(v.intAsserted(shiftDot(95) - 1)).toBe(false);
    expect(v.intAsserted(shiftDot(95))).toBe(true);
    expect(v.read(0xa1, shiftDot(95) + 1) & 0x04).toBe(0x04);
    expect(v.intAsserted(shiftDot(95) + 2)).toBe(false);
    expect(v.read(0xa1, shiftDot(96)) & 0x04).toBe(0);
  });
});

describe('PCM', () => {
  it('volume 0 or enable off gives silence', () => {
    for (const aa of [0xa0, 0x2f, 0x20]) {
      const v = withSound(0xaa, 0xaa, 0xaa, aa);
      v.endFrame();
      v.endFrame();
      expect(v.pcm.samples.length).toBeGreaterThan(800);
      expect(v.pcm.samples.every((s) => s === 0)).toBe(true);
    }
  });

  it('AAAAAAh at the fast rate is a 1966.8 Hz square wave at volume/16', () => {
    const v = withSound(0xaa, 0xaa, 0xaa, 0xa0 | 12);
    const all: number[] = [];
    for (let f = 0; f < 10; f++) {
      v.endFrame();
      all.push(...v.pcm.samples);
    }
    const s = Float32Array.from(all);
    const edges = risingEdges(s);
    const spacing = (edges[edges.length - 1] - edges[0]) / (edges.length - 1);
    const hz = 48_000 / spacing;
    expect(hz).toBeCloseTo(7_159_090 / (8 * 455), 0); // 1966.8 Hz
    expect(Math.max(...all)).toBeCloseTo(12 / 16, 6);
    expect(Math.min(...all)).toBe(0);
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    expect(mean).toBeCloseTo(12 / 32, 2);
  });

  it('constant 1s at volume v give exactly v/16 and Int16 v·2048', () => {
    for (const vol of [1, 7, 15]) {
      const v = withSound(0xff, 0xff, 0xff, 0x80 | vol);
      v.endFrame();
      v.endFrame();
      const s = v.pcm.samples;
      expect(Array.from(s).every((x) => x === vol / 16)).toBe(true);
      expect(Array.from(v.pcm.samplesInt16()).every((x) => x === vol * 2048)).toBe(true);
    }
  });

  it('a volume change mid-frame is box-filtered at the exact dot', () => {
    const v = withSound(0xff, 0xff, 0xff, 0x88);
    v.endFrame(); // output is 1 from now on
    const n1 = v.pcm.samples.length;
    const at = 91_001; // somewhere in the frame
    v.write(0xaa, 0x80, at);
    v.endFrame();
    const s = v.pcm.samples;
    // Sample j covers absolute dots [j·T, (j+1)·T) counted from reset, T = 7159090 / 48000.
    const k = ((NTSC.dotsPerFrame + at) * 48_000) / 7_159_090;
    const i = Math.floor(k) - n1;
    expect(s[i - 1]).toBe(0.5);
    expect(s[i]).toBeCloseTo(0.5 * (k - Math.floor(k)), 6);
    expect(s[i + 1]).toBe(0);
  });

  it('sample counts per frame: 802-803 at 48 kHz, 737-738 at 44.1 kHz, no drift over 60 frames', () => {
    for (const [rate, timing] of [
      [48_000, NTSC],
      [44_100, NTSC],
      [48_000, PAL],
    ] as const) {
      const v = withSound(0, 0, 0, 0, rate, timing);
      let total = 0;
      for (let f = 0; f < 60; f++) {
        v.endFrame();
        total += v.pcm.samples.length;
      }
      const exact = (60 * timing.dotsPerFrame * rate * timing.dotRateDen) / timing.dotRateNum;
      expect(total).toBe(Math.floor(exact));
    }
  });

  it('rejects other sample rates with a clear message', () => {
    expect(() => new I8244(NTSC, undefined, 22_050)).toThrow(/44100 or 48000 Hz; got 22050/);
    const v = withSound(0xff, 0xff, 0xff, 0x88);
    expect(() => v.setSampleRate(22_050)).toThrow(/44100 or 48000 Hz; got 22050/);
    expect(v.pcm.sampleRate).toBe(48_000);
  });

  it('changes its host rate mid-run (the sound output made after the first picture): from the next frame it sounds as a chip made at that rate', () => {
    const made = withSound(0xf0, 0x0f, 0xcc, 0x88, 44_100);
    const changed = withSound(0xf0, 0x0f, 0xcc, 0x88, 48_000);
    for (let f = 0; f < 30; f++) {
      if (f === 11) changed.setSampleRate(44_100);
      // A tone that changes now and then, mid-frame.
      if (f % 7 === 3) for (const v of [made, changed]) v.write(0xaa, 0x80 | (f & 0x0f), 50_000 + f * 1000);
      made.endFrame();
      changed.endFrame();
      if (f >= 11) expect(Array.from(changed.pcm.samples)).toEqual(Array.from(made.pcm.samples));
      else expect(changed.pcm.samples.length).toBeGreaterThan(made.pcm.samples.length);
    }
  });
});
