/**
 * A test-only model of what the Odyssey 2 board shows the 8048 while a CPU-only program runs
 * in MAME 0.251's `odyssey2` driver with a plain 2 KB cartridge and no key pressed
 * (src/mame/philips/odyssey2.cpp):
 * - MOVX read: the cartridge answers FFh; P1.4=0 and address < 80h ANDs in the 128-byte RAM;
 *   P1.3=0 with P1.6=0 would AND in the VDC, which this model does not have, so it throws.
 * - MOVX write: with P1.6=0 the RAM takes it when P1.4=0 and address < 80h; P1.3=0 would write
 *   the VDC: throws.
 * - P1 pins read FFh (no input callback: IN A,P1 returns the latch); P2 reads FFh (the keyboard
 *   encoder reports no key); BUS reads FFh (no joystick); T0 = 0 (no Voice).
 * - T1 (the VDC's blanking) and /INT (the VDC's VBLANK interrupt) are not modelled: T1 reads 0 and
 *   /INT is never asserted. The programs never test T1, never run the event counter, never poll
 *   JNI and never EN I, so MAME's values of these pins cannot reach their results.
 */
import type { I8048Pins } from '../../rom-core/i8048/pins.ts';

export class O2TestPins implements I8048Pins {
  readonly xram = new Uint8Array(128);
  p1 = 0xff;
  p2 = 0xff;
  bus = 0xff;

  readPort(_port: 1 | 2): number {
    return 0xff;
  }

  writePort(port: 1 | 2, value: number): void {
    if (port === 1) this.p1 = value & 0xff;
    else this.p2 = value & 0xff;
  }

  readBus(): number {
    return 0xff;
  }

  writeBus(value: number): void {
    this.bus = value & 0xff;
  }

  readExternal(address: number): number {
    if ((this.p1 & 0x48) === 0)
      throw new Error(`MOVX read of the VDC (address ${address.toString(16)}h): not modelled in the CPU test harness`);
    let data = 0xff;
    if ((this.p1 & 0x10) === 0 && address < 0x80) data &= this.xram[address];
    return data;
  }

  writeExternal(address: number, value: number): void {
    if ((this.p1 & 0x08) === 0)
      throw new Error(`MOVX write to the VDC (address ${address.toString(16)}h): not modelled in the CPU test harness`);
    if ((this.p1 & 0x40) === 0 && (this.p1 & 0x10) === 0 && address < 0x80) this.xram[address] = value & 0xff;
  }

  readT0(): number {
    return 0;
  }

  readT1(): number {
    return 0;
  }

  readInt(): number {
    return 0;
  }
}
