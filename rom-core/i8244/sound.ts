/**
 * The 8244 sound unit (docs/hardware.md §4; behaviour of MAME `sound_update`/`sound_stream_update`):
 * a 24-bit shift register (A7h-A9h, stored in the VDC register file) clocked from the line rate, with
 * a noise mode, an enable bit and a 4-bit volume (AAh).
 *
 * Output level at any moment = enable · (last bit shifted out) · volume / 16. The chip makes the volume
 * by 1-of-16 PWM at 3.58 MHz; that carrier is far above audio, so this model uses its average. The
 * chip works at its own clock, as MAME's does: it keeps a log of its output level per dot (each change
 * with the dot it took effect at) for the current frame and the last TAIL_DOTS of the previous one.
 * Turning that into PCM at the host's rate is the Resampler's job (resampler.ts), so nothing here or
 * in the save state depends on the host's sample rate.
 */
import { CONTROL, CTRL_SOUND_IRQ, SHIFT_HI, SHIFT_LO, SHIFT_MID, SOUND } from './registers.ts';
import type { VdcTiming } from './timing.ts';

const SOUND_ENABLE = 0x80;
const SOUND_NOISE = 0x10;
const SOUND_FAST = 0x20;

/** Dots of the previous frame kept in the log: more than one sample at the lowest host rate (162 dots). */
export const TAIL_DOTS = 256;

/** Entries a frame's log can need: every MOVX a level change, every line a shift, and the tail. */
export function logCapacity(t: VdcTiming): number {
  return Math.ceil(t.dotsPerFrame / t.dotsPerCycle / 2) + t.linesPerFrame + TAIL_DOTS + 2;
}

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
  /** Frame dot up to which the level is known; a change takes effect no earlier than this. */
  cursorDot = 0;
  /** The frame dot the chip was reset at: its first frame has no sound before it, and the host's
   * sample boundaries keep their phase from it. */
  startDot = 0;
  /** Level log: from logDots[i] on (frame dots; the first is -TAIL_DOTS) the level is logLevels[i]. */
  logCount = 1;
  readonly logDots: Int32Array;
  readonly logLevels: Uint8Array;

  constructor(
    private readonly regs: Uint8Array,
    private readonly timing: VdcTiming,
  ) {
    const cap = logCapacity(timing);
    this.logDots = new Int32Array(cap);
    this.logLevels = new Uint8Array(cap);
    this.reset(0);
  }

  /** Power-on state; `dot` is the frame position the machine starts at. */
  reset(dot: number): void {
    this.prescaler = 0;
    this.pending = false;
    this.written = false;
    this.count = 0;
    this.output = 0;
    this.cursorDot = dot;
    this.startDot = dot;
    this.logCount = 1;
    this.logDots[0] = -TAIL_DOTS;
    this.logLevels[0] = 0;
  }

  /** Current output level, 0-15. */
  level(): number {
    const ctl = this.regs[SOUND];
    return (ctl & SOUND_ENABLE) !== 0 && this.output !== 0 ? ctl & 0x0f : 0;
  }

  /** Time has reached frame dot `dot`; the level from here on is whatever the registers now say. */
  advance(dot: number): void {
    if (dot > this.cursorDot) this.cursorDot = dot;
  }

  /** Logs the level after a change of AAh or of the output bit (at the cursor: no earlier than that). */
  noteLevel(): void {
    const lvl = this.level();
    const last = this.logCount - 1;
    if (lvl === this.logLevels[last]) return;
    if (this.logDots[last] === this.cursorDot) {
      this.logLevels[last] = lvl;
    } else if (this.logCount < this.logDots.length) {
      this.logDots[this.logCount] = this.cursorDot;
      this.logLevels[this.logCount++] = lvl;
    }
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
      this.noteLevel();
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

  /**
   * Starts the next frame (the Resampler has read this one's log): keeps the level from TAIL_DOTS
   * before the end and the changes after it, shifted to the new frame's dots. Allocation-free.
   */
  endFrame(frameDots: number): void {
    this.advance(frameDots);
    const from = frameDots - TAIL_DOTS;
    const dots = this.logDots;
    const levels = this.logLevels;
    let i = 0;
    while (i + 1 < this.logCount && dots[i + 1] <= from) i++;
    let n = 0;
    dots[n] = -TAIL_DOTS;
    levels[n++] = levels[i];
    for (let j = i + 1; j < this.logCount; j++, n++) {
      dots[n] = dots[j] - frameDots;
      levels[n] = levels[j];
    }
    this.logCount = n;
    this.cursorDot -= frameDots;
  }
}
