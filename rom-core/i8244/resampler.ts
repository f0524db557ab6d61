/**
 * Turns the sound chip's level log (sound.ts, in dots) into PCM at the host's rate, outside the chip
 * as MAME's sound system resamples a chip's stream. Each sample is the box-filtered level over one
 * sample period, in exact integer time: one dot = sampleRate·dotRateDen ticks, one sample =
 * dotRateNum ticks. Samples are unipolar, 0 .. 15/16.
 *
 * Nothing here is machine state: where the sample boundaries fall in a frame follows from the
 * frame's index since the chip's reset, and the chip's log reaches back far enough (TAIL_DOTS) for
 * the sample that straddles the frame's start. A restored state therefore sounds exactly as the
 * machine that saved it, at whatever rate the new host plays.
 */
import type { I8244Sound } from './sound.ts';
import { TAIL_DOTS } from './sound.ts';
import type { VdcTiming } from './timing.ts';

export const SAMPLE_RATES: readonly number[] = [44_100, 48_000];

export class Resampler {
  readonly sampleRate: number;
  private readonly dotTicks: number;
  private readonly sampleTicks: number;
  private readonly frameTicks: number;
  private readonly out: Float32Array;
  private count = 0;
  private readonly int16Out: Int16Array;

  constructor(
    private readonly timing: VdcTiming,
    sampleRate = 48_000,
  ) {
    if (!SAMPLE_RATES.includes(sampleRate)) {
      throw new RangeError(`sound sample rate must be 44100 or 48000 Hz; got ${sampleRate}`);
    }
    this.sampleRate = sampleRate;
    this.dotTicks = sampleRate * timing.dotRateDen;
    this.sampleTicks = timing.dotRateNum;
    if (TAIL_DOTS * this.dotTicks < this.sampleTicks) throw new Error('sound log tail shorter than one sample');
    this.frameTicks = timing.dotsPerFrame * this.dotTicks;
    const perFrame = Math.ceil(this.frameTicks / this.sampleTicks) + 2;
    this.out = new Float32Array(perFrame);
    this.int16Out = new Int16Array(perFrame);
  }

  /** Forgets the last frame's PCM (after a state is loaded: the next frame makes it again). */
  clear(): void {
    this.count = 0;
  }

  /**
   * The PCM of a frame that just ended: the samples whose period ends within it, from the chip's log.
   * `frameIndex` counts frames since the chip's reset (0 = the first, which starts at sound.startDot).
   */
  render(sound: I8244Sound, frameIndex: number): void {
    const S = this.sampleTicks;
    const D = this.dotTicks;
    const F = this.frameTicks;
    // Boundaries lie at startDot·D + j·S after reset; in this frame's ticks that is r (mod S).
    const k = frameIndex % S;
    const r = (((((sound.startDot * D) % S) - ((k * (F % S)) % S)) % S) + S) % S;
    const lowest = frameIndex === 0 ? sound.startDot * D : 0;
    let b = lowest - ((((lowest - r) % S) + S) % S) + S; // the first boundary above `lowest`
    const dots = sound.logDots;
    const levels = sound.logLevels;
    const n = sound.logCount;
    const scale = 1 / (16 * S);
    const out = this.out;
    let count = 0;
    let i = 0;
    for (; b <= F; b += S) {
      const lo = b - S;
      while (i + 1 < n && dots[i + 1] * D <= lo) i++;
      if (i + 1 === n) {
        // No change of level after this: the rest of the frame is one level (mostly silence).
        const v = levels[i] * S * scale;
        for (; b <= F && count < out.length; b += S) out[count++] = v;
        break;
      }
      if (dots[i + 1] * D >= b) {
        // No change of level inside this sample (the common case): the sum below would be this one term.
        if (count < out.length) out[count++] = levels[i] * S * scale;
        continue;
      }
      let acc = 0;
      let from = lo;
      for (let j = i; from < b; j++) {
        const next = j + 1 < n ? dots[j + 1] * D : Infinity;
        const to = next < b ? next : b;
        if (to > from) acc += levels[j] * (to - from);
        from = to;
      }
      if (count < out.length) out[count++] = acc * scale;
    }
    this.count = count;
  }

  /** PCM of the last finished frame (a view into a reused buffer; copy it before the next frame ends). */
  get samples(): Float32Array {
    return this.out.subarray(0, this.count);
  }

  /** The last frame's PCM as signed 16-bit (0 .. 30720), in a reused buffer. */
  samplesInt16(): Int16Array {
    const n = this.count;
    for (let i = 0; i < n; i++) this.int16Out[i] = Math.round(this.out[i] * 32768);
    return this.int16Out.subarray(0, n);
  }
}
