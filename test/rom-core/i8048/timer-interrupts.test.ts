import { describe, expect, it } from 'vitest';
import { COUNTER_MODE, TIMER_MODE, TIMER_STOPPED } from '../../../rom-core/i8048/cpu.ts';
import { rig, runTo } from './helpers.ts';

/** 32 NOPs after `at`, then a spin loop (JMP to itself) at `at+32`. */
function nops(at: number): [number, number[]] {
  return [at, [...new Array(32).fill(0x00), 0x04, at + 32]];
}

describe('timer', () => {
  it('counts once every 32 cycles, the first count 32 cycles after STRT T', () => {
    // MOV A,#10h; MOV T,A; STRT T; then NOPs
    const { cpu } = rig([[0, [0x23, 0x10, 0x62, 0x55]], nops(4)]);
    runTo(cpu, 4);
    expect(cpu.timerMode).toBe(TIMER_MODE);
    for (let i = 0; i < 31; i++) cpu.step();
    expect(cpu.timer).toBe(0x10);
    cpu.step();
    expect(cpu.timer).toBe(0x11);
    expect(cpu.run(32)).toBe(32); // 16 turns of the 2-cycle spin loop
    expect(cpu.timer).toBe(0x12);
  });

  it('MOV A,T and MOV T,A leave the prescaler alone; STOP TCNT freezes the timer', () => {
    const { cpu } = rig([[0, [0x55, 0x00, 0x00, 0x42, 0x62, 0x65, 0x00]]]);
    runTo(cpu, 5);
    expect(cpu.prescaler).toBe(4);
    cpu.step(); // STOP TCNT (its own cycle still counts)
    expect([cpu.timerMode, cpu.prescaler]).toEqual([TIMER_STOPPED, 5]);
    cpu.step();
    expect(cpu.prescaler).toBe(5);
  });

  it('overflow without EN TCNTI sets TF only; the overflow is not stored for a later EN TCNTI', () => {
    // MOV A,#FFh; MOV T,A; STRT T; 32 NOPs (overflow); EN TCNTI; NOP
    const { cpu } = rig([
      [0, [0x23, 0xff, 0x62, 0x55]],
      [4, [...new Array(32).fill(0), 0x25, 0x00, 0x00]],
    ]);
    runTo(cpu, 36);
    expect([cpu.timer, cpu.tf, cpu.timerOverflowPending]).toEqual([0, true, false]);
    cpu.step();
    cpu.step();
    cpu.step();
    expect(cpu.irqInProgress).toBe(false);
    expect(cpu.pc).toBe(39);
  });

  it('overflow with EN TCNTI interrupts to 007h, clearing the pending latch, TF stays for JTF', () => {
    // EN TCNTI; MOV A,#FFh; MOV T,A; STRT T; NOPs
    const { cpu } = rig([
      [0x00, [0x04, 0x10]],
      [0x07, [0x16, 0x60]], // JTF 60h
      [0x10, [0x25, 0x23, 0xff, 0x62, 0x55]], // EN TCNTI; MOV A,#FFh; MOV T,A; STRT T
      nops(0x15),
      [0x60, [0x16, 0x70]], // JTF 70h
    ]);
    runTo(cpu, 0x15);
    for (let i = 0; i < 32; i++) cpu.step();
    expect([cpu.timerOverflowPending, cpu.tf]).toEqual([true, true]);
    expect(cpu.pc).toBe(0x35);
    expect(cpu.step()).toBe(2 + 2); // entry + JTF at 007h (taken, clears TF)
    expect([cpu.pc, cpu.irqInProgress, cpu.timerOverflowPending, cpu.tf]).toEqual([0x60, true, false, false]);
    cpu.step(); // JTF not taken now
    expect(cpu.pc).toBe(0x62);
    expect(cpu.ram[8] | ((cpu.ram[9] & 0x0f) << 8)).toBe(0x35);
  });

  it('DIS TCNTI discards a pending timer interrupt', () => {
    const { cpu } = rig([[0, [0x35, 0x00]]]);
    cpu.tcntIntEnabled = true;
    cpu.timerOverflowPending = true;
    cpu.irqInProgress = true; // hold it off for one instruction
    cpu.step();
    cpu.irqInProgress = false;
    cpu.step();
    expect([cpu.pc, cpu.timerOverflowPending]).toEqual([2, false]);
  });
});

describe('event counter', () => {
  it('counts T1 high-to-low transitions, sampling T1 once per machine cycle', () => {
    // STRT CNT; then NOPs. T1 is high for 3 samples, low for 2 (a fall every 5 samples).
    const { cpu, pins } = rig([[0, [0x45]], nops(1)]);
    pins.t1Source = (n) => (n % 5 < 3 ? 1 : 0);
    cpu.step();
    expect(cpu.timerMode).toBe(COUNTER_MODE);
    const readsAtStart = pins.t1Reads;
    expect(readsAtStart).toBe(1); // STRT CNT primes the edge detector
    for (let i = 0; i < 20; i++) cpu.step();
    expect(pins.t1Reads - readsAtStart).toBe(20);
    // samples 1..20 follow sample 0 (high): falls at 3, 8, 13, 18
    expect(cpu.timer).toBe(4);
  });

  it('a level held low or high never counts', () => {
    const { cpu, pins } = rig([[0, [0x45]], nops(1)]);
    pins.t1 = 0;
    for (let i = 0; i < 10; i++) cpu.step();
    pins.t1 = 1;
    for (let i = 0; i < 10; i++) cpu.step();
    expect(cpu.timer).toBe(0);
    pins.t1 = 0;
    cpu.step();
    expect(cpu.timer).toBe(1);
  });

  it('counter overflow sets TF and interrupts when enabled', () => {
    const { cpu, pins } = rig([[0, [0x25, 0x23, 0xff, 0x62, 0x45]], nops(5), [7, [0x04, 0x07]]]);
    pins.t1 = 1;
    runTo(cpu, 5);
    pins.t1 = 0;
    cpu.step();
    expect([cpu.timer, cpu.tf, cpu.timerOverflowPending]).toEqual([0, true, true]);
    cpu.step();
    expect(cpu.pc).toBe(7);
  });

  it('does not sample T1 while stopped or in timer mode', () => {
    const { cpu, pins } = rig([[0, [0x55]], nops(1)]);
    for (let i = 0; i < 10; i++) cpu.step();
    expect(pins.t1Reads).toBe(0);
  });
});

describe('external interrupt', () => {
  it('is taken only with EN I, costs 2 cycles and pushes the next instruction address', () => {
    const { cpu, pins } = rig([
      [0, [0x00, 0x05, 0x00, 0x00]],
      [3, [0x00]],
    ]);
    pins.int = 1;
    expect(cpu.step()).toBe(1); // NOP, interrupts disabled
    expect(cpu.step()).toBe(1); // EN I
    const before = cpu.cycles;
    expect(cpu.step()).toBe(2 + 1); // entry, then the NOP at 003h
    expect(cpu.cycles - before).toBe(3);
    expect(cpu.pc).toBe(4);
    expect(cpu.ram[8]).toBe(2);
    expect(cpu.sp).toBe(1);
  });

  it('has priority over a pending timer interrupt; the timer one follows after RETR', () => {
    const { cpu, pins } = rig([
      [0, [0x00, 0x00]],
      [3, [0x93]],
      [7, [0x93]],
    ]);
    cpu.intEnabled = true;
    cpu.tcntIntEnabled = true;
    cpu.timerOverflowPending = true;
    pins.int = 1;
    cpu.step();
    expect(cpu.prevPc).toBe(3);
    pins.int = 0; // the handler acknowledged the source
    expect(cpu.pc).toBe(0); // RETR at 003h executed in the same step
    cpu.step();
    expect(cpu.prevPc).toBe(7);
  });

  it('does not nest: nothing is taken until RETR; a held /INT re-enters right after it', () => {
    const { cpu, pins } = rig([
      [0, [0x05, 0x00, 0x00]],
      [3, [0x00, 0x00, 0x83, 0x00]],
      [0x20, [0x93]],
    ]);
    pins.int = 1;
    cpu.tcntIntEnabled = true;
    cpu.step(); // EN I
    cpu.step(); // enter, NOP at 3
    cpu.timerOverflowPending = true;
    cpu.step(); // NOP at 4: no new entry
    expect([cpu.pc, cpu.sp]).toEqual([5, 1]);
    cpu.step(); // RET does not end the interrupt
    expect(cpu.irqInProgress).toBe(true);
    cpu.pc = 0x20;
    cpu.ram[8] = 0x01;
    cpu.psw = 1;
    cpu.step(); // RETR
    expect(cpu.irqInProgress).toBe(false);
    cpu.step(); // /INT still low: enters again at once
    expect([cpu.prevPc, cpu.irqInProgress]).toEqual([3, true]);
  });

  it('JNI tests the /INT pin whatever EN I says', () => {
    const { cpu, pins } = rig([[0, [0x86, 0x40]]]);
    pins.int = 1;
    cpu.step();
    expect(cpu.pc).toBe(0x40);
  });

  it('MAME quirk: an interrupt right after a JNI that fell through makes that JNI taken', () => {
    const { cpu, pins } = rig([
      [0, [0x05, 0x86, 0x40, 0x00]],
      [3, [0x00]],
    ]);
    cpu.step(); // EN I
    cpu.step(); // JNI, /INT high: falls through to 003h... (next instruction address 3)
    expect(cpu.pc).toBe(3);
    pins.int = 1;
    cpu.step();
    expect(cpu.ram[8] | ((cpu.ram[9] & 0x0f) << 8)).toBe(0x40); // returns to the JNI target
  });

  it('the JNI quirk does not apply once another instruction has run', () => {
    const { cpu, pins } = rig([
      [0, [0x05, 0x86, 0x40, 0x00, 0x00]],
      [3, [0x00]],
    ]);
    cpu.intEnabled = true;
    cpu.pc = 1;
    cpu.step(); // JNI falls through to 3
    cpu.intEnabled = false;
    cpu.step(); // NOP at 3 with interrupts off
    cpu.intEnabled = true;
    pins.int = 1;
    cpu.step();
    expect(cpu.ram[8]).toBe(4);
  });
});

describe('ports, bus, MOVX, expander', () => {
  it('IN A,Pp returns the pins ANDed with the latch; INS A,BUS reads the bus as is', () => {
    // ANL P1,#0Fh; IN A,P1; MOV R0,A; INS A,BUS
    const { cpu, pins } = rig([[0, [0x99, 0x0f, 0x09, 0xa8, 0x08]]]);
    pins.port1In = 0x5a;
    pins.busIn = 0xc3;
    runTo(cpu, 4);
    expect(cpu.a).toBe(0x0a);
    runTo(cpu, 5);
    expect(cpu.a).toBe(0xc3);
  });

  it('OUTL/ORL/ANL write the latch to the pins', () => {
    // MOV A,#12h; OUTL P2,A; ORL P2,#80h; ANL P2,#F0h; OUTL BUS,A; ORL BUS,#01h
    const { cpu, pins } = rig([[0, [0x23, 0x12, 0x3a, 0x8a, 0x80, 0x9a, 0xf0, 0x02, 0x88, 0x01]]]);
    pins.writes.length = 0;
    pins.busIn = 0x40;
    runTo(cpu, 10);
    expect(pins.writes.map((w) => `${w.kind}=${w.value.toString(16)}`)).toEqual([
      'port2=12',
      'port2=92',
      'port2=90',
      'bus=12',
      'bus=41',
    ]);
    expect(cpu.p2).toBe(0x90);
  });

  it('MOVX happens after both cycles are counted, with the full 8-bit address', () => {
    const { cpu, pins } = rig([[0, [0xb9, 0xf3, 0x23, 0x77, 0x91]]]);
    runTo(cpu, 4);
    const before = cpu.cycles;
    pins.writes.length = 0;
    cpu.step();
    expect(pins.writes).toEqual([{ kind: 'external', address: 0xf3, value: 0x77, cycle: before + 2 }]);
  });

  it('MOVD A,P4 on a machine without an 8243 reads 0Fh and leaves P2 low nibble at 1s', () => {
    const { cpu, pins } = rig([[0, [0x0c]]]);
    cpu.p2 = 0xa5;
    cpu.a = 0xff;
    pins.writes.length = 0;
    cpu.step();
    expect(cpu.a).toBe(0x0f);
    expect(pins.writes.map((w) => w.value)).toEqual([0xa0, 0xaf]);
  });

  it('MOVD/ORLD/ANLD P7,A put the command then the data on P2.3-0', () => {
    for (const [op, command] of [
      [0x3f, 1],
      [0x8f, 2],
      [0x9f, 3],
    ]) {
      const { cpu, pins } = rig([[0, [op]]]);
      cpu.p2 = 0x50;
      cpu.a = 0x3c;
      pins.writes.length = 0;
      cpu.step();
      expect(pins.writes.map((w) => w.value)).toEqual([0x50 | (command << 2) | 3, 0x5c]);
      expect(cpu.p2).toBe(0x5c);
    }
  });

  it('T0/T1 conditional jumps read the pins', () => {
    const { cpu, pins } = rig([
      [0, [0x36, 0x10]],
      [0x10, [0x46, 0x20]],
    ]);
    pins.t0 = 1;
    pins.t1 = 0;
    cpu.step();
    cpu.step();
    expect(cpu.pc).toBe(0x20);
  });
});

describe('reset', () => {
  it('sets the documented state and keeps A, T, CY/AC and RAM', () => {
    const { cpu, pins } = rig();
    Object.assign(cpu, {
      a: 0x5a,
      pc: 0x345,
      mbf: 1,
      timer: 0x77,
      prescaler: 9,
      timerMode: TIMER_MODE,
      tf: true,
      f1: true,
      timerOverflowPending: true,
      tcntIntEnabled: true,
      intEnabled: true,
      irqInProgress: true,
      p1: 0,
      p2: 0,
      t0ClockOut: true,
    });
    cpu.psw = 0xf3;
    cpu.ram[0x30] = 0x99;
    pins.writes.length = 0;
    cpu.reset();
    expect({
      a: cpu.a,
      pc: cpu.pc,
      psw: cpu.psw,
      mbf: cpu.mbf,
      timer: cpu.timer,
      timerMode: cpu.timerMode,
      tf: cpu.tf,
      f1: cpu.f1,
      pend: cpu.timerOverflowPending,
      tcnti: cpu.tcntIntEnabled,
      eni: cpu.intEnabled,
      inIrq: cpu.irqInProgress,
      p1: cpu.p1,
      p2: cpu.p2,
      t0: cpu.t0ClockOut,
      ram: cpu.ram[0x30],
    }).toEqual({
      a: 0x5a,
      pc: 0,
      psw: 0xc0,
      mbf: 0,
      timer: 0x77,
      timerMode: TIMER_STOPPED,
      tf: false,
      f1: false,
      pend: false,
      tcnti: false,
      eni: false,
      inIrq: false,
      p1: 0xff,
      p2: 0xff,
      t0: false,
      ram: 0x99,
    });
    expect(pins.writes.map((w) => `${w.kind}=${w.value.toString(16)}`)).toEqual(['bus=ff', 'port1=ff', 'port2=ff']);
  });
});
