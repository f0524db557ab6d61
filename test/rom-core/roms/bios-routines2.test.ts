/** Tables, clock, bit fields, maths, banks, joysticks and SELECT GAME, each run on our 8048 core. */
import { describe, expect, it } from 'vitest';
import { BIOS_ENTRY_POINTS as E } from '../../../rom-core/roms/index.ts';
import { CART_START, FRAME_CYCLES, call, charBytes, idleFrames, makeRig, runUntil, setP1 } from './harness.ts';
import type { Rig } from './harness.ts';

const vdcBytes = (rig: Rig, from: number, count: number): number[] => [...rig.pins.vdc.subarray(from, from + count)];

describe('copy tables', () => {
  it('tablebcdbyte queues two digits at R1 and they reach the VDC at the next VBLANK; R0 kept', () => {
    const rig = call(E.tablebcdbyte, {
      a: 0x47,
      regs: { 0: 0x55, 1: 0x18, 3: 0x20, 4: 0x40, 6: 0x0c },
      prepare: (r) => setP1(r, 0xb7),
    });
    expect(rig.cpu.reg(0)).toBe(0x55);
    expect(rig.cpu.reg(3)).toBe(0x20);
    expect(rig.cpu.ram[0x3f] & 0x80).toBe(0x80);
    expect(rig.cpu.p1 & 0x08).toBe(0); // VDC selected again
    expect([...rig.pins.xram.subarray(0x75, 0x80)].reverse()).toEqual([
      8,
      0x18,
      0x40,
      0x20,
      ...charBytes(0x40, 4, 0x0c),
      0x40,
      0x28,
      ...charBytes(0x40, 7, 0x0c),
      0,
    ]);
    rig.pins.vdc[0xa0] = 0x28;
    idleFrames(rig, 1);
    expect(vdcBytes(rig, 0x18, 8)).toEqual([
      0x40,
      0x20,
      ...charBytes(0x40, 4, 0x0c),
      0x40,
      0x28,
      ...charBytes(0x40, 7, 0x0c),
    ]);
  });

  it('tableprintchar appends y, x, bytes 2/3 and steps R3; tableput2, tablechar23, tablebcdnibble, tableend', () => {
    const rig = call(E.tableprintchar, { regs: { 0: 0x70, 3: 0x10, 4: 0x30, 5: 0x2d, 6: 0x02 } });
    expect([...rig.pins.xram.subarray(0x6d, 0x71)].reverse()).toEqual([0x30, 0x10, ...charBytes(0x30, 0x2d, 0x02)]);
    expect([rig.cpu.reg(0), rig.cpu.reg(3), rig.cpu.reg(5), rig.cpu.reg(6)]).toEqual([0x6c, 0x18, 0x2d, 0x02]);

    const put2 = call(E.tableput2, { regs: { 0: 0x60, 3: 0x11, 4: 0x22 } });
    expect([put2.pins.xram[0x60], put2.pins.xram[0x5f], put2.cpu.reg(0)]).toEqual([0x22, 0x11, 0x5e]);

    const c23 = call(E.tablechar23, { regs: { 0: 0x60, 4: 0x22, 5: 0x3f, 6: 0x0e } });
    expect([c23.pins.xram[0x60], c23.pins.xram[0x5f], c23.cpu.reg(0)]).toEqual([...charBytes(0x22, 0x3f, 0x0e), 0x5e]);

    const nib = call(E.tablebcdnibble, { a: 0x93, regs: { 0: 0x60, 4: 0x22, 6: 0x0e } });
    expect([nib.pins.xram[0x60], nib.pins.xram[0x5f], nib.cpu.reg(5)]).toEqual([...charBytes(0x22, 3, 0x0e), 3]);

    const end = call(E.tableend, {
      regs: { 0: 0x66 },
      prepare: (r) => {
        r.pins.xram[0x66] = 0x99;
        r.cpu.ram[0x3f] = 0x40;
      },
    });
    expect([end.pins.xram[0x66], end.cpu.ram[0x3f], end.cpu.p1 & 0x18]).toEqual([0, 0xc0, 0x10]);
  });
});

describe('clock', () => {
  it('initclock lays out quads 0/1 as mm:ss; doclock shows external RAM 01h/02h at the next VBLANK', () => {
    const y = 0x20;
    const rig = call(E.initclock, { regs: { 3: 0x40, 4: y, 6: 0x0a }, prepare: (r) => setP1(r, 0xb7) });
    expect(rig.cpu.reg(3)).toBe(0x40);
    const sub = (c: number): number[] => charBytes(y, c, 0x0a);
    expect(vdcBytes(rig, 0x40, 16)).toEqual([
      y,
      0x40,
      ...sub(0),
      0,
      0,
      ...sub(0x0a),
      0,
      0,
      ...sub(0),
      0,
      0,
      ...sub(0x0c),
    ]);
    expect(vdcBytes(rig, 0x50, 16)).toEqual([
      y,
      0x48,
      ...sub(0),
      0,
      0,
      ...sub(0),
      0,
      0,
      ...sub(0x0c),
      0,
      0,
      ...sub(0x0c),
    ]);

    const clock = call(E.doclock, {
      regs: { 4: y, 6: 0x0a },
      prepare: (r) => {
        r.pins.xram[1] = 0x12;
        r.pins.xram[2] = 0x34;
        setP1(r, 0xb7);
      },
    });
    clock.pins.vdc[0xa0] = 0x28;
    idleFrames(clock, 1);
    expect(vdcBytes(clock, 0x42, 2)).toEqual(sub(1)); // tens of minutes
    expect(vdcBytes(clock, 0x52, 2)).toEqual(sub(2)); // minutes
    expect(vdcBytes(clock, 0x56, 2)).toEqual(sub(3)); // tens of seconds
    expect(vdcBytes(clock, 0x4a, 2)).toEqual(sub(4)); // seconds
  });
});

describe('bit fields', () => {
  it('bittest, bitset and bitclear address bit n at byte R1 - n/8', () => {
    for (const n of [0, 1, 7, 8, 13, 23, 31]) {
      const byte = 0x30 - (n >> 3);
      const mask = 1 << (n & 7);
      const set = call(E.bitset, { a: n, regs: { 1: 0x30 }, prepare: (r) => r.cpu.ram.fill(0, 0x28, 0x31) });
      expect([n, set.cpu.a, set.cpu.reg(1), set.cpu.ram[byte]]).toEqual([n, 0, byte, mask]);
      const test = call(E.bittest, {
        a: n,
        regs: { 1: 0x30 },
        prepare: (r) => {
          r.cpu.ram.fill(0, 0x28, 0x31);
          r.cpu.ram[byte] = mask;
        },
      });
      expect([test.cpu.a, test.cpu.reg(1), test.cpu.reg(2)]).toEqual([1, byte, mask]);
      const clear = call(E.bitclear, {
        a: n,
        regs: { 1: 0x30 },
        prepare: (r) => {
          r.cpu.ram.fill(0xff, 0x28, 0x31);
        },
      });
      expect([clear.cpu.a, clear.cpu.ram[byte]]).toEqual([1, 0xff & ~mask]);
      const zero = call(E.bittest, {
        a: n,
        regs: { 1: 0x30 },
        prepare: (r) => {
          r.cpu.ram.fill(0xff, 0x28, 0x31);
          r.cpu.ram[byte] = ~mask & 0xff;
        },
      });
      expect(zero.cpu.a).toBe(0);
    }
  });
});

describe('random numbers', () => {
  it('random gives A = R3 <= ~R2 and R2 <= ~R7 (low nibbles), and varies with the timer', () => {
    const seen = new Set<number>();
    for (let t = 0; t < 64; t++) {
      const rig = call(E.random, {
        regs: { 2: 0xfa, 7: 0xf0, 4: t * 7 },
        prepare: (r) => {
          r.cpu.timer = t * 37;
        },
      });
      expect(rig.cpu.a).toBe(rig.cpu.reg(3));
      expect(rig.cpu.a).toBeLessThanOrEqual(5);
      expect(rig.cpu.reg(2)).toBeLessThanOrEqual(15);
      seen.add(rig.cpu.a);
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  it('nibblemixer reduces the low nibble of R5 to 0..~R7', () => {
    for (let r5 = 0; r5 < 256; r5 += 7) {
      for (const max of [0, 1, 5, 9, 15]) {
        const rig = call(E.nibblemixer, { regs: { 5: r5, 7: ~max & 0xff } });
        expect(rig.cpu.a).toBe((r5 & 15) % (max + 1));
        expect(rig.cpu.reg(3)).toBe(rig.cpu.a);
        expect(rig.cpu.reg(5)).toBe(((r5 << 4) | (r5 >> 4)) & 0xff);
      }
    }
  });
});

describe('maths', () => {
  it('divide: R4 = R2 / R3, A = R5 = remainder', () => {
    for (const [a, b] of [
      [7, 2],
      [0, 5],
      [255, 1],
      [255, 255],
      [100, 7],
      [3, 9],
      [200, 13],
      [17, 0],
    ]) {
      const rig = call(E.divide, { regs: { 2: a, 3: b } });
      const q = b === 0 ? 0 : Math.floor(a / b);
      const r = b === 0 ? a : a % b;
      expect([a, b, rig.cpu.reg(4), rig.cpu.reg(5), rig.cpu.a]).toEqual([a, b, q, r, r]);
    }
  });

  it('multiply: A = (R2 * R3) & FFh', () => {
    for (const [a, b] of [
      [7, 2],
      [0, 5],
      [255, 255],
      [16, 16],
      [13, 11],
      [1, 200],
    ]) {
      const rig = call(E.multiply, { regs: { 2: a, 3: b } });
      expect([a, b, rig.cpu.a]).toEqual([a, b, (a * b) & 0xff]);
    }
  });
});

describe('banks', () => {
  it('bank02/bank01/bank0/bank3 set P1.1-0 and enter the cartridge at 408h', () => {
    for (const [entry, p1] of [
      [E.bank02, 0xfe],
      [E.bank01, 0xfd],
      [E.bank0, 0xfc],
      [E.bank3, 0xff],
    ] as const) {
      const rig = makeRig(entry);
      setP1(rig, entry === E.bank3 ? 0xfc : 0xff);
      runUntil(rig, { stop: CART_START });
      expect(rig.cpu.p1).toBe(p1);
      expect(rig.pins.p1).toBe(p1);
    }
  });
});

describe('joysticks', () => {
  const cases: [number, number, number, boolean][] = [
    [0, 0, 0, false],
    [1, 0, -1, false],
    [2, 1, 0, false],
    [4, 0, 1, false],
    [8, -1, 0, false],
    [16, 0, 0, true],
    [1 | 2, 1, -1, false],
    [4 | 8 | 16, -1, 1, true],
  ];
  it('getjoystick reads stick R1 into R2 = dx, R3 = dy, F0 = fire, R1 = raw; P1 restored', () => {
    for (const stick of [0, 1]) {
      for (const [bits, dx, dy, fire] of cases) {
        const rig = call(E.getjoystick, {
          regs: { 1: stick },
          prepare: (r) => {
            setP1(r, 0xb7);
            r.pins.joysticks[stick] = bits;
            r.pins.joysticks[1 - stick] = 0x1f;
          },
        });
        expect([
          stick,
          bits,
          (rig.cpu.reg(2) << 24) >> 24,
          (rig.cpu.reg(3) << 24) >> 24,
          (rig.cpu.psw & 0x20) !== 0,
        ]).toEqual([stick, bits, dx, dy, fire]);
        expect(rig.cpu.reg(1)).toBe(~bits & 0xff);
        expect(rig.cpu.p1).toBe(0xb7);
      }
    }
  });

  it('getjoystick_p17 uses the P1 the caller set and restores R0', () => {
    const rig = call(E.getjoystick_p17, {
      regs: { 0: 0x37, 1: 1 },
      prepare: (r) => {
        setP1(r, 0x1b);
        r.pins.joysticks[1] = 2;
      },
    });
    expect([rig.cpu.reg(2), rig.cpu.p1]).toEqual([1, 0x37]);
  });

  it('decodejoystick maps dx/dy to 8 directions counter-clockwise from right, 8 = centre', () => {
    const expected: Record<string, number> = {
      '1,0': 0,
      '1,-1': 1,
      '0,-1': 2,
      '-1,-1': 3,
      '-1,0': 4,
      '-1,1': 5,
      '0,1': 6,
      '1,1': 7,
      '0,0': 8,
    };
    for (const [key, dir] of Object.entries(expected)) {
      const [dx, dy] = key.split(',').map(Number);
      const rig = call(E.decodejoystick, { regs: { 2: dx & 0xff, 3: dy & 0xff } });
      expect([key, rig.cpu.reg(1)]).toEqual([key, dir]);
    }
  });
});

describe('selectgame', () => {
  it('shows SELECT GAME, waits for a key and enters 408h with A = key, RB1, EN I, VDC selected', () => {
    const rig = makeRig(E.selectgame);
    rig.cpu.psw = 0; // from reset: RB0
    const glyphAt = (i: number): number => {
      const [y, , b2, b3] = vdcBytes(rig, 0x10 + 4 * i, 4);
      return (((((b3 & 1) << 8) | b2) + (y >> 1)) >> 3) & 0x3f;
    };
    let frames = 0;
    const frame = (): void => {
      rig.pins.raiseVblank();
      const end = rig.cpu.cycles + FRAME_CYCLES;
      while (rig.cpu.cycles < end && rig.cpu.pc !== CART_START) rig.cpu.step();
      frames++;
    };
    for (let i = 0; i < 30; i++) frame();
    expect(rig.cpu.pc).not.toBe(CART_START);
    const text = Array.from({ length: 11 }, (_, i) => glyphAt(i));
    expect(text).toEqual([0x19, 0x12, 0x0e, 0x12, 0x23, 0x14, 0x0c, 0x1c, 0x20, 0x26, 0x12]);
    expect(rig.pins.vdc[0xa0] & 0x28).toBe(0x28);
    expect(rig.pins.vdc[0x10 + 4 * 11]).toBe(0xf8); // 12th character unused
    rig.pins.pressKey(0x01);
    for (let i = 0; i < 10 && rig.cpu.pc !== CART_START; i++) frame();
    expect(rig.cpu.pc).toBe(CART_START);
    expect(rig.cpu.a).toBe(1);
    expect(rig.cpu.psw & 0x10).toBe(0x10);
    expect(rig.cpu.intEnabled).toBe(true);
    expect(rig.cpu.p1 & 0x48).toBe(0);
    expect(vdcBytes(rig, 0x10, 0x30).every((b) => b === 0xf8)).toBe(true); // cleared for the game
    expect(frames).toBeGreaterThan(30);
  });
});
