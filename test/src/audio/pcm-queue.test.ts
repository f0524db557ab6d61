import { describe, expect, it } from 'vitest';
import { PcmQueue } from '../../../src/audio/pcm-queue.ts';

const RATE = 48_000;
const frame = (level: number, n = 800): Float32Array => new Float32Array(n).fill(level);

describe('PcmQueue', () => {
  it('stays silent until half the target is queued, then plays', () => {
    const q = new PcmQueue(RATE, 30);
    const out = new Float32Array(128);
    expect(q.pull(out)).toBe(false);
    expect(out.every((v) => v === 0)).toBe(true);
    q.push(frame(0.5));
    expect(q.pull(out)).toBe(true);
    expect(out.some((v) => v !== 0)).toBe(true);
  });

  it('removes the DC offset of the unipolar PCM', () => {
    const q = new PcmQueue(RATE, 30);
    for (let i = 0; i < 20; i++) q.push(frame(0.9375));
    const out = new Float32Array(128);
    let last = 1;
    for (let i = 0; i < 100; i++) {
      q.pull(out);
      last = out[127];
      if (q.queued < 400) q.push(frame(0.9375));
    }
    expect(Math.abs(last)).toBeLessThan(0.05);
  });

  it('trims the rate up when the queue is long and down when short, within 1 %', () => {
    const long = new PcmQueue(RATE, 30);
    for (let i = 0; i < 6; i++) long.push(frame(0.2));
    long.pull(new Float32Array(128));
    expect(long.rate).toBeGreaterThan(1);
    expect(long.rate).toBeLessThanOrEqual(1.01);
    const short = new PcmQueue(RATE, 30);
    short.push(frame(0.2));
    short.pull(new Float32Array(128));
    expect(short.rate).toBeLessThan(1);
    expect(short.rate).toBeGreaterThanOrEqual(0.99);
  });

  it('fades to silence on an underrun instead of stepping', () => {
    const q = new PcmQueue(RATE, 30);
    const square = new Float32Array(800);
    for (let i = 0; i < square.length; i++) square[i] = (i >> 4) & 1 ? 0.9 : 0;
    q.push(square);
    const out = new Float32Array(1024);
    expect(q.pull(out)).toBe(false);
    expect(q.underruns).toBe(1);
    // The tail after the queue ran dry: one sign, never growing, ending in silence.
    let dry = out.length - 1;
    while (dry > 0 && Math.abs(out[dry - 1]) >= Math.abs(out[dry]) && out[dry - 1] * out[dry] >= 0) dry--;
    expect(dry).toBeGreaterThan(750);
    const level = Math.abs(out[dry]);
    expect(level).toBeGreaterThan(0.1); // it was playing when the queue ran dry
    const silentAt = out.findIndex((v, i) => i > dry && v === 0);
    // About a millisecond at 48 kHz (48 samples), plus at most the 16-sample flat half-period of the
    // square wave that the tail scan cannot tell from the fade.
    expect(silentAt - dry).toBeLessThanOrEqual(16 + 49);
    for (let i = dry; i < silentAt; i++) expect(Math.abs(out[i + 1] - out[i])).toBeLessThanOrEqual(level / 48 + 1e-6);
  });

  it('drops the oldest sound past the cap', () => {
    const q = new PcmQueue(RATE, 30, 100);
    for (let i = 0; i < 20; i++) q.push(frame(0.1));
    expect(q.queuedMs()).toBeCloseTo(100, 0);
    expect(q.dropped).toBe(20 * 800 - 4800);
    expect(q.received).toBe(16_000);
  });
});

describe('PcmQueue at rest', () => {
  it('plays out what is queued when the sound rests, and its end is no underrun', () => {
    const q = new PcmQueue(48_000, 30, 250);
    q.push(new Float32Array(2400));
    q.rest();
    const block = new Float32Array(128);
    for (let i = 0; i < 40; i++) q.pull(block);
    expect(q.underruns).toBe(0);
    q.push(new Float32Array(2400)); // the sound is back: running out again is an underrun
    for (let i = 0; i < 40; i++) q.pull(block);
    expect(q.underruns).toBe(1);
  });
});
