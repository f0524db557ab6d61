/**
 * The Intel 8048's registers and resources (MCS-48 user's manual, chapter 2): accumulator, PSW and
 * its register banks, the 64 bytes of RAM with the stack in it, the timer/counter and its
 * interrupt, the ports and BUS, and what the instructions share of them (stack, jumps, the adder,
 * the 8243 expander protocol). The instruction loop and the instructions themselves are I8048's
 * (cpu.ts), which extends this; the hot path's methods are here, called as methods of one class.
 */
import type { I8048Pins } from './pins.ts';
import { CPU_SCHEMA, CPU_STATE_MAGIC, CPU_STATE_VERSION } from './cpu-state.ts';
import { applyFields, encodeState, readVersioned } from '../state/schema.ts';
import type { Values } from '../state/schema.ts';

/** timerMode values: the timer/counter is stopped, counts machine cycles / 32, or counts T1 falls. */
export const TIMER_STOPPED = 0;
export const TIMER_MODE = 1;
export const COUNTER_MODE = 2;

export const PSW_CY = 0x80;
export const PSW_AC = 0x40;
export const PSW_F0 = 0x20;
export const PSW_BS = 0x10;

/** 8243 expander command codes placed on P2.3-2 (MAME's expander_op). */
export const EXPANDER_READ = 0;
export const EXPANDER_WRITE = 1;
export const EXPANDER_OR = 2;
export const EXPANDER_AND = 3;

const RAM_SIZE = 64;

export class I8048Core {
  program: Uint8Array;
  readonly ram = new Uint8Array(RAM_SIZE);

  a = 0;
  pc = 0;
  /** PC of the instruction last started (MAME's m_prevpc; the JNI interrupt hack needs it). */
  prevPc = 0;
  /** CY AC F0 BS and SP; bit 3 is never stored (MOV A,PSW reads it as 1). Use the psw accessor. */
  protected pswBits = 0;
  /** RAM address of R0: 0 for bank 0, 24 for bank 1. Always follows PSW.BS. */
  protected rb = 0;
  f1 = false;
  /** Memory-bank flip-flop: 1 after SEL MB1; JMP/CALL copy it into PC bit 11. */
  mbf = 0;

  timer = 0;
  prescaler = 0;
  /** TIMER_STOPPED, TIMER_MODE or COUNTER_MODE. */
  timerMode = TIMER_STOPPED;
  /** Recent T1 samples, newest in bit 0; a 1 then 0 is a falling edge. */
  t1History = 0;
  /** Timer flag, tested and cleared by JTF. */
  tf = false;
  /** Timer overflow latched for the interrupt (only latched while EN TCNTI is in force). */
  timerOverflowPending = false;
  tcntIntEnabled = false;
  intEnabled = false;
  irqInProgress = false;
  /** The last instruction was a JNI that found /INT not asserted (MAME's m_irq_polled). */
  irqPolled = false;
  /** ENT0 CLK was executed; nothing on the Odyssey² listens to T0 as an output. */
  t0ClockOut = false;

  p1 = 0xff;
  p2 = 0xff;
  /** Last value the CPU drove onto BUS. */
  bus = 0xff;

  /** Total machine cycles since construction. */
  cycles = 0;
  /**
   * run() passes over a wait loop's spins in one step when it can prove they change nothing but
   * time (wait-loop.ts); the machine ends in the same state either way. False runs every spin
   * (the tests that prove it compare the two).
   */
  skipWaits = true;
  /** The last instruction jumped back to itself or two bytes back: maybe a wait loop. */
  protected mayWait = false;

  protected readonly pins: I8048Pins;

  constructor(pins: I8048Pins, program: Uint8Array = new Uint8Array(4096)) {
    if (program.length !== 4096) {
      throw new Error(`I8048 program space must be 4096 bytes, got ${program.length}`);
    }
    this.pins = pins;
    this.program = program;
    this.reset();
  }

  get psw(): number {
    return this.pswBits;
  }

  set psw(value: number) {
    this.pswBits = value & 0xf7;
    this.rb = value & PSW_BS ? 24 : 0;
  }

  /** Stack pointer, PSW bits 2-0. */
  get sp(): number {
    return this.pswBits & 7;
  }

  /** Register Rn of the selected bank. */
  reg(n: number): number {
    return this.ram[this.rb + (n & 7)];
  }

  setReg(n: number, value: number): void {
    this.ram[this.rb + (n & 7)] = value;
  }

  /** The 8048 RESET pin. A, T, the prescaler, CY, AC and RAM are kept, as in MAME. */
  reset(): void {
    this.pc = 0;
    this.psw = this.pswBits & (PSW_CY | PSW_AC);
    this.mbf = 0;
    this.bus = 0xff;
    this.pins.writeBus(0xff);
    this.p1 = 0xff;
    this.p2 = 0xff;
    this.pins.writePort(1, 0xff);
    this.pins.writePort(2, 0xff);
    this.tcntIntEnabled = false;
    this.intEnabled = false;
    this.timerMode = TIMER_STOPPED;
    this.tf = false;
    this.f1 = false;
    this.t0ClockOut = false;
    this.irqInProgress = false;
    this.timerOverflowPending = false;
    this.irqPolled = false;
  }

  /** Takes the external (priority) or timer interrupt if one is due; returns the cycles used. */
  protected serviceInterrupts(): number {
    if (this.intEnabled && this.pins.readInt() !== 0) {
      this.burnCycles(2);
      this.irqInProgress = true;
      if (this.irqPolled) {
        // MAME forces a JNI that just fell through to have branched (its WY-100 hack).
        const prev = this.prevPc;
        this.pc = ((prev + 1) & 0x7ff) | (prev & 0x800);
        this.jcc(true);
      }
      this.push();
      this.pc = 0x003;
      return 2;
    }
    if (this.timerOverflowPending && this.tcntIntEnabled) {
      this.burnCycles(2);
      this.irqInProgress = true;
      this.push();
      this.pc = 0x007;
      this.timerOverflowPending = false;
      return 2;
    }
    return 0;
  }

  /** Advances time by n machine cycles, running the timer or the T1 event counter. */
  protected burnCycles(n: number): void {
    let overflow = false;
    if (this.timerMode === TIMER_MODE) {
      const old = this.timer;
      this.prescaler += n;
      this.timer = (old + (this.prescaler >> 5)) & 0xff;
      this.prescaler &= 0x1f;
      overflow = old !== 0 && this.timer === 0;
      this.cycles += n;
    } else if (this.timerMode === COUNTER_MODE) {
      for (let i = 0; i < n; i++) {
        this.t1History = ((this.t1History << 1) | (this.pins.readT1() & 1)) & 0xff;
        this.cycles++;
        if ((this.t1History & 3) === 2) {
          this.timer = (this.timer + 1) & 0xff;
          if (this.timer === 0) overflow = true;
        }
      }
    } else {
      this.cycles += n;
    }
    if (overflow) {
      this.tf = true;
      // MAME: "if an overflow occurs with interrupts disabled, the overflow is not stored".
      if (this.tcntIntEnabled) this.timerOverflowPending = true;
    }
  }

  protected fetch(): number {
    const pc = this.pc;
    this.pc = ((pc + 1) & 0x7ff) | (pc & 0x800);
    return this.program[pc];
  }

  protected push(): void {
    const sp = this.pswBits & 7;
    this.ram[8 + 2 * sp] = this.pc & 0xff;
    this.ram[9 + 2 * sp] = ((this.pc >> 8) & 0x0f) | (this.pswBits & 0xf0);
    this.pswBits = (this.pswBits & 0xf0) | ((sp + 1) & 7);
  }

  protected pullPc(): number {
    const sp = (this.pswBits - 1) & 7;
    const high = this.ram[9 + 2 * sp];
    this.pc = (this.ram[8 + 2 * sp] | (high << 8)) & 0xfff;
    return (high & 0xf0) | sp;
  }

  protected jmp(address: number): void {
    const pc = this.irqInProgress ? address : address | (this.mbf << 11);
    this.pc = pc;
    if (pc === this.prevPc || pc + 2 === this.prevPc) this.mayWait = true;
  }

  /** Conditional jump: the target stays in the page of the operand byte. */
  protected jcc(taken: boolean): void {
    const page = this.pc & 0xf00;
    const offset = this.fetch();
    if (taken) {
      this.pc = page | offset;
      if (this.pc === this.prevPc) this.mayWait = true;
    }
  }

  protected add(value: number): void {
    const sum = this.a + value;
    const low = (this.a & 0x0f) + (value & 0x0f);
    this.pswBits = (this.pswBits & 0x3f) | ((low << 2) & PSW_AC) | ((sum >> 1) & PSW_CY);
    this.a = sum & 0xff;
  }

  protected addc(value: number): void {
    const carry = this.pswBits >> 7;
    const sum = this.a + value + carry;
    const low = (this.a & 0x0f) + (value & 0x0f) + carry;
    this.pswBits = (this.pswBits & 0x3f) | ((low << 2) & PSW_AC) | ((sum >> 1) & PSW_CY);
    this.a = sum & 0xff;
  }

  /** MOVD/ANLD/ORLD: the 8243 protocol on P2.3-0 as MAME drives it (PROG edges not modelled). */
  protected expander(command: number, port: number): void {
    this.p2 = (this.p2 & 0xf0) | (command << 2) | (port & 3);
    this.pins.writePort(2, this.p2);
    if (command === EXPANDER_READ) {
      this.p2 |= 0x0f;
      this.pins.writePort(2, this.p2);
      this.a = this.pins.readPort(2) & 0x0f;
    } else {
      this.p2 = (this.p2 & 0xf0) | (this.a & 0x0f);
      this.pins.writePort(2, this.p2);
    }
  }

  /** The CPU's complete state (not the program, which the cartridge owns). */
  saveState(): Uint8Array {
    return encodeState(CPU_STATE_MAGIC, CPU_STATE_VERSION, CPU_SCHEMA, this);
  }

  /** Reads and validates a state completely without changing the CPU (see applyState). */
  decodeState(state: Uint8Array): Values {
    return readVersioned(state, CPU_STATE_MAGIC, CPU_STATE_VERSION, CPU_SCHEMA, '8048 CPU', '8048 CPU state');
  }

  /** Applies decodeState's values; cannot fail. */
  applyState(v: Values): void {
    applyFields(CPU_SCHEMA, v, this);
  }

  /** Restores a saveState() image; throws a sentence and changes nothing for anything that is not one. */
  loadState(state: Uint8Array): void {
    this.applyState(this.decodeState(state));
  }
}
