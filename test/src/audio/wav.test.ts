import { describe, expect, it } from 'vitest';
import {
  UI_SAMPLE_RATE,
  clickSamples,
  confirmSamples,
  encodeWav,
  errorSamples,
  wavDataUrl,
} from '../../../src/audio/wav.ts';

function ascii(bytes: Uint8Array, at: number, n: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + n));
}

describe('encodeWav', () => {
  it('writes a 44-byte RIFF/WAVE header for 16-bit mono PCM and the samples after it', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5, 2]), 8000);
    const view = new DataView(wav.buffer);
    expect(ascii(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(ascii(wav, 8, 8)).toBe('WAVEfmt ');
    expect([view.getUint32(16, true), view.getUint16(20, true), view.getUint16(22, true)]).toEqual([16, 1, 1]);
    expect([
      view.getUint32(24, true),
      view.getUint32(28, true),
      view.getUint16(32, true),
      view.getUint16(34, true),
    ]).toEqual([8000, 16000, 2, 16]);
    expect(ascii(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(10);
    expect(wav.length).toBe(54);
    // 2 is clipped to full scale.
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 16384, 32767]);
  });

  it('refuses a sample rate that is not a positive whole number', () => {
    expect(() => encodeWav(new Float32Array(1), 0)).toThrow(/sample rate must be a positive whole number/);
    expect(() => encodeWav(new Float32Array(1), 44100.5)).toThrow(/not 44100.5/);
  });

  it('makes a base64 data URL howler can decode', () => {
    const wav = encodeWav(new Float32Array([0.25, -0.25]));
    const url = wavDataUrl(wav);
    expect(url.startsWith('data:audio/wav;base64,')).toBe(true);
    expect(Uint8Array.from(Buffer.from(url.split(',')[1]!, 'base64'))).toEqual(wav);
  });
});

describe('interface sounds', () => {
  const cases = [
    ['click', clickSamples, 0.03, 0.04],
    ['confirm', confirmSamples, 0.25, 0.4],
    ['error', errorSamples, 0.18, 0.25],
  ] as const;
  for (const [name, make, minS, maxS] of cases) {
    it(`${name}: short, audible, within full scale, silent at both ends`, () => {
      const s = make();
      const seconds = s.length / UI_SAMPLE_RATE;
      expect(seconds).toBeGreaterThanOrEqual(minS);
      expect(seconds).toBeLessThanOrEqual(maxS);
      const peak = s.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      const rms = Math.sqrt(s.reduce((a, v) => a + v * v, 0) / s.length);
      expect(peak).toBeGreaterThan(0.1);
      expect(peak).toBeLessThanOrEqual(1);
      expect(rms).toBeGreaterThan(0.01);
      // No click at the edges: the first and last samples are (near) zero.
      expect(Math.abs(s[0]!)).toBeLessThan(0.01);
      expect(Math.abs(s[s.length - 1]!)).toBeLessThan(0.01);
      const wav = encodeWav(s);
      expect(wav.length).toBe(44 + s.length * 2);
      expect(new DataView(wav.buffer).getUint32(40, true)).toBe(s.length * 2);
    });
  }

  it('the three sounds differ', () => {
    const [a, b, c] = [clickSamples(), confirmSamples(), errorSamples()];
    expect(new Set([a.length, b.length, c.length]).size).toBe(3);
  });
});
