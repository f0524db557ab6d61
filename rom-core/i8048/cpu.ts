/**
 * Intel 8048 CPU core, machine-cycle exact, behaving as MAME's mcs48.cpp does for the i8048
 * (and as Intel's MCS-48 user's manual describes it). One instruction per step; the machine cycles of each
 * opcode come from the shared table in opcodes.ts and are charged (timer/counter included) before
 * the instruction has any effect, as MAME's burn_cycles() at the top of every handler does. So a
 * MOVX or port access sees `cycles` already advanced by the whole instruction.
 */
import { CYCLES } from './opcodes.ts';
import { waitCycles, waitLoopAt } from './wait-loop.ts';
import {
  COUNTER_MODE,
  EXPANDER_AND,
  EXPANDER_OR,
  EXPANDER_READ,
  EXPANDER_WRITE,
  I8048Core,
  PSW_AC,
  PSW_BS,
  PSW_CY,
  PSW_F0,
  TIMER_MODE,
  TIMER_STOPPED,
} from './cpu-core.ts';
import { ILLEGAL } from './debug-hooks.ts';
import type { DebugHooks, DebugRunResult } from './debug-hooks.ts';

export { COUNTER_MODE, TIMER_MODE, TIMER_STOPPED } from './cpu-core.ts';
export type { DebugHooks, DebugRunResult, StopReason } from './debug-hooks.ts';

/** The 8048: its registers and resources (cpu-core.ts), the instruction loop and the instructions. */
export class I8048 extends I8048Core {
  /** Services a pending interrupt (2 cycles) if any, then executes one instruction. */
  step(): number {
    let used = 0;
    if (!this.irqInProgress) used = this.serviceInterrupts();
    this.irqPolled = false;
    return used + this.execute();
  }

  /**
   * Executes the next instruction without the interrupt check before it: for a debugger that
   * stopped there with runDebug (which had already made that check) and now goes on. Checking twice
   * is not harmless: the check reads /INT, which on the Odyssey² moves the video chip's clock.
   */
  stepAfterInterruptCheck(): number {
    this.irqPolled = false;
    return this.execute();
  }

  /** Runs until at least `cycles` machine cycles have elapsed; returns the cycles run. */
  run(cycles: number): number {
    let elapsed = 0;
    while (elapsed < cycles) {
      if (!this.irqInProgress && (this.intEnabled || this.timerOverflowPending)) {
        elapsed += this.serviceInterrupts();
      }
      this.irqPolled = false;
      elapsed += this.execute();
      if (this.mayWait) {
        this.mayWait = false;
        if (this.skipWaits) elapsed += this.skipWait(cycles - elapsed);
      }
    }
    return elapsed;
  }

  /**
   * Counts the passes of the wait loop at the PC that change nothing but time (wait-loop.ts), when
   * there is one: no interrupt may be due in them (the pins' intQuietUntil says how long /INT stays
   * quiet), the timer may not overflow, and the counter (T1, a pin) must not be running.
   */
  private skipWait(remaining: number): number {
    if (this.irqInProgress || this.timerOverflowPending || this.timerMode === COUNTER_MODE) return 0;
    const loop = waitLoopAt(this.program, this.pc, this.mbf, this.a, this.pswBits, this.f1);
    if (loop === 0) return 0;
    const quiet = this.intEnabled ? (this.pins.intQuietUntil?.() ?? -1) - this.cycles : Infinity;
    const timing = this.timerMode === TIMER_MODE;
    const n = waitCycles(loop, remaining, quiet, timing ? (256 - this.timer) * 32 - this.prescaler - 1 : Infinity);
    if (n === 0) return 0;
    if (timing) {
      // The bound above keeps the timer from wrapping, so this equals n cycles of single steps.
      this.prescaler += n;
      this.timer += this.prescaler >> 5;
      this.prescaler &= 0x1f;
    }
    this.cycles += n;
    this.prevPc = loop >>> 16;
    return n;
  }

  /**
   * The debugger's loop: like run(), but stops before an instruction at a breakpoint (except the
   * one it resumes at) or, if asked, before an unused opcode, and records every PC in the trace.
   */
  runDebug(cycles: number, hooks: DebugHooks = {}): DebugRunResult {
    const { breakpoints, trace, stopOnIllegal = false, passBreakpointAtStart = true, beforeInstruction } = hooks;
    const flags = breakpoints instanceof Uint8Array ? breakpoints : undefined;
    const set = breakpoints instanceof Uint8Array ? undefined : breakpoints;
    const resumePc = this.pc;
    let first = passBreakpointAtStart;
    let elapsed = 0;
    while (elapsed < cycles) {
      if (!this.irqInProgress) elapsed += this.serviceInterrupts();
      this.irqPolled = false;
      const pc = this.pc;
      if (!(first && pc === resumePc)) {
        if ((flags !== undefined && flags[pc] !== 0) || (set !== undefined && set.has(pc))) {
          return { cycles: elapsed, reason: 'breakpoint', pc };
        }
        if (stopOnIllegal && ILLEGAL[this.program[pc]] === 1) {
          return { cycles: elapsed, reason: 'illegal', pc };
        }
      }
      if (beforeInstruction !== undefined && beforeInstruction(pc)) return { cycles: elapsed, reason: 'hook', pc };
      first = false;
      if (trace !== undefined) trace.record(pc);
      elapsed += this.execute();
    }
    return { cycles: elapsed, reason: 'cycles', pc: this.pc };
  }

  /** Fetches and executes one instruction; returns its machine cycles. */
  private execute(): number {
    const pc = this.pc;
    this.prevPc = pc;
    const op = this.program[pc];
    this.pc = ((pc + 1) & 0x7ff) | (pc & 0x800);
    const n = CYCLES[op];
    if (this.timerMode === TIMER_STOPPED) this.cycles += n;
    else this.burnCycles(n);

    const ram = this.ram;
    const rb = this.rb;
    // The switch keeps one line per instruction, its mnemonic at the end (test/rom-core/i8048/switch-names.test.ts).
    // prettier-ignore
    switch (op) {
      case 0x00: break; // NOP

      // ADD / ADDC
      case 0x68: case 0x69: case 0x6a: case 0x6b: case 0x6c: case 0x6d: case 0x6e: case 0x6f: // ADD A,Rr
        this.add(ram[rb + (op & 7)]); break;
      case 0x60: case 0x61: this.add(ram[ram[rb + (op & 1)] & 0x3f]); break; // ADD A,@Ri
      case 0x03: this.add(this.fetch()); break; // ADD A,#imm
      case 0x78: case 0x79: case 0x7a: case 0x7b: case 0x7c: case 0x7d: case 0x7e: case 0x7f: // ADDC A,Rr
        this.addc(ram[rb + (op & 7)]); break;
      case 0x70: case 0x71: this.addc(ram[ram[rb + (op & 1)] & 0x3f]); break; // ADDC A,@Ri
      case 0x13: this.addc(this.fetch()); break; // ADDC A,#imm

      // ANL / ORL / XRL A,...
      case 0x58: case 0x59: case 0x5a: case 0x5b: case 0x5c: case 0x5d: case 0x5e: case 0x5f: // ANL A,Rr
        this.a &= ram[rb + (op & 7)]; break;
      case 0x50: case 0x51: this.a &= ram[ram[rb + (op & 1)] & 0x3f]; break; // ANL A,@Ri
      case 0x53: this.a &= this.fetch(); break; // ANL A,#imm
      case 0x48: case 0x49: case 0x4a: case 0x4b: case 0x4c: case 0x4d: case 0x4e: case 0x4f: // ORL A,Rr
        this.a |= ram[rb + (op & 7)]; break;
      case 0x40: case 0x41: this.a |= ram[ram[rb + (op & 1)] & 0x3f]; break; // ORL A,@Ri
      case 0x43: this.a |= this.fetch(); break; // ORL A,#imm
      case 0xd8: case 0xd9: case 0xda: case 0xdb: case 0xdc: case 0xdd: case 0xde: case 0xdf: // XRL A,Rr
        this.a ^= ram[rb + (op & 7)]; break;
      case 0xd0: case 0xd1: this.a ^= ram[ram[rb + (op & 1)] & 0x3f]; break; // XRL A,@Ri
      case 0xd3: this.a ^= this.fetch(); break; // XRL A,#imm

      // Accumulator
      case 0x17: this.a = (this.a + 1) & 0xff; break; // INC A
      case 0x07: this.a = (this.a - 1) & 0xff; break; // DEC A
      case 0x27: this.a = 0; break; // CLR A
      case 0x37: this.a ^= 0xff; break; // CPL A
      case 0x47: this.a = ((this.a << 4) | (this.a >> 4)) & 0xff; break; // SWAP A
      case 0xe7: this.a = ((this.a << 1) | (this.a >> 7)) & 0xff; break; // RL A
      case 0x77: this.a = ((this.a >> 1) | (this.a << 7)) & 0xff; break; // RR A
      case 0xf7: { // RLC A
        const carry = this.a & 0x80;
        this.a = ((this.a << 1) | (this.pswBits >> 7)) & 0xff;
        this.pswBits = (this.pswBits & 0x7f) | carry;
        break;
      }
      case 0x67: { // RRC A
        const carry = (this.a << 7) & 0x80;
        this.a = (this.a >> 1) | (this.pswBits & 0x80);
        this.pswBits = (this.pswBits & 0x7f) | carry;
        break;
      }
      case 0x57: { // DA A: MAME's two-step adjust, never clears CY
        let a = this.a;
        if ((a & 0x0f) > 0x09 || this.pswBits & PSW_AC) {
          a = (a + 0x06) & 0xff;
          if ((a & 0xf0) === 0) this.pswBits |= PSW_CY;
        }
        if ((a & 0xf0) > 0x90 || this.pswBits & PSW_CY) {
          a = (a + 0x60) & 0xff;
          this.pswBits |= PSW_CY;
        }
        this.a = a;
        break;
      }

      // Registers and data memory
      case 0x18: case 0x19: case 0x1a: case 0x1b: case 0x1c: case 0x1d: case 0x1e: case 0x1f: // INC Rr
        ram[rb + (op & 7)]++; break;
      case 0x10: case 0x11: ram[ram[rb + (op & 1)] & 0x3f]++; break; // INC @Ri
      case 0xc8: case 0xc9: case 0xca: case 0xcb: case 0xcc: case 0xcd: case 0xce: case 0xcf: // DEC Rr
        ram[rb + (op & 7)]--; break;
      case 0xf8: case 0xf9: case 0xfa: case 0xfb: case 0xfc: case 0xfd: case 0xfe: case 0xff: // MOV A,Rr
        this.a = ram[rb + (op & 7)]; break;
      case 0xf0: case 0xf1: this.a = ram[ram[rb + (op & 1)] & 0x3f]; break; // MOV A,@Ri
      case 0x23: this.a = this.fetch(); break; // MOV A,#imm
      case 0xa8: case 0xa9: case 0xaa: case 0xab: case 0xac: case 0xad: case 0xae: case 0xaf: // MOV Rr,A
        ram[rb + (op & 7)] = this.a; break;
      case 0xa0: case 0xa1: ram[ram[rb + (op & 1)] & 0x3f] = this.a; break; // MOV @Ri,A
      case 0xb8: case 0xb9: case 0xba: case 0xbb: case 0xbc: case 0xbd: case 0xbe: case 0xbf: // MOV Rr,#imm
        ram[rb + (op & 7)] = this.fetch(); break;
      case 0xb0: case 0xb1: ram[ram[rb + (op & 1)] & 0x3f] = this.fetch(); break; // MOV @Ri,#imm
      case 0xc7: this.a = this.pswBits | 0x08; break; // MOV A,PSW
      case 0xd7: this.psw = this.a; break; // MOV PSW,A
      case 0x28: case 0x29: case 0x2a: case 0x2b: case 0x2c: case 0x2d: case 0x2e: case 0x2f: { // XCH A,Rr
        const r = rb + (op & 7);
        const t = this.a;
        this.a = ram[r];
        ram[r] = t;
        break;
      }
      case 0x20: case 0x21: { // XCH A,@Ri
        const addr = ram[rb + (op & 1)] & 0x3f;
        const t = this.a;
        this.a = ram[addr];
        ram[addr] = t;
        break;
      }
      case 0x30: case 0x31: { // XCHD A,@Ri
        const addr = ram[rb + (op & 1)] & 0x3f;
        const old = ram[addr];
        ram[addr] = (old & 0xf0) | (this.a & 0x0f);
        this.a = (this.a & 0xf0) | (old & 0x0f);
        break;
      }
      case 0x80: case 0x81: this.a = this.pins.readExternal(ram[rb + (op & 1)]) & 0xff; break; // MOVX A,@Ri
      case 0x90: case 0x91: this.pins.writeExternal(ram[rb + (op & 1)], this.a); break; // MOVX @Ri,A
      case 0xa3: this.a = this.program[(this.pc & 0xf00) | this.a]; break; // MOVP A,@A
      case 0xe3: this.a = this.program[0x300 | this.a]; break; // MOVP3 A,@A

      // Flags
      case 0x97: this.pswBits &= ~PSW_CY; break; // CLR C
      case 0xa7: this.pswBits ^= PSW_CY; break; // CPL C
      case 0x85: this.pswBits &= ~PSW_F0; break; // CLR F0
      case 0x95: this.pswBits ^= PSW_F0; break; // CPL F0
      case 0xa5: this.f1 = false; break; // CLR F1
      case 0xb5: this.f1 = !this.f1; break; // CPL F1

      // Unconditional branches
      case 0x04: case 0x24: case 0x44: case 0x64: case 0x84: case 0xa4: case 0xc4: case 0xe4: // JMP addr11
        this.jmp(((op & 0xe0) << 3) | this.fetch()); break;
      case 0x14: case 0x34: case 0x54: case 0x74: case 0x94: case 0xb4: case 0xd4: case 0xf4: { // CALL addr11
        const address = ((op & 0xe0) << 3) | this.fetch();
        this.push();
        this.jmp(address);
        break;
      }
      case 0xb3: { // JMPP @A
        const page = this.pc & 0xf00;
        this.pc = page | this.program[page | this.a];
        break;
      }
      case 0x83: this.pswBits = (this.pswBits & 0xf0) | (this.pullPc() & 7); break; // RET
      case 0x93: this.psw = this.pullPc(); this.irqInProgress = false; break; // RETR

      // Conditional branches
      case 0x12: case 0x32: case 0x52: case 0x72: case 0x92: case 0xb2: case 0xd2: case 0xf2: // JBb addr8
        this.jcc(((this.a >> (op >> 5)) & 1) !== 0); break;
      case 0xe8: case 0xe9: case 0xea: case 0xeb: case 0xec: case 0xed: case 0xee: case 0xef: { // DJNZ Rr,addr8
        const r = rb + (op & 7);
        ram[r]--;
        this.jcc(ram[r] !== 0);
        break;
      }
      case 0xf6: this.jcc((this.pswBits & PSW_CY) !== 0); break; // JC addr8
      case 0xe6: this.jcc((this.pswBits & PSW_CY) === 0); break; // JNC addr8
      case 0xc6: this.jcc(this.a === 0); break; // JZ addr8
      case 0x96: this.jcc(this.a !== 0); break; // JNZ addr8
      case 0x36: this.jcc(this.pins.readT0() !== 0); break; // JT0 addr8
      case 0x26: this.jcc(this.pins.readT0() === 0); break; // JNT0 addr8
      case 0x56: this.jcc(this.pins.readT1() !== 0); break; // JT1 addr8
      case 0x46: this.jcc(this.pins.readT1() === 0); break; // JNT1 addr8
      case 0xb6: this.jcc((this.pswBits & PSW_F0) !== 0); break; // JF0 addr8
      case 0x76: this.jcc(this.f1); break; // JF1 addr8
      case 0x16: this.jcc(this.tf); this.tf = false; break; // JTF addr8
      case 0x86: { // JNI addr8
        const asserted = this.pins.readInt() !== 0;
        this.irqPolled = !asserted;
        this.jcc(asserted);
        break;
      }

      // Ports and bus
      case 0x08: this.a = this.pins.readBus() & 0xff; break; // INS A,BUS
      case 0x09: this.a = this.pins.readPort(1) & this.p1; break; // IN A,P1
      case 0x0a: this.a = this.pins.readPort(2) & this.p2; break; // IN A,P2
      case 0x02: this.bus = this.a; this.pins.writeBus(this.a); break; // OUTL BUS,A
      case 0x39: this.p1 = this.a; this.pins.writePort(1, this.a); break; // OUTL P1,A
      case 0x3a: this.p2 = this.a; this.pins.writePort(2, this.a); break; // OUTL P2,A
      case 0x88: { // ORL BUS,#imm: MAME reads the bus, not a latch
        const value = this.pins.readBus() | this.fetch();
        this.bus = value & 0xff;
        this.pins.writeBus(this.bus);
        break;
      }
      case 0x98: { // ANL BUS,#imm
        const value = this.pins.readBus() & this.fetch();
        this.bus = value & 0xff;
        this.pins.writeBus(this.bus);
        break;
      }
      case 0x89: this.p1 |= this.fetch(); this.pins.writePort(1, this.p1); break; // ORL P1,#imm
      case 0x99: this.p1 &= this.fetch(); this.pins.writePort(1, this.p1); break; // ANL P1,#imm
      case 0x8a: this.p2 |= this.fetch(); this.pins.writePort(2, this.p2); break; // ORL P2,#imm
      case 0x9a: this.p2 &= this.fetch(); this.pins.writePort(2, this.p2); break; // ANL P2,#imm
      case 0x0c: case 0x0d: case 0x0e: case 0x0f: this.expander(EXPANDER_READ, op); break; // MOVD A,Pp
      case 0x3c: case 0x3d: case 0x3e: case 0x3f: this.expander(EXPANDER_WRITE, op); break; // MOVD Pp,A
      case 0x8c: case 0x8d: case 0x8e: case 0x8f: this.expander(EXPANDER_OR, op); break; // ORLD Pp,A
      case 0x9c: case 0x9d: case 0x9e: case 0x9f: this.expander(EXPANDER_AND, op); break; // ANLD Pp,A

      // Timer/counter and interrupts
      case 0x42: this.a = this.timer; break; // MOV A,T
      case 0x62: this.timer = this.a; break; // MOV T,A
      case 0x55: this.timerMode = TIMER_MODE; this.prescaler = 0; break; // STRT T
      case 0x45: // STRT CNT
        if (this.timerMode !== COUNTER_MODE) this.t1History = this.pins.readT1() & 1;
        this.timerMode = COUNTER_MODE;
        break;
      case 0x65: this.timerMode = TIMER_STOPPED; break; // STOP TCNT
      case 0x25: this.tcntIntEnabled = true; break; // EN TCNTI
      case 0x35: this.tcntIntEnabled = false; this.timerOverflowPending = false; break; // DIS TCNTI
      case 0x05: this.intEnabled = true; break; // EN I
      case 0x15: this.intEnabled = false; break; // DIS I
      case 0x75: this.t0ClockOut = true; break; // ENT0 CLK

      // Control
      case 0xc5: this.pswBits &= ~PSW_BS; this.rb = 0; break; // SEL RB0
      case 0xd5: this.pswBits |= PSW_BS; this.rb = 24; break; // SEL RB1
      case 0xe5: this.mbf = 0; break; // SEL MB0
      case 0xf5: this.mbf = 1; break; // SEL MB1

      default: break; // the 26 unused opcodes: one-cycle no-ops, as MAME runs them
    }
    return n;
  }
}
