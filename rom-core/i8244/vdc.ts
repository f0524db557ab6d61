/**
 * Intel 8244 (NTSC) / 8245 (PAL) video and sound chip.
 *
 * Time: every method that takes `dot` wants the beam position within the current frame, in dots
 * (VDC half-cycles, see timing.ts): dot = line · dotsPerLine + h, 0 <= dot < dotsPerFrame, line 0 =
 * the top visible line. Time only moves forward inside a frame; when the machine's dot counter reaches
 * dotsPerFrame it calls `endFrame()` and subtracts dotsPerFrame. One CPU machine cycle is
 * `timing.dotsPerCycle` dots.
 *
 *   const vdc = new I8244(NTSC);
 *   vdc.write(0xa0, 0x28, dot);   // MOVX @R0,A with P1.3 = 0, at the dot of the bus cycle
 *   vdc.read(0xa1, dot);          // status; acknowledges the interrupt
 *   vdc.intAsserted(dot);         // /INT level for the CPU's interrupt check
 *   vdc.t1(dot);                  // T1 input = HBLANK or VBLANK
 *   vdc.setLuminanceForce(!(p1 & 0x80), dot);   // on every P1 write
 *   vdc.endFrame();               // vdc.frame (colour indices) and vdc.pcm.samples now hold the frame
 *
 * Rendering catches up lazily (MAME's `update_now` model): dots before the access are drawn with the
 * old register values. `frame` is one reused buffer, `timing.visibleWidth` × `timing.visibleHeight`
 * colour indices (palette.ts); after `endFrame()` it holds the whole frame until emulation resumes.
 *
 * Behaviour follows MAME `src/devices/video/i8244.cpp` (hap rewrite, read at commit 033320f9; the
 * reference binary is MAME 0.251) — register rules in `read`/`write`,
 * `fix_register_mirrors`, `get_x_beam`/`get_y_beam`, `vblank`/`hblank`, the VBLANK timer at
 * (vblank_start, hblank_start - 1), the sound timer at hblank_start of every line).
 */
import { checkDot, hblankAt, vblankAt, xBeamAt, yBeamAt } from './beam.ts';
import { checkCharset, defaultCharset } from './charset.ts';
import {
  COLLISION,
  CONTROL,
  CTRL_FOREGROUND,
  CTRL_GRID,
  CTRL_SOUND_IRQ,
  CTRL_STROBE,
  SHIFT_HI,
  SHIFT_LO,
  SOUND,
  STATUS,
  STAT_CLEARED_ON_READ,
  STAT_SOUND_IRQ,
  STAT_VBLANK,
  X_BEAM,
  Y_BEAM,
  fixMirrors,
  readsAsZero,
  storedBits,
  writeDropped,
} from './registers.ts';
import { Renderer } from './render.ts';
import { Resampler } from './resampler.ts';
import { I8244Sound } from './sound.ts';
import { VDC_STATE_MAGIC, VDC_STATE_VERSION, vdcSchema } from './vdc-state.ts';
import { NTSC, PAL, vblankIrqDot } from './timing.ts';
import type { VdcTiming } from './timing.ts';
import { applyFields, bindSchema, encodeState, readVersioned } from '../state/schema.ts';
import type { Schema, Values } from '../state/schema.ts';

export class I8244 {
  readonly timing: VdcTiming;
  /** The 256-byte register file as stored (what the chip's logic sees). */
  readonly regs = new Uint8Array(256);
  readonly sound: I8244Sound;
  /** The sound as PCM at the host's rate (not chip state: see resampler.ts; replaced by setSampleRate). */
  pcm: Resampler;
  /** Frames completed since construction or reset. */
  frameCount = 0;

  private readonly renderer: Renderer;
  private readonly charset: Uint8Array;
  /** A1h bits 2, 3, 6 held by the chip (bit 7 lives in the renderer). */
  private controlStatus = 0;
  private irq = false;
  private xLatch = 0;
  private yLatch = 0;
  /** Frame dot up to which the picture is drawn (exclusive). */
  private renderedTo = 0;
  /** Frame dot up to which timed events have run (events at dots < eventsTo are done). */
  private eventsTo = 0;
  /** Dot of the next sound clock (hblankStart of some line). */
  private nextSoundDot = 0;
  private vblankPending = true;
  private readonly vblankDot: number;

  constructor(timing: VdcTiming = NTSC, charset?: Uint8Array, sampleRate = 48_000) {
    this.timing = timing;
    this.charset = charset ? checkCharset(charset) : defaultCharset();
    this.renderer = new Renderer(this.regs, this.charset, timing);
    this.sound = new I8244Sound(this.regs, timing);
    this.pcm = new Resampler(timing, sampleRate);
    this.vblankDot = vblankIrqDot(timing);
    this.schema = vdcSchema(timing);
    bindSchema(this.schema, this);
    this.reset();
  }

  /**
   * Plays at another host rate from the next frame on: the resampler holds no machine state, so the machine
   * goes on exactly as it was. Allocates (a new resampler): not for the frame loop.
   */
  setSampleRate(sampleRate: number): void {
    if (sampleRate !== this.pcm.sampleRate) this.pcm = new Resampler(this.timing, sampleRate);
  }

  private readonly schema: Schema;

  /** Colour indices of the visible picture (see palette.ts). */
  get frame(): Uint8Array {
    return this.renderer.frame;
  }

  /** Replaces the character ROM with a 512-byte dump (wrong size -> RangeError naming 512). */
  setCharset(dump: Uint8Array): void {
    // In place: the renderer and the state schema hold this array.
    this.charset.set(checkCharset(dump));
    this.renderer.objectsChanged();
  }

  /** A copy of the character ROM in use. */
  getCharset(): Uint8Array {
    return this.charset.slice();
  }

  /**
   * Power-on state (MAME `device_start`: everything zero). `startDot` is the frame position the beam
   * is at; MAME's emulated time 0 is `mameFrameStartDot(timing)` (line 243, dot 0). The console's
   * RESET button reaches only the 8048 (odyssey2.cpp `reset_button`), so it must not call this.
   */
  reset(startDot = 0): void {
    checkDot(this.timing, this.eventsTo, startDot, 'reset');
    this.regs.fill(0);
    this.controlStatus = 0;
    this.irq = false;
    this.xLatch = 0;
    this.yLatch = 0;
    this.renderer.reset();
    this.sound.reset(startDot);
    this.pcm.clear();
    this.renderedTo = startDot;
    this.eventsTo = startDot;
    this.scheduleFrom(startDot);
    this.frameCount = 0;
  }

  /**
   * MAME arms both timers at power-on for the *next* occurrence of their beam position (line 0 dot
   * hblank_start for the sound clock, the VBLANK edge for the interrupt); from a start inside the
   * frame the sound clock therefore waits for line 0 of the next frame. This fixes the prescaler phase.
   */
  private scheduleFrom(dot: number): void {
    const t = this.timing;
    this.nextSoundDot = dot <= t.hblankStart ? t.hblankStart : t.dotsPerFrame + t.hblankStart;
    this.vblankPending = dot <= this.vblankDot;
  }

  // ---------------------------------------------------------------- time

  /** Runs timed events (VBLANK interrupt, sound clocks) with dot <= `dot`. */
  private runEvents(dot: number): void {
    const sound = this.sound;
    for (;;) {
      const next = this.vblankPending && this.vblankDot < this.nextSoundDot ? this.vblankDot : this.nextSoundDot;
      if (next > dot) break;
      if (this.vblankPending && next === this.vblankDot) {
        this.vblankPending = false;
        this.controlStatus |= STAT_VBLANK;
        this.irq = true;
      } else {
        sound.advance(next);
        if (sound.clock()) {
          this.controlStatus |= STAT_SOUND_IRQ;
          this.irq = true;
        }
        this.nextSoundDot += this.timing.dotsPerLine;
      }
    }
    if (dot > this.eventsTo) this.eventsTo = dot;
  }

  /** Draws all visible dots before `dot`. */
  private renderTo(dot: number): void {
    const from = this.renderedTo;
    if (dot <= from) return;
    const t = this.timing;
    const dpl = t.dotsPerLine;
    const w = t.visibleWidth;
    const last = t.visibleHeight - 1;
    let line = (from / dpl) | 0;
    let x = from - line * dpl;
    const endLine = (dot / dpl) | 0;
    const endX = dot - endLine * dpl;
    const r = this.renderer;
    while (line < endLine && line <= last) {
      if (x < w) r.segment(line, x, w);
      line++;
      x = 0;
    }
    if (line === endLine && line <= last) {
      const e = endX < w ? endX : w;
      if (e > x) r.segment(line, x, e);
    }
    this.renderedTo = dot;
  }

  /** Brings picture, interrupts and sound up to `dot` without an access. */
  syncTo(dot: number): void {
    checkDot(this.timing, this.eventsTo, dot, 'syncTo');
    this.runEvents(dot);
    this.renderTo(dot);
  }

  /** Finishes the frame (picture, sound) and starts the next one at dot 0. */
  endFrame(): void {
    const end = this.timing.dotsPerFrame;
    this.syncTo(end);
    this.sound.advance(end);
    this.pcm.render(this.sound, this.frameCount);
    this.sound.endFrame(end);
    this.renderedTo = 0;
    this.eventsTo = 0;
    this.nextSoundDot = this.timing.hblankStart;
    this.vblankPending = true;
    this.frameCount++;
  }

  // ---------------------------------------------------------------- pins

  /** /INT: asserted from VBLANK start (or a sound interrupt) until A1h is read. */
  intAsserted(dot: number): boolean {
    // The CPU asks before every instruction while interrupts are enabled: between two events (a
    // VBLANK, a line's sound clock) only time moves, so the common answer costs two comparisons.
    // Anything else (an event due, a dot out of order or out of the frame) takes the full path.
    if (
      dot >= this.eventsTo &&
      dot < this.nextSoundDot &&
      (!this.vblankPending || dot < this.vblankDot) &&
      dot <= this.timing.dotsPerFrame &&
      (dot | 0) === dot
    ) {
      this.eventsTo = dot;
      return this.irq;
    }
    checkDot(this.timing, this.eventsTo, dot, 'intAsserted');
    this.runEvents(dot);
    return this.irq;
  }

  /**
   * The first dot at which /INT may become asserted with no access to the chip before it (the
   * VBLANK edge, or a line's sound clock while A0h enables the sound interrupt); -1 while it is
   * asserted. Infinity when nothing more can assert it this frame.
   */
  intQuietBefore(): number {
    if (this.irq) return -1;
    let before = this.vblankPending ? this.vblankDot : Infinity;
    if ((this.regs[CONTROL] & CTRL_SOUND_IRQ) !== 0 && this.nextSoundDot < before) before = this.nextSoundDot;
    return before;
  }

  /** MAME `vblank()`. */
  vblank(dot: number): number {
    return vblankAt(this.timing, dot);
  }

  /** MAME `hblank()`. */
  hblank(dot: number): number {
    return hblankAt(this.timing, dot);
  }

  /** The 8048's T1 input on the Odyssey²: HBLANK or VBLANK. A pure function of the beam position. */
  t1(dot: number): number {
    return this.vblank(dot) | this.hblank(dot);
  }

  /** P1.7 low forces the luminance bit on every pixel drawn from `dot` on. */
  setLuminanceForce(on: boolean, dot: number): void {
    if (on === this.renderer.lumForced) return;
    checkDot(this.timing, this.eventsTo, dot, 'setLuminanceForce');
    this.runEvents(dot);
    this.renderTo(dot);
    this.renderer.lumForced = on;
    this.renderer.inputsChanged();
  }

  /** MAME `get_y_beam()`: the Y counter (0-263) at `dot`. */
  yBeam(dot: number): number {
    return yBeamAt(this.timing, dot);
  }

  /** MAME `get_x_beam()`. */
  xBeam(dot: number): number {
    return xBeamAt(this.timing, dot);
  }

  // ---------------------------------------------------------------- bus

  /**
   * A MOVX read of the VDC at `address` (0-255), with its side effects, at `dot`. Timed events (the
   * VBLANK interrupt and status bit, sound clocks) are run only up to `eventsDot` (default `dot`):
   * MAME fires them between CPU timeslices, so an access sees only the events before the point
   * where its instruction began its last timeslice (see the machine's `eventsDot`); the picture,
   * the beam registers and HBLANK status use `dot`.
   */
  read(address: number, dot: number, eventsDot = dot): number {
    checkDot(this.timing, this.eventsTo, dot, 'read');
    const a = fixMirrors(address);
    this.runEvents(eventsDot < dot ? eventsDot : dot);
    const ctrl = this.regs[CONTROL];
    switch (a) {
      case STATUS: {
        this.renderTo(dot);
        const h = dot % this.timing.dotsPerLine;
        let data = this.controlStatus | this.renderer.majorOverlap | (ctrl & CTRL_STROBE);
        if (h >= 225 && h < this.timing.bgateStart && this.yBeam(dot) <= this.timing.vblankStartLine) data |= 1;
        this.irq = false;
        this.controlStatus &= ~STAT_CLEARED_ON_READ;
        this.renderer.majorOverlap = 0;
        return data;
      }
      case COLLISION: {
        this.renderTo(dot);
        const data = this.renderer.collisionStatus;
        this.renderer.collisionStatus = 0;
        return data;
      }
      case Y_BEAM:
        return (ctrl & CTRL_STROBE) !== 0 ? this.yBeam(dot) & 0xff : this.yLatch;
      case X_BEAM:
        return (ctrl & CTRL_STROBE) !== 0 ? this.xBeam(dot) : this.xLatch;
    }
    if (readsAsZero(a)) return 0;
    if (a < 0x80 && (ctrl & CTRL_FOREGROUND) !== 0) return 0;
    if (a >= 0xc0 && (ctrl & CTRL_GRID) !== 0) return 0;
    return this.regs[a];
  }

  /** A MOVX write to the VDC at `address` (0-255) at `dot`; `eventsDot` as for `read`. */
  write(address: number, value: number, dot: number, eventsDot = dot): void {
    checkDot(this.timing, this.eventsTo, dot, 'write');
    const a = fixMirrors(address);
    const regs = this.regs;
    const ctrl = regs[CONTROL];
    if (a < 0x80 && (ctrl & CTRL_FOREGROUND) !== 0) return;
    if ((a >= 0xc0 && (ctrl & CTRL_GRID) !== 0) || a >= 0xf0) return;
    if (writeDropped(a)) return;
    const data = storedBits(a, value);
    if (data === regs[a] && a !== CONTROL && !(a >= SHIFT_HI && a <= SHIFT_LO)) return;
    this.runEvents(eventsDot < dot ? eventsDot : dot);
    this.renderTo(dot);
    if (a === CONTROL) {
      if ((ctrl & CTRL_STROBE) !== 0 && (data & CTRL_STROBE) === 0) {
        this.xLatch = this.xBeam(dot);
        this.yLatch = this.yBeam(dot) & 0xff;
      }
    } else if (a >= SHIFT_HI && a <= SHIFT_LO) {
      this.sound.written = true;
    } else if (a === SOUND) {
      this.sound.advance(dot);
    }
    regs[a] = data;
    this.renderer.registerWritten(a);
    if (a === SOUND) this.sound.noteLevel();
  }

  // ---------------------------------------------------------------- save state

  /** A versioned, bit-exact snapshot (picture so far, maps, sound phase and level log). */
  saveState(): Uint8Array {
    return encodeState(VDC_STATE_MAGIC, VDC_STATE_VERSION, this.schema, this);
  }

  /** Reads and validates a state completely without changing the chip (see applyState). */
  decodeState(state: Uint8Array): Values {
    return readVersioned(state, VDC_STATE_MAGIC, VDC_STATE_VERSION, this.schema, 'VDC (8244/8245)', 'VDC save state');
  }

  /**
   * A debugger's edit of register `address` (rom-core/debugger/poke.ts): stored as given, with no bus
   * write's rules or side effects; what is drawn from here on shows it.
   */
  poke(address: number, value: number): void {
    this.regs[address & 0xff] = value & 0xff;
    this.renderer.registerWritten(address & 0xff);
  }

  /** The registers and the renderer's maps were written by a restored state (the machine's restore). */
  stateRestored(): void {
    this.renderer.stateRestored();
  }

  /** Applies decodeState's values; cannot fail. */
  applyState(v: Values): void {
    applyFields(this.schema, v, this);
    this.renderer.stateRestored();
    this.pcm.clear();
  }

  /** Restores saveState() output; throws a sentence and changes nothing if it is not a valid one. */
  loadState(state: Uint8Array): void {
    this.applyState(this.decodeState(state));
  }
}

export { NTSC, PAL };
