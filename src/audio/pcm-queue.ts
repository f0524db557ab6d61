/**
 * The sound queue between the emulator and the audio device, kept apart from the AudioWorklet so Node
 * tests can drive it. Frames of PCM arrive at the emulator's pace; the device pulls blocks at its own.
 * The queue aims at `targetMs` of sound, trims the playback rate by up to ±1 % to stay there (the two
 * clocks drift), drops the oldest sound past `capMs`, and on an underrun fades the last level to
 * silence over about a millisecond instead of stepping (a click).
 */
export interface PcmQueueStats {
  /** Samples received since start. */
  received: number;
  queuedMs: number;
  underruns: number;
  dropped: number;
  rate: number;
}

export class PcmQueue {
  private buffer: Float32Array;
  private read = 0;
  private size = 0;
  /** Fractional read position for the rate trim (linear interpolation). */
  private frac = 0;
  private last = 0;
  private fade = 0;
  private readonly fadeStep: number;
  // DC blocker: the VDC's PCM is unipolar (0 .. 15/16).
  private dcIn = 0;
  private dcOut = 0;
  private primed = false;
  /** No more sound comes for now (the machine is silent): running out is the end, not an underrun. */
  private resting = false;
  underruns = 0;
  dropped = 0;
  received = 0;
  rate = 1;

  constructor(
    private readonly sampleRate: number,
    private readonly targetMs = 30,
    private readonly capMs = 250,
  ) {
    this.buffer = new Float32Array(Math.ceil((sampleRate * capMs) / 1000) + 4096);
    this.fadeStep = 1000 / sampleRate; // 1 ms to silence
  }

  get queued(): number {
    return this.size;
  }

  queuedMs(): number {
    return (this.size * 1000) / this.sampleRate;
  }

  push(samples: Float32Array): void {
    const cap = Math.ceil((this.sampleRate * this.capMs) / 1000);
    this.received += samples.length;
    this.resting = false;
    const cleaned = new Float32Array(samples.length);
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i];
      const y = x - this.dcIn + 0.995 * this.dcOut;
      this.dcIn = x;
      this.dcOut = y;
      cleaned[i] = y;
    }
    for (let i = 0; i < cleaned.length; i++) {
      if (this.size >= cap) {
        this.read = (this.read + 1) % this.buffer.length;
        this.size--;
        this.dropped++;
      }
      this.buffer[(this.read + this.size) % this.buffer.length] = cleaned[i];
      this.size++;
    }
  }

  /** The sound stops here for now (sound-rest.ts): what is queued plays out, and its end is no underrun. */
  rest(): void {
    this.resting = true;
  }

  /** Forgets the queued sound (pause, fast-forward, a loaded state) and fades out what was playing. */
  flush(): void {
    this.read = 0;
    this.size = 0;
    this.primed = false;
    this.fade = 1;
  }

  /** Fills `out` (one device block); returns false when it had to fade or play silence. */
  pull(out: Float32Array): boolean {
    const target = (this.sampleRate * this.targetMs) / 1000;
    // Start (again) only once half the target is queued, so one late frame does not underrun at once.
    if (!this.primed && this.size >= target / 2) this.primed = true;
    const error = (this.size - target) / target;
    this.rate = 1 + Math.max(-0.01, Math.min(0.01, error * 0.01));
    let ok = true;
    for (let i = 0; i < out.length; i++) {
      if (!this.primed || this.size < 2) {
        if (this.primed) {
          this.primed = false;
          if (!this.resting) this.underruns++;
          this.fade = 1;
        }
        ok = false;
        this.fade = Math.max(0, this.fade - this.fadeStep);
        out[i] = this.last * this.fade;
        continue;
      }
      const a = this.buffer[this.read];
      const b = this.buffer[(this.read + 1) % this.buffer.length];
      const v = a + (b - a) * this.frac;
      out[i] = v;
      this.last = v;
      this.fade = 1;
      this.frac += this.rate;
      while (this.frac >= 1) {
        this.frac -= 1;
        this.read = (this.read + 1) % this.buffer.length;
        this.size--;
      }
    }
    return ok;
  }

  stats(): PcmQueueStats {
    return {
      received: this.received,
      queuedMs: this.queuedMs(),
      underruns: this.underruns,
      dropped: this.dropped,
      rate: this.rate,
    };
  }
}
