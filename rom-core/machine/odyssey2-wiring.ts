/**
 * The Odyssey²'s wiring (MAME's odyssey2.cpp port handlers; docs/hardware.md §2, §5): the chips and
 * what connects them, the 8048's pins as the board answers them (ports, BUS, MOVX to the 6810, the
 * cartridge and the 8244, T1 and /INT from the VDC), the keyboard and sticks, and the time base that
 * puts the CPU's cycles on the VDC's dots. Odyssey2 (odyssey2.ts) extends it with the frame loop and
 * the save state; its header explains the time base and the frame.
 */
import { I8048 } from '../i8048/cpu.ts';
import type { I8048Pins } from '../i8048/pins.ts';
import { I8244 } from '../i8244/vdc.ts';
import { mameFrameStartDot } from '../i8244/timing.ts';
import type { VdcTiming } from '../i8244/timing.ts';
import { Cartridge } from './cartridge.ts';
import { encodeRow, keyCodeOf } from './input.ts';
import type { KeyCode } from './input.ts';
import { setMachineInputs, setMachineKey } from './odyssey2-input.ts';
import { machineImages } from './odyssey2-options.ts';
import type { ImageIdentity, Odyssey2Options } from './odyssey2-options.ts';

/** A keyboard with no key down. */
const NO_ROWS = new Uint8Array(8);

export class Odyssey2Wiring implements I8048Pins {
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

  protected readonly dpc: number;
  protected readonly dpf: number;
  /** Frame dot at which runFrame stops (see the header). */
  protected readonly sampleDot: number;
  protected dotBase: number;
  protected cycleBase = 0;
  /** The VDC frame ended during the current frame (set from the dot whenever a run starts). */
  protected crossed = false;
  /** The latest dot handed to the VDC in this frame (the /INT look-ahead can be a little ahead). */
  protected vdcDot = 0;
  protected readonly biosCrc: number;
  protected cartCrc: number;

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
  }

  /** The dot of the CPU's current position within the VDC frame (may be >= dotsPerFrame briefly). */
  dot(): number {
    return this.dotBase + (this.cpu.cycles - this.cycleBase) * this.dpc;
  }

  protected crossFrame(): void {
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
  protected busDot(): number {
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
}
