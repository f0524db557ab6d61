/**
 * The 8244 sound unit (o2-hardware.md §4; behaviour of MAME `sound_update`/`sound_stream_update`):
 * a 24-bit shift register (A7h-A9h, stored in the VDC register file) clocked from the line rate, with
 * a noise mode, an enable bit and a 4-bit volume (AAh).
 *
 * Output level at any moment = enable · (last bit shifted out) · volume / 16. The chip makes the volume
 * by 1-of-16 PWM at 3.58 MHz; that carrier is far above audio, so this model uses its average. The
 * level is piecewise constant between events (shift clocks and AAh writes) and is box-filtered into PCM
 * at the host rate using exact integer time: one dot = sampleRate·dotRateDen ticks, one sample =
 * dotRateNum ticks. Samples are unipolar, 0 .. 15/16.
 *
 * PCM is produced into two reused Float32Arrays (one being filled, one holding the last whole frame).
 */
import { CONTROL, CTRL_SOUND_IRQ, SHIFT_HI, SHIFT_LO, SHIFT_MID, SOUND } from './registers.ts';
import type { VdcTiming } from './timing.ts';

const SOUND_ENABLE = 0x80;
const SOUND_NOISE = 0x10;
const SOUND_FAST = 0x20;

export const SAMPLE_RATES: readonly number[] = [44_100, 48_000];

export class I8244Sound {
  /** Free-running line prescaler (MAME `m_sh_prescaler`, 8 bits). */
  prescaler = 0;
  /** A shift clock is due but was held off by a register write. */
  pending = false;
  /** A7h-A9h were written since the last HBLANK. */
  written = false;
  /** Shifts since the last sound interrupt (interrupt every 24). */
  count = 0;
  /** The bit most recently shifted out of bit 0: the audio output. */
  output = 0;

  private sampleRateValue = 48_000;
  private dotTicks = 0;
  private sampleTicks = 0;
  /** Tick position (within the frame) up to which the level has been integrated. */
  private cursor = 0;
  /** Tick position of the end of the sample being accumulated. */
  private boundary = 0;
  /** Integral of level (0-15) × ticks over the current sample so far. */
  private acc = 0;
  private filling: Float32Array = new Float32Array(0);
  private fillCount = 0;
  private done: Float32Array = new Float32Array(0);
  private doneCount = 0;
  private int16Out: Int16Array = new Int16Array(0);

  constructor(private readonly regs: Uint8Array, private readonly timing: VdcTiming, sampleRate = 48_000) {
    this.setSampleRate(sampleRate);
  }

  get sampleRate(): number {
    return this.sampleRateValue;
  }

  /** Chooses the host rate (44100 or 48000 Hz). Clears the PCM buffers; call it between frames. */
  setSampleRate(rate: number): void {
    if (!SAMPLE_RATES.includes(rate)) {
      throw new RangeError(`sound sample rate must be 44100 or 48000 Hz; got ${rate}`);
    }
    this.sampleRateValue = rate;
    this.dotTicks = rate * this.timing.dotRateDen;
    this.sampleTicks = this.timing.dotRateNum;
    const perFrame = Math.ceil((this.timing.dotsPerFrame * this.dotTicks) / this.sampleTicks) + 2;
    this.filling = new Float32Array(perFrame);
    this.done = new Float32Array(perFrame);
    this.fillCount = 0;
    this.doneCount = 0;
    this.int16Out = new Int16Array(perFrame);
    this.acc = 0;
    this.boundary = this.cursor + this.sampleTicks;
  }

  /** Power-on state; `dot` is the frame position the machine starts at. */
  reset(dot: number): void {
    this.prescaler = 0;
    this.pending = false;
    this.written = false;
    this.count = 0;
    this.output = 0;
    this.cursor = dot * this.dotTicks;
    this.boundary = this.cursor + this.sampleTicks;
    this.acc = 0;
    this.fillCount = 0;
    this.doneCount = 0;
  }

  /** Current output level, 0-15. */
  level(): number {
    const ctl = this.regs[SOUND];
    return (ctl & SOUND_ENABLE) !== 0 && this.output !== 0 ? ctl & 0x0f : 0;
  }

  /** Integrates the current level up to frame position `dot`, emitting finished samples. */
  advance(dot: number): void {
    const t = dot * this.dotTicks;
    if (t <= this.cursor) return;
    const lvl = this.level();
    const scale = 1 / (16 * this.sampleTicks);
    while (this.boundary <= t) {
      this.acc += lvl * (this.boundary - this.cursor);
      if (this.fillCount < this.filling.length) this.filling[this.fillCount++] = this.acc * scale;
      this.acc = 0;
      this.cursor = this.boundary;
      this.boundary += this.sampleTicks;
    }
    this.acc += lvl * (t - this.cursor);
    this.cursor = t;
  }

  /**
   * The HBLANK-start clock (every line). Returns true when the sound interrupt fires.
   * The caller must have called `advance` up to this dot.
   */
  clock(): boolean {
    const regs = this.regs;
    this.prescaler = (this.prescaler + 1) & 0xff;
    const mask = (regs[SOUND] & SOUND_FAST) !== 0 ? 3 : 15;
    if ((this.prescaler & mask) === 0) this.pending = true;
    if (this.pending && !this.written) {
      this.pending = false;
      let signal = regs[SHIFT_LO] | (regs[SHIFT_MID] << 8) | (regs[SHIFT_HI] << 16);
      this.output = signal & 1;
      let feedback = this.output;
      signal >>>= 1;
      if ((regs[SOUND] & SOUND_NOISE) !== 0) {
        feedback ^= (signal >>> 4) & 1; // bit 5 before the shift
        signal = (signal & ~0x8000) | (feedback << 15);
      }
      signal |= feedback << 23;
      regs[SHIFT_LO] = signal & 0xff;
      regs[SHIFT_MID] = (signal >>> 8) & 0xff;
      regs[SHIFT_HI] = (signal >>> 16) & 0xff;
      if (++this.count === 24) {
        this.count = 0;
        return (regs[CONTROL] & CTRL_SOUND_IRQ) !== 0;
      }
    } else if (this.written) {
      this.count = 0;
      this.written = false;
    }
    return false;
  }

  /** Closes the frame at `frameDots`: the finished frame's PCM becomes `samples`. */
  endFrame(frameDots: number): void {
    this.advance(frameDots);
    const frameTicks = frameDots * this.dotTicks;
    this.cursor -= frameTicks;
    this.boundary -= frameTicks;
    const t = this.done;
    this.done = this.filling;
    this.doneCount = this.fillCount;
    this.filling = t;
    this.fillCount = 0;
  }

  /** PCM of the last finished frame (a view into a reused buffer; copy it before the next frame ends). */
  get samples(): Float32Array {
    return this.done.subarray(0, this.doneCount);
  }

  /** The last frame's PCM as signed 16-bit (0 .. 30720), in a reused buffer. */
  samplesInt16(): Int16Array {
    const n = this.doneCount;
    for (let i = 0; i < n; i++) this.int16Out[i] = Math.round(this.done[i] * 32768);
    return this.int16Out.subarray(0, n);
  }

  /** Everything that makes the output bit-exact after a reload. */
  saveInto(w: { u8(v: number): void; u32(v: number): void; f64(v: number): void; f32s(a: Float32Array, n: number): void }): void {
    w.u8(this.prescaler); w.u8(this.pending ? 1 : 0); w.u8(this.written ? 1 : 0);
    w.u8(this.count); w.u8(this.output);
    w.u32(this.sampleRateValue);
    w.f64(this.cursor); w.f64(this.boundary); w.f64(this.acc);
    w.u32(this.fillCount); w.f32s(this.filling, this.fillCount);
    w.u32(this.doneCount); w.f32s(this.done, this.doneCount);
  }

  loadFrom(r: { u8(): number; u32(): number; f64(): number; f32s(a: Float32Array, n: number): void }): void {
    this.prescaler = r.u8(); this.pending = r.u8() !== 0; this.written = r.u8() !== 0;
    this.count = r.u8(); this.output = r.u8();
    const rate = r.u32();
    if (rate !== this.sampleRateValue) this.setSampleRate(rate);
    this.cursor = r.f64(); this.boundary = r.f64(); this.acc = r.f64();
    this.fillCount = r.u32(); r.f32s(this.filling, this.fillCount);
    this.doneCount = r.u32(); r.f32s(this.done, this.doneCount);
  }
}
