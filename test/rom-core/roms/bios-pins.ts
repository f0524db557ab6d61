/**
 * A test-only model of the Odyssey² board around the 8048, enough to drive our BIOS routines
 * (docs/hardware.md §2.2, §3.3, §5): MOVX decoded by P1 as MAME does (external RAM when P1.4 = 0,
 * VDC when P1.3 = 0, VDC reads only with P1.6 = 0, RAM writes only with P1.6 = 0), a fake VDC
 * register file (writes to 00h-7Fh dropped while A0h.5 is set, reading A1h clears bits 7/6/3/2 and
 * /INT), the keyboard matrix on P2 and the joysticks on BUS (both only with P1.2 = 0).
 */
import type { I8048Pins } from '../../../rom-core/i8048/pins.ts';

export interface VdcWrite {
  address: number;
  value: number;
}

export class BiosTestPins implements I8048Pins {
  readonly xram = new Uint8Array(128);
  readonly vdc = new Uint8Array(256);
  /** Every VDC write the model accepted, in order. */
  readonly vdcWrites: VdcWrite[] = [];
  /** MOVX writes to 80h-FFh with P1.4 = 0 (cartridge I/O space). */
  readonly cartWrites: VdcWrite[] = [];
  p1 = 0xff;
  p2 = 0xff;
  /** Keys down: row (0-5) -> bit mask of the 8 keys (§5.1). */
  readonly keyRows = new Uint8Array(8);
  /** Joystick switches pressed (active-high here): bit0 up, 1 right, 2 down, 3 left, 4 fire. */
  readonly joysticks = [0, 0];
  intLine = 0;

  pressKey(code: number): void {
    this.keyRows[code >> 3] |= 1 << (code & 7);
  }

  releaseKeys(): void {
    this.keyRows.fill(0);
  }

  /** The VDC's VBLANK: A1h bit 3 and /INT until A1h is read. */
  raiseVblank(): void {
    this.vdc[0xa1] |= 0x08;
    this.intLine = 1;
  }

  readPort(port: 1 | 2): number {
    if (port === 1) return 0xff;
    if ((this.p1 & 0x04) !== 0) return 0xff;
    const row = this.p2 & 7;
    const keys = this.keyRows[row];
    if (keys === 0) return 0xff;
    const k = 31 - Math.clz32(keys); // the 74148 reports the highest input
    return (((7 - k) << 5) | 0x0f) & 0xef;
  }

  writePort(port: 1 | 2, value: number): void {
    if (port === 1) this.p1 = value & 0xff;
    else this.p2 = value & 0xff;
  }

  readBus(): number {
    if ((this.p1 & 0x04) !== 0) return 0xff;
    const select = this.p2 & 7;
    if (select > 1) return 0xff;
    return ~this.joysticks[select] & 0xff;
  }

  writeBus(_value: number): void {}

  readExternal(address: number): number {
    let value = 0xff;
    if ((this.p1 & 0x10) === 0 && address < 0x80) value &= this.xram[address];
    if ((this.p1 & 0x08) === 0 && (this.p1 & 0x40) === 0) {
      let reg = this.vdc[address];
      if (address < 0x80 && (this.vdc[0xa0] & 0x20) !== 0) reg = 0;
      value &= reg;
      if (address === 0xa1) {
        this.vdc[0xa1] &= ~0xcc;
        this.intLine = 0;
      }
      if (address === 0xa2) this.vdc[0xa2] = 0;
    }
    return value;
  }

  writeExternal(address: number, value: number): void {
    if ((this.p1 & 0x40) === 0 && (this.p1 & 0x10) === 0) {
      if (address < 0x80) this.xram[address] = value;
      else this.cartWrites.push({ address, value });
    }
    if ((this.p1 & 0x08) === 0) {
      if (address < 0x80 && (this.vdc[0xa0] & 0x20) !== 0) return;
      if (address === 0xa1) return;
      this.vdc[address] = value;
      this.vdcWrites.push({ address, value });
    }
  }

  readT0(): number {
    return 0;
  }

  readT1(): number {
    return 0;
  }

  readInt(): number {
    return this.intLine;
  }
}
