/**
 * P1 and the MOVX bus, each case of docs/hardware.md §2.2 as MAME's odyssey2.cpp io_read/io_write
 * decode them, driven through the machine's pins (the CPU sits in a JMP-to-self loop).
 */
import { describe, expect, it } from 'vitest';
import { idleCart, machine } from './helpers.ts';

// P1 values: bit 3 = VDC /CS, bit 4 = RAM /CS, bit 6 = copy mode, bit 7 = /LUM.
const NONE = 0xff;
const RAM = 0xff & ~0x10 & ~0x40;
const VDC = 0xff & ~0x08 & ~0x40;
const BOTH = 0xff & ~0x18 & ~0x40;
const COPY = 0xff & ~0x18; // P1.3 = P1.4 = 0, P1.6 = 1
const RAM_COPY = 0xff & ~0x10; // RAM selected, P1.6 = 1

/** A VDC register that stores all 8 bits and reads them back while the grid is off. */
const GRID = 0xc1;

function setup() {
  const m = machine(idleCart());
  m.runFrame();
  return m;
}

describe('MOVX reads', () => {
  it('read the 128-byte RAM when P1.4 = 0 and A7 = 0, whatever P1.6', () => {
    const m = setup();
    m.eram[0x12] = 0x5a;
    m.eram[0x7f] = 0xa5;
    m.writePort(1, RAM);
    expect(m.readExternal(0x12)).toBe(0x5a);
    expect(m.readExternal(0x7f)).toBe(0xa5);
    m.writePort(1, RAM_COPY);
    expect(m.readExternal(0x12)).toBe(0x5a);
  });

  it('do not see the RAM at 80h-FFh (A7 is its chip select): the cart answers FFh', () => {
    const m = setup();
    m.eram.fill(0x00);
    m.writePort(1, RAM);
    expect(m.readExternal(0x80)).toBe(0xff);
    expect(m.readExternal(0xff)).toBe(0xff);
  });

  it('read FFh with nothing selected', () => {
    const m = setup();
    m.eram.fill(0x00);
    m.writePort(1, NONE);
    expect(m.readExternal(0x10)).toBe(0xff);
  });

  it('read the VDC only when P1.3 = 0 and P1.6 = 0', () => {
    const m = setup();
    m.writePort(1, VDC);
    m.writeExternal(GRID, 0x3c);
    expect(m.readExternal(GRID)).toBe(0x3c);
    m.writePort(1, VDC | 0x40);
    expect(m.readExternal(GRID)).toBe(0xff);
  });

  it('AND the RAM and the VDC when both are selected (bus conflict)', () => {
    const m = setup();
    m.writePort(1, VDC);
    m.writeExternal(0x41, 0xf0); // 41h: quad 0 X, stored in full
    m.eram[0x41] = 0x3c;
    m.writePort(1, BOTH);
    expect(m.readExternal(0x41)).toBe(0x30);
  });

  it('in copy mode (P1.3 = P1.4 = 0, P1.6 = 1) come from the RAM alone', () => {
    const m = setup();
    m.writePort(1, VDC);
    m.writeExternal(0x41, 0x0f);
    m.eram[0x41] = 0xaa;
    m.writePort(1, COPY);
    expect(m.readExternal(0x41)).toBe(0xaa);
  });
});

describe('MOVX writes', () => {
  it('reach the RAM only with P1.4 = 0, P1.6 = 0 and A7 = 0', () => {
    const m = setup();
    m.eram.fill(0);
    m.writePort(1, RAM);
    m.writeExternal(0x05, 0x11);
    m.writeExternal(0x85, 0x22); // A7 = 1: not the RAM (nothing aliases into 05h)
    expect(m.eram[0x05]).toBe(0x11);
    m.writePort(1, RAM_COPY);
    m.writeExternal(0x05, 0x33);
    expect(m.eram[0x05]).toBe(0x11);
    m.writePort(1, NONE);
    m.writeExternal(0x06, 0x44);
    expect(m.eram[0x06]).toBe(0);
  });

  it('reach the VDC whenever P1.3 = 0, also in copy mode', () => {
    const m = setup();
    m.writePort(1, COPY);
    m.writeExternal(GRID, 0x81);
    m.writeExternal(0x07, 0x99); // copy mode: the RAM is not written
    expect(m.vdc.regs[GRID]).toBe(0x81);
    expect(m.eram[0x07]).toBe(0);
    m.writePort(1, NONE);
    m.writeExternal(GRID, 0x42);
    expect(m.vdc.regs[GRID]).toBe(0x81);
  });

  it('reach the RAM and the VDC together when both are selected', () => {
    const m = setup();
    m.writePort(1, BOTH);
    m.writeExternal(0x41, 0x66);
    expect(m.eram[0x41]).toBe(0x66);
    expect(m.vdc.regs[0x41]).toBe(0x66);
  });
});

describe('P1 and P2 as inputs, BUS, T0', () => {
  it('IN A,P1 reads the latch (pins FFh); P2 reads FFh with the decoder off; T0 is 0', () => {
    const m = setup();
    m.writePort(1, 0xab | 0x04);
    expect(m.readPort(1)).toBe(0xff);
    expect(m.readPort(2)).toBe(0xff);
    expect(m.readBus()).toBe(0xff);
    expect(m.readT0()).toBe(0);
  });
});

describe('P1.7 (luminance force)', () => {
  it('makes every pixel drawn while it is 0 bright (colour index bit 3)', () => {
    const m = machine(idleCart());
    m.runFrame();
    m.writePort(1, 0x7f);
    m.runFrame();
    expect(m.frame.every((c) => c >= 8)).toBe(true);
    m.writePort(1, 0xff);
    m.runFrame();
    expect(m.frame.every((c) => c < 8)).toBe(true);
  });
});
