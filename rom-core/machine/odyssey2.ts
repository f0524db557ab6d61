/**
 * The Magnavox Odyssey² / Philips Videopac G7000: an 8048 (rom-core/i8048) wired to an 8244/8245
 * (rom-core/i8244), 128 bytes of external RAM, a cartridge mapper, keyboard and two joysticks, as
 * MAME's `src/mame/philips/odyssey2.cpp` wires them (docs/hardware.md §2, §5).
 *
 * Time: one integer "dot" counter within the VDC's frame (see vdc.ts). The CPU's machine cycles map
 * to dots by `dot = dotBase + (cpu.cycles - cycleBase) · dotsPerCycle` (20 NTSC, 18 PAL). The CPU
 * calls its pins after charging an instruction's cycles, so a MOVX, a P1 write or a JT1 acts at the
 * dot where the instruction ends (a MOVX sees the VDC's timed events only up to one cycle after its
 * start, see movxEventsDot); the event counter's per-cycle T1 samples see the dot where each
 * cycle starts; /INT is looked at before an instruction starts, one cycle ahead (MAME fires the VDC's
 * VBLANK timer at the end of the CPU timeslice that reaches it, so the interrupt is taken at the
 * first instruction boundary less than a machine cycle before its dot). When the dot reaches the end
 * of the VDC frame the VDC's `endFrame()` runs (also in the middle of an instruction, just before an
 * access that lies past it) and the counter is moved back by one frame. (cycleBase stays 0 and the
 * cycle count is moved back with the time base past 2^44 cycles, so cycles · 20 stays inside the
 * exact range of a double.)
 *
 * Frames: like MAME (test/mame/README.md: its frame hook fires there), emulated time 0 is the start of VBLANK (line 243, dot 0)
 * and a frame ends there again. `runFrame()` stops at the first instruction boundary after the CPU has
 * begun the machine cycle in which the beam reaches that point; at that moment the picture of lines
 * 0-242 is complete in `frame`, and `audio` holds the PCM of the VDC frame that ended during the run.
 * The debugger's `runFrameDebug()` (breakpoints) and `stepInstruction()` stop inside a frame and go on
 * with it later; a frame run in pieces ends exactly where `runFrame()` ends it.
 */
import { I8048 } from '../i8048/cpu.ts';
import type { DebugHooks } from '../i8048/cpu.ts';
import type { I8048Pins } from '../i8048/pins.ts';
import { I8244 } from '../i8244/vdc.ts';
import { mameFrameStartDot } from '../i8244/timing.ts';
import type { VdcTiming } from '../i8244/timing.ts';
import { applyFields, bindSchema, encodeState, encodeStateAt, encodeStateTo } from '../state/schema.ts';
import type { Schema, Values } from '../state/schema.ts';
import { SNAPSHOT_MAGIC, STATE_MAGIC, STATE_VERSION } from './machine-state.ts';
import { readSaveState, readSnapshot, snapshotReading, stateSchemas } from './odyssey2-state.ts';
import type { StateSchemas } from './odyssey2-state.ts';
import { Cartridge } from './cartridge.ts';
import type { MapperKind } from './cartridge.ts';
import { encodeRow, keyCodeOf } from './input.ts';
import type { KeyCode } from './input.ts';
import { setMachineInputs, setMachineKey } from './odyssey2-input.ts';
import { identifyRom } from './roms.ts';
import type { RomIdentity } from './roms.ts';
import { machineImages } from './odyssey2-options.ts';
import type { ImageIdentity, Odyssey2Options } from './odyssey2-options.ts';
import { frameRecord } from './frame-record.ts';
import type { FrameRecord } from './frame-record.ts';

export type { Odyssey2Options } from './odyssey2-options.ts';
export type { FrameRecord } from './frame-record.ts';

/** Where runFrameDebug stopped: at the frame's end, or before the instruction at `pc` ('hook': DebugHooks.beforeInstruction asked). */
export interface FrameDebugResult {
  reason: 'frame' | 'breakpoint' | 'illegal' | 'hook';
  /** PC of the instruction that runs next. */
  pc: number;
}

/** Where a snapshot taken between two frames stands (restoreSnapshot's default). */
export interface SnapshotPosition {
  midFrame: boolean;
  stoppedBeforeInstruction: boolean;
}
export const BETWEEN_FRAMES: Readonly<SnapshotPosition> = { midFrame: false, stoppedBeforeInstruction: false };

/** A keyboard with no key down. */
const NO_ROWS = new Uint8Array(8);

/**
 * The CPU's cycle count is moved back (with the time base) at a frame's end once past REBASE_AT
 * (2^44, about 1.5 years of running), so states always fit LOADABLE_CYCLES (state.ts).
 */
const REBASE_AT = 2 ** 44;
const REBASE_BY = 2 ** 43;

export class Odyssey2 implements I8048Pins {
  readonly timing: VdcTiming;
  readonly vdc: I8244;
  readonly cart: Cartridge;
  cpu!: I8048;
  /** What the machine made of each image (size-checked; known or unknown by CRC32); swapCartridge renews the cart's. */
  identity: ImageIdentity;
  /** The 6810: 128 bytes of external RAM at MOVX 00h-7Fh. */
  readonly eram = new Uint8Array(128);
  /** P1/P2 output latches as the board sees them (MAME m_p1, m_p2). */
  p1 = 0xff;
  p2 = 0xff;
  /** Pressed keys per keyboard row (bit = column), and the two sticks (MAME JOY.n, active high). */
  readonly keys = new Uint8Array(8);
  readonly joy = new Uint8Array(2);
  /** RESET held: the 8048 is in reset and runs nothing. */
  resetHeld = false;
  /** Frames completed by runFrame since power-on. */
  frameNumber = 0;

  private readonly dpc: number;
  private readonly dpf: number;
  /** Frame dot at which runFrame stops (see the header). */
  private readonly sampleDot: number;
  private dotBase: number;
  private cycleBase = 0;
  /** The VDC frame ended during the current frame (set from the dot whenever a run starts). */
  private crossed = false;
  /**
   * A debug run stopped before an instruction after the CPU's interrupt check for it (the CPU's
   * runDebug checks breakpoints between the two): the instruction still has to run, without a
   * second interrupt check (readInt looks ahead and moves the VDC, so it must run once per
   * instruction boundary, as in runFrame).
   */
  private pendingInstruction = false;
  /** A debug run or a step left the current frame half run (see midFrame). */
  private inFrame = false;
  /** The latest dot handed to the VDC in this frame (the /INT look-ahead can be a little ahead). */
  private vdcDot = 0;
  private readonly biosCrc: number;
  private cartCrc: number;

  constructor(options: Odyssey2Options) {
    const { identity, timing, mapper } = machineImages(options);
    this.identity = identity;
    this.biosCrc = identity.bios.crc;
    this.cartCrc = identity.cart.crc;
    this.timing = timing;
    this.dpc = timing.dotsPerCycle;
    this.dpf = timing.dotsPerFrame;
    const start = mameFrameStartDot(timing);
    this.sampleDot = start - this.dpc + 1;
    this.dotBase = start;
    this.vdc = new I8244(timing, options.charset, options.sampleRate ?? 48_000);
    this.vdc.reset(start);
    // The VDC starts at the frame's start dot; saying so keeps a state saved at power-on loadable
    // (the load checks the VDC is not ahead of the machine). No access comes earlier, so nothing else changes.
    this.vdcDot = start;
    this.cart = new Cartridge(options.cart, options.bios, mapper);
    this.cart.writeP1(0xff);
    this.cpu = new I8048(this, this.cart.image());
    this.schemas = stateSchemas({ timing, mapper: this.cart.kind, biosCrc: this.biosCrc, cartCrc: this.cartCrc });
    bindSchema(this.schemas.save, this);
  }

  /** The save state's and the snapshot's schemas; they name the cartridge's CRC-32, so swapCartridge renews them. */
  private schemas: StateSchemas;
  /** A restore's reader and values, reused so a rollback's restore allocates nothing. */
  private readonly reading = snapshotReading();

  /**
   * Puts `image` in the cartridge slot of the running machine, as a rebuilt program is swapped in
   * (8bitworkshop's loop): CPU registers, RAM, VDC, bank and time are kept, and the next instruction
   * is fetched from the new bytes. Only an image of the same size on the same mapper fits (`mapper`,
   * when given, is the one the new image asks for); otherwise returns why in a sentence and changes
   * nothing. States saved before carry the old image's CRC-32 and are refused after it.
   */
  swapCartridge(image: Uint8Array, mapper?: MapperKind): string | undefined {
    if (mapper !== undefined && mapper !== this.cart.kind)
      return `the new image asks for the ${mapper} mapper and the machine runs the ${this.cart.kind} mapper; a different mapper needs a restart.`;
    let identity: RomIdentity;
    try {
      identity = identifyRom('cart', image, this.cart.kind);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
    const refused = this.cart.replaceRom(image);
    if (refused) return refused;
    this.identity = { ...this.identity, cart: identity };
    this.cartCrc = identity.crc;
    this.schemas = stateSchemas({
      timing: this.timing,
      mapper: this.cart.kind,
      biosCrc: this.biosCrc,
      cartCrc: this.cartCrc,
    });
    this.cpu.program = this.cart.image();
    return undefined;
  }

  /** Colour indices (palette.ts) of the last completed picture, timing.visibleWidth × visibleHeight. */
  get frame(): Uint8Array {
    return this.vdc.frame;
  }

  /** PCM (0 .. 15/16) of the last VDC frame that ended; a reused buffer. */
  get audio(): Float32Array {
    return this.vdc.pcm.samples;
  }

  /** The dot of the CPU's current position within the VDC frame (may be >= dotsPerFrame briefly). */
  dot(): number {
    return this.dotBase + (this.cpu.cycles - this.cycleBase) * this.dpc;
  }

  // ------------------------------------------------------------------ running

  /**
   * Runs to the end of the frame (VBLANK start to VBLANK start; from wherever a debug run or a step
   * left the CPU, to the end of that frame). The only debug bookkeeping here is once per call.
   */
  runFrame(): void {
    this.beginRun();
    for (let n = this.nextSpan(); n > 0; n = this.nextSpan()) this.cpu.run(n);
    this.endFrame();
  }

  /**
   * runFrame for the debugger: stops before the instruction at a breakpoint (or an unused opcode
   * with stopOnIllegal), leaving the frame half run; the next runFrameDebug, runFrame or
   * stepInstruction goes on with the same frame, and the split run ends in exactly the state of an
   * unbroken one. The instruction it stopped before runs first when it goes on; every later one
   * at a breakpoint stops it again (the next instruction, or the same one on its next pass).
   */
  runFrameDebug(hooks: DebugHooks = {}): FrameDebugResult {
    const debug: DebugHooks = { ...hooks, passBreakpointAtStart: false };
    this.beginRun();
    const cpu = this.cpu;
    for (let n = this.nextSpan(); n > 0; n = this.nextSpan()) {
      const result = cpu.runDebug(n, debug);
      if (result.reason !== 'cycles') {
        this.pendingInstruction = true;
        this.inFrame = true;
        return { reason: result.reason, pc: result.pc };
      }
    }
    this.endFrame();
    return { reason: 'frame', pc: cpu.pc };
  }

  /**
   * One instruction (with the entry of an interrupt due before it) inside the frame's bookkeeping:
   * when it reaches the frame's end, the frame ends here exactly as runFrame would end it, so
   * stepping instruction by instruction gives the same machine as running. 'frame' = a frame ended.
   */
  stepInstruction(): 'instruction' | 'frame' {
    // Stopped before an instruction (a breakpoint): running that one is this step (it used to run the next one too).
    const stopped = this.pendingInstruction;
    this.beginRun();
    if (stopped) {
      /* the stopped instruction ran in beginRun */
    } else if (this.resetHeld) this.dotBase += this.dpc;
    else this.cpu.step();
    for (;;) {
      const d = this.dot();
      if (!this.crossed) {
        if (d < this.dpf) return this.stepEnded();
        this.crossFrame();
        continue;
      }
      if (d < this.sampleDot) return this.stepEnded();
      this.endFrame();
      return 'frame';
    }
  }

  private stepEnded(): 'instruction' {
    this.inFrame = true;
    return 'instruction';
  }

  /**
   * The current frame is half run: a debug run stopped inside it or a step did not reach its end.
   * The dot alone cannot say so (a frame ends past sampleDot, where the next one also begins).
   */
  get midFrame(): boolean {
    return this.inFrame;
  }

  /**
   * A debug run stopped before the instruction at the PC after that instruction's interrupt check:
   * the next run or step runs it first, with no second check.
   */
  get stoppedBeforeInstruction(): boolean {
    return this.pendingInstruction;
  }

  /**
   * Machine cycles the CPU may run before the frame's next event (the VDC frame's end, then the
   * frame's sample point), crossing the VDC frame's end on the way; 0 when this frame is over.
   * While RESET is held the beam moves on without the CPU.
   */
  private nextSpan(): number {
    const dpc = this.dpc;
    for (;;) {
      const target = this.crossed ? this.sampleDot : this.dpf;
      const d = this.dotBase + (this.cpu.cycles - this.cycleBase) * dpc;
      if (d >= target) {
        if (this.crossed) return 0;
        this.crossFrame();
        continue;
      }
      const n = Math.ceil((target - d) / dpc);
      if (!this.resetHeld) return n;
      this.dotBase += n * dpc;
    }
  }

  /**
   * Where the current frame stands, from the dot alone (a frame ends at sampleDot, short of the
   * VDC frame's end, so the dot is below sampleDot only once the VDC frame has ended), then the
   * instruction a debug run stopped in the middle of.
   */
  private beginRun(): void {
    this.crossed = this.dot() < this.sampleDot;
    if (this.pendingInstruction) {
      this.pendingInstruction = false;
      this.finishInstruction();
    }
  }

  /** Runs the instruction a breakpoint stopped before; its interrupt check was made before the stop. */
  private finishInstruction(): void {
    this.cpu.stepAfterInterruptCheck();
  }

  private endFrame(): void {
    this.vdc.syncTo(this.busDot());
    // A 32-bit counter, as the save state stores it: after frame 0xFFFFFFFF (over two years at 60 Hz)
    // the machine and its save both say 0, so a state never changes by being saved and loaded.
    this.frameNumber = (this.frameNumber + 1) >>> 0;
    if (this.cpu.cycles > REBASE_AT) this.rebase();
    this.crossed = false;
    this.inFrame = false;
  }

  /**
   * Moves the CPU's cycle count back by REBASE_BY with the time base, so the beam stays where it is and
   * `cycles · dotsPerCycle` stays exact in a double (above 2^48 it would not). Only differences of the
   * count matter (the timer keeps its own prescaler), so nothing the machine does changes.
   */
  private rebase(): void {
    this.cpu.cycles -= REBASE_BY;
    if (this.cycleBase >= REBASE_BY) this.cycleBase -= REBASE_BY;
    else this.dotBase += REBASE_BY * this.dpc;
  }

  private crossFrame(): void {
    this.vdc.endFrame();
    this.dotBase -= this.dpf;
    this.crossed = true;
    this.vdcDot = 0;
  }

  /**
   * The dot for a VDC access now, ending the VDC frame first if the access lies past it. Never
   * earlier than the /INT look-ahead already took the VDC (that only happens for a P1 write from
   * outside the program, e.g. the RESET key, within a cycle of an interrupt check).
   */
  private busDot(): number {
    let d = this.dotBase + (this.cpu.cycles - this.cycleBase) * this.dpc;
    if (d >= this.dpf) {
      this.crossFrame();
      d -= this.dpf;
    }
    if (d < this.vdcDot) d = this.vdcDot;
    this.vdcDot = d;
    return d;
  }

  // ------------------------------------------------------------------ input

  /** Presses or releases a key by its code (input.ts's KEY_NAMES index): the way every key comes in. */
  setKeyCode(code: KeyCode, down: boolean): void {
    setMachineKey(this, code, down);
  }

  /** A key by its name ('0'-'9', 'A'-'Z', 'SPACE', 'J0_UP', 'RESET', ...), parsed where a name comes in (a script, a test). */
  setKey(name: string, down: boolean): void {
    setMachineKey(this, keyCodeOf(name), down);
  }

  /** Both sticks (5 switch bits each) and, when given, the keyboard's 8 rows: a frame's whole input. */
  setInputs(j0: number, j1: number, rows?: ArrayLike<number>): void {
    setMachineInputs(this, j0, j1, rows);
  }

  /** One stick's switches, the other kept. */
  setStick(stick: 0 | 1, bits: number): void {
    if (stick === 0) setMachineInputs(this, bits, this.joy[1]);
    else setMachineInputs(this, this.joy[0], bits);
  }

  /** Releases every key and both sticks (not RESET). */
  releaseAll(): void {
    setMachineInputs(this, 0, 0, NO_ROWS);
  }

  // ------------------------------------------------------------------ pins (I8048Pins)

  readPort(port: 1 | 2): number {
    if (port === 1) return 0xff;
    // P1.2 = 0 enables the 74156 row decoder; the 74148 answers on P2.7-4.
    if ((this.p1 & 0x04) !== 0) return 0xff;
    return encodeRow(this.keys[this.p2 & 7]);
  }

  writePort(port: 1 | 2, value: number): void {
    if (port === 2) {
      this.p2 = value;
      return;
    }
    const old = this.p1;
    this.p1 = value;
    if (((old ^ value) & 0x80) !== 0) this.vdc.setLuminanceForce((value & 0x80) === 0, this.busDot());
    this.cart.writeP1(value);
    const cpu = this.cpu as I8048 | undefined; // undefined only while the CPU's constructor resets it
    if (cpu !== undefined) cpu.program = this.cart.image();
  }

  readBus(): number {
    let data = 0xff;
    if ((this.p1 & 0x04) === 0) {
      const sel = this.p2 & 7;
      if (sel < 2) data &= ~this.joy[sel] & 0xff;
    }
    return data;
  }

  writeBus(_value: number): void {
    // Nothing on a plain Odyssey² listens to BUS writes.
  }

  readExternal(address: number): number {
    const p1 = this.p1;
    let data = this.cart.ioRead(address);
    if ((p1 & 0x10) === 0 && (address & 0x80) === 0) data &= this.eram[address];
    if ((p1 & 0x48) === 0) {
      const d = this.busDot();
      data &= this.vdc.read(address, d, this.movxEventsDot(d));
    }
    return data;
  }

  writeExternal(address: number, value: number): void {
    const p1 = this.p1;
    if ((p1 & 0x40) === 0) {
      this.cart.ioWrite(address, value);
      if (this.cart.kind === 'rally') this.cpu.program = this.cart.image();
      if ((p1 & 0x10) === 0 && (address & 0x80) === 0) this.eram[address] = value;
    }
    if ((p1 & 0x08) === 0) {
      const d = this.busDot();
      this.vdc.write(address, value, d, this.movxEventsDot(d));
    }
  }

  /**
   * The VDC timed events a MOVX ending at dot `d` sees: like /INT (readInt), MAME fires the VDC's
   * timers between CPU timeslices, so the 2-cycle MOVX sees only events less than one machine cycle
   * after its start (d - 2·dpc), not those between then and its bus cycle (measured with
   * test/programs/vdc/poll.a48: a status read up to about 1.25 cycles after the VBLANK edge misses it).
   */
  private movxEventsDot(d: number): number {
    return d - this.dpc - 1;
  }

  readT0(): number {
    return 0;
  }

  readT1(): number {
    let d = this.dotBase + (this.cpu.cycles - this.cycleBase) * this.dpc;
    if (d >= this.dpf) d -= this.dpf;
    return this.vdc.t1(d);
  }

  readInt(): number {
    // MAME runs the CPU in timeslices of whole cycles up to the next timer and fires the VDC's
    // VBLANK timer when the slice ends, so the CPU takes the interrupt at the first instruction
    // boundary that lies less than one machine cycle before the timer's dot. Looking dpc - 1 dots
    // ahead gives exactly that boundary.
    let d = this.busDot() + this.dpc - 1;
    if (d > this.dpf) d = this.dpf;
    this.vdcDot = d;
    return this.vdc.intAsserted(d) ? 1 : 0;
  }

  intQuietUntil(): number {
    // readInt at cycle count c looks at dot max(d(c), vdcDot) + dpc - 1, d(c) being the beam's dot
    // then: /INT stays quiet while that is before the VDC's next event that can assert it, and
    // before the frame's end (which readInt would cross).
    const before = this.vdc.intQuietBefore();
    const limit = before < this.dpf ? before : this.dpf;
    const dpc = this.dpc;
    if (this.vdcDot + dpc - 1 >= limit) return -1;
    return this.cycleBase + Math.ceil((limit - this.dotBase - dpc + 1) / dpc) - 1;
  }

  // ------------------------------------------------------------------ observation

  /** The state record the runner writes per frame (frame = frames completed). */
  record(): FrameRecord {
    return frameRecord(this);
  }

  // ------------------------------------------------------------------ save state

  /** The whole machine (CPU, VDC, RAM, bank, inputs, time), versioned; restore with loadState. */
  saveState(): Uint8Array {
    return encodeState(STATE_MAGIC, STATE_VERSION, this.schemas.save, this);
  }

  /**
   * The machine between two frames without its picture, for a rollback (rom-core/netplay): a few KB
   * where a save state is about 90. `restoreSnapshot` takes it back; the next frame draws the picture.
   * Given `into` (an earlier snapshot of this machine), it is written there and nothing is allocated.
   */
  snapshot(into?: Uint8Array): Uint8Array {
    return encodeState(SNAPSHOT_MAGIC, STATE_VERSION, this.schemas.snapshot, this, into);
  }

  /**
   * snapshot() written into `out` at the offset `place(length)` returns (a ring of snapshots, rewind.ts);
   * returns the length. Allocates nothing.
   */
  snapshotAt(out: Uint8Array, place: (length: number) => number): number {
    return encodeStateAt(SNAPSHOT_MAGIC, STATE_VERSION, this.schemas.snapshot, this, out, place);
  }

  /**
   * snapshot() written at the start of the buffer `pick(length)` returns, at least `length` long (a kept
   * buffer, or a longer one when it is too short: snapshots differ in length); returns the length.
   * Allocates nothing but what `pick` does. Restore it with restoreSnapshot(buffer, position, 0, length).
   */
  snapshotTo(pick: (length: number) => Uint8Array): number {
    return encodeStateTo(SNAPSHOT_MAGIC, STATE_VERSION, this.schemas.snapshot, this, pick);
  }

  /**
   * Restores `snapshot()` output (checked as a save state is; the picture stays as it is). A snapshot
   * taken inside a frame (the debugger's step back) comes with where the run stood: midFrame and
   * stoppedBeforeInstruction as they were when it was taken; the state bytes do not hold them.
   * The snapshot is `state[start, end)` (one in a ring, or in a longer buffer: no subarray to make).
   * Allocates nothing once a first restore has made its values.
   */
  restoreSnapshot(
    state: Uint8Array,
    position: Readonly<SnapshotPosition> = BETWEEN_FRAMES,
    start = 0,
    end = state.length,
  ): void {
    const schema = this.schemas.snapshot;
    this.restore(schema, readSnapshot(state, schema, this.reading, start, end));
    this.inFrame = position.midFrame;
    this.pendingInstruction = position.stoppedBeforeInstruction;
  }

  /**
   * Restores saveState() output (this version or version 1). The whole state is read and validated
   * first (every field's type and range, every length, the parts against each other); a state that
   * fails throws a sentence saying why and the machine is left exactly as it was.
   */
  loadState(state: Uint8Array): void {
    const schema = this.schemas.save;
    this.restore(schema, readSaveState(state, schema, this.timing));
  }

  /** Applies checked state values; what is not in a state (queued sound, a half-run instruction, the bank's view) starts afresh. */
  private restore(schema: Schema, values: Values): void {
    applyFields(schema, values, this);
    this.vdc.stateRestored();
    this.vdc.pcm.clear();
    this.pendingInstruction = false;
    this.inFrame = false;
    this.cpu.program = this.cart.image();
  }
}
