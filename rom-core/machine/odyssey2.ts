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
import type { DebugHooks } from '../i8048/cpu.ts';
import { applyFields, bindSchema, encodeState, encodeStateAt, encodeStateTo } from '../state/schema.ts';
import type { Schema, Values } from '../state/schema.ts';
import { SNAPSHOT_MAGIC, STATE_MAGIC, STATE_VERSION } from './machine-state.ts';
import { readSaveState, readSnapshot, snapshotReading, stateSchemas } from './odyssey2-state.ts';
import type { StateSchemas } from './odyssey2-state.ts';
import type { MapperKind } from './cartridge.ts';
import { identifyRom } from './roms.ts';
import type { RomIdentity } from './roms.ts';
import type { Odyssey2Options } from './odyssey2-options.ts';
import { frameRecord } from './frame-record.ts';
import type { FrameRecord } from './frame-record.ts';
import { Odyssey2Wiring } from './odyssey2-wiring.ts';

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

/**
 * The CPU's cycle count is moved back (with the time base) at a frame's end once past REBASE_AT
 * (2^44, about 1.5 years of running), so states always fit LOADABLE_CYCLES (state.ts).
 */
const REBASE_AT = 2 ** 44;
const REBASE_BY = 2 ** 43;

/** The machine: its wiring (odyssey2-wiring.ts), the frame loop, the debugger's runs and the save state. */
export class Odyssey2 extends Odyssey2Wiring {
  /**
   * A debug run stopped before an instruction after the CPU's interrupt check for it (the CPU's
   * runDebug checks breakpoints between the two): the instruction still has to run, without a
   * second interrupt check (readInt looks ahead and moves the VDC, so it must run once per
   * instruction boundary, as in runFrame).
   */
  private pendingInstruction = false;
  /** A debug run or a step left the current frame half run (see midFrame). */
  private inFrame = false;
  /** The save state's and the snapshot's schemas; they name the cartridge's CRC-32, so swapCartridge renews them. */
  private schemas: StateSchemas;
  /** A restore's reader and values, reused so a rollback's restore allocates nothing. */
  private readonly reading = snapshotReading();

  constructor(options: Odyssey2Options) {
    super(options);
    this.schemas = stateSchemas({
      timing: this.timing,
      mapper: this.cart.kind,
      biosCrc: this.biosCrc,
      cartCrc: this.cartCrc,
    });
    bindSchema(this.schemas.save, this);
  }

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

  /** Sound at another host rate (44100 or 48000 Hz) from the next frame on; the machine's state is untouched. */
  setSampleRate(sampleRate: number): void {
    this.vdc.setSampleRate(sampleRate);
  }

  /** PCM (0 .. 15/16) of the last VDC frame that ended; a reused buffer. */
  get audio(): Float32Array {
    return this.vdc.pcm.samples;
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
