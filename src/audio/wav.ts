/**
 * The app's interface sounds, made in code: short tones rendered to 16-bit mono PCM and wrapped in a
 * RIFF/WAVE header, so no sound file is downloaded and every sample is ours. Pure functions (no DOM),
 * unit-tested in Node.
 */

export const UI_SAMPLE_RATE = 22_050;

/** 16-bit little-endian mono PCM WAV bytes for samples in -1..1 (clipped). */
export function encodeWav(samples: Float32Array, sampleRate: number = UI_SAMPLE_RATE): Uint8Array {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0)
    throw new Error(`sample rate must be a positive whole number, not ${sampleRate}`);
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM fmt chunk size
  view.setUint16(20, 1, true); // format 1 = integer PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
  }
  return bytes;
}

/** A `data:audio/wav;base64,…` URL for howler (which decodes data URLs itself). */
export function wavDataUrl(wav: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < wav.length; i += 0x8000) binary += String.fromCharCode(...wav.subarray(i, i + 0x8000));
  return `data:audio/wav;base64,${btoa(binary)}`;
}

interface Partial_ {
  freq: number;
  gain: number;
}

/**
 * A struck tone: partials with a few-millisecond attack (a hard start clicks) and an exponential
 * decay, faded to zero over the last 5 ms so the sound never ends on a step.
 */
function tone(partials: Partial_[], seconds: number, decayPerSecond: number, rate: number, glide = 0): Float32Array {
  const n = Math.round(seconds * rate);
  const out = new Float32Array(n);
  const attack = Math.round(0.003 * rate);
  const release = Math.round(0.005 * rate);
  const phases = partials.map(() => 0);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    let v = 0;
    partials.forEach((p, k) => {
      phases[k]! += (2 * Math.PI * p.freq * (1 + glide * t)) / rate;
      v += p.gain * Math.sin(phases[k]!);
    });
    const env = Math.min(1, i / attack) * Math.exp(-decayPerSecond * t) * Math.min(1, (n - 1 - i) / release);
    out[i] = v * env;
  }
  return out;
}

function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function mixAt(base: Float32Array, add: Float32Array, offset: number): Float32Array {
  const out = new Float32Array(Math.max(base.length, offset + add.length));
  out.set(base);
  for (let i = 0; i < add.length; i++) out[offset + i]! += add[i]!;
  return out;
}

/** A soft tick (35 ms) for toolbar actions that finished: a high sine with a little body below it. */
export function clickSamples(rate: number = UI_SAMPLE_RATE): Float32Array {
  return tone(
    [
      { freq: 1_760, gain: 0.28 },
      { freq: 880, gain: 0.12 },
    ],
    0.035,
    90,
    rate,
  );
}

/** Partials of a bell-like note: the fundamental, its octave, and a slightly sharp twelfth. */
const BELL_PARTIALS = [1, 2, 3.01];

/** One bell-like note at `f`: the partials' gains in BELL_PARTIALS' order (two or three of them). */
function bell(f: number, gains: readonly number[], seconds: number, decay: number, rate: number): Float32Array {
  return tone(
    gains.map((gain, i) => ({ freq: f * BELL_PARTIALS[i], gain })),
    seconds,
    decay,
    rate,
  );
}

/** A rising two-note chime (E5 then B5, bell-like overtone) for an action the rules accepted. */
export function confirmSamples(rate: number = UI_SAMPLE_RATE): Float32Array {
  const note = (f: number): Float32Array => bell(f, [0.22, 0.06, 0.02], 0.22, 14, rate);
  return mixAt(note(659.25), note(987.77), Math.round(0.09 * rate));
}

/** A low, short, falling buzz (odd harmonics of 150 Hz) for an action a rule refused. */
export function errorSamples(rate: number = UI_SAMPLE_RATE): Float32Array {
  const buzz = tone(
    [1, 3, 5, 7].map((h) => ({ freq: 150 * h, gain: 0.2 / h })),
    0.09,
    6,
    rate,
    -0.6,
  );
  return concat(buzz, new Float32Array(Math.round(0.035 * rate)), buzz);
}

/** A soft two-note call (A4 then D5), a table's "your turn": heard across a room, never urgent. */
export function turnSamples(rate: number = UI_SAMPLE_RATE): Float32Array {
  const note = (f: number): Float32Array => bell(f, [0.2, 0.05], 0.28, 10, rate);
  return mixAt(note(440), note(587.33), Math.round(0.16 * rate));
}

/** A rising three-note fanfare (C5, E5, G5), a battle won by a person at the table. */
export function wonSamples(rate: number = UI_SAMPLE_RATE): Float32Array {
  const note = (f: number): Float32Array => bell(f, [0.2, 0.06, 0.02], 0.3, 9, rate);
  return mixAt(mixAt(note(523.25), note(659.25), Math.round(0.11 * rate)), note(783.99), Math.round(0.22 * rate));
}
