/**
 * A per-frame summary of a sound recording that two emulators can agree on without being sample-exact
 * (MAME makes the 8244's volume by PWM at the VDC clock and resamples; we average the PWM and
 * box-filter): for each frame-long window, the mean level over the whole window, and over the window
 * without its first and last millisecond (so that a register write right at a frame boundary and
 * MAME's resampling latency do not decide it) the peak level and the number of rising edges of the
 * output bit (with hysteresis at 40 % / 60 % of that peak).
 *
 * Levels are in units of "enabled, bit 1, volume 16/16" = 1. Time 0 is the machine's power-on at the
 * start of VBLANK (MAME's emulated time 0 and our `Odyssey2` start); window f (1-based) covers
 * [(f - 1) · T, f · T) with T the frame period, so it lines up with the state record of frame f.
 */
import type { VdcTiming } from '../../../rom-core/i8244/timing.ts';

export interface FrameSound {
  frame: number;
  peak: number;
  mean: number;
  rises: number;
}

/** Below this peak a window counts as silent (no edges counted). */
export const SILENT = 0.02;

/** The first channel of a 16-bit PCM WAV (MAME -wavwrite) as floats (int16 / 32768) and its rate. */
export function readWav(bytes: Uint8Array): { samples: Float32Array; rate: number } {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (o: number): string => String.fromCharCode(...bytes.subarray(o, o + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let at = 12;
  let channels = 0;
  let rate = 0;
  let bits = 0;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    let len = v.getUint32(at + 4, true);
    if (id === 'fmt ') {
      channels = v.getUint16(at + 10, true);
      rate = v.getUint32(at + 12, true);
      bits = v.getUint16(at + 22, true);
    } else if (id === 'data') {
      if (bits !== 16 || channels < 1)
        throw new Error(`WAV is ${bits}-bit with ${channels} channels; 16-bit PCM expected`);
      // MAME leaves the data size 0 or short when it exits abnormally: take what is there.
      if (len === 0 || at + 8 + len > bytes.length) len = bytes.length - at - 8;
      const n = Math.floor(len / (2 * channels));
      const out = new Float32Array(n);
      for (let i = 0; i < n; i++) out[i] = v.getInt16(at + 8 + 2 * channels * i, true) / 32768;
      return { samples: out, rate };
    }
    at += 8 + len + (len & 1);
  }
  throw new Error('WAV has no data chunk');
}

/** Summarises `samples` (already scaled to the unit above) over `frames` frame windows. */
export function soundSummary(
  samples: ArrayLike<number>,
  rate: number,
  timing: VdcTiming,
  frames: number,
): FrameSound[] {
  const framePeriod = (timing.dotsPerFrame * timing.dotRateDen) / timing.dotRateNum; // seconds
  const out: FrameSound[] = [];
  for (let f = 1; f <= frames; f++) {
    const a = Math.round((f - 1) * framePeriod * rate);
    const b = Math.round(f * framePeriod * rate);
    if (b > samples.length)
      throw new Error(`the recording ends at sample ${samples.length}, frame ${f} needs up to ${b}`);
    let sum = 0;
    for (let i = a; i < b; i++) sum += samples[i];
    const margin = Math.round(rate / 1000);
    const ca = a + margin;
    const cb = b - margin;
    let peak = 0;
    for (let i = ca; i < cb; i++) if (samples[i] > peak) peak = samples[i];
    let rises = 0;
    if (peak >= SILENT) {
      let high = samples[ca] > 0.5 * peak;
      for (let i = ca + 1; i < cb; i++) {
        const s = samples[i];
        if (!high && s > 0.6 * peak) {
          high = true;
          rises++;
        } else if (high && s < 0.4 * peak) {
          high = false;
        }
      }
    }
    out.push({ frame: f, peak: round3(peak), mean: round3(sum / (b - a)), rises });
  }
  return out;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
