/** Each BIOS entry point called on our 8048 core with its documented inputs; outputs checked. */
import { describe, expect, it } from 'vitest';
import { BIOS_ENTRY_POINTS as E } from '../../../rom-core/roms/index.ts';
import { FRAME_CYCLES, bios, call, charBytes, idleFrames, makeRig, runUntil, setP1 } from './harness.ts';
import type { Rig } from './harness.ts';

const bankReg = (rig: Rig, bank: 0 | 1, n: number): number => rig.cpu.ram[(bank ? 0x18 : 0) + n];

describe('P1 selection helpers', () => {
  it('vdcenable selects the VDC and extramenable the RAM, keeping the bank bits', () => {
    for (const p1 of [0x00, 0xff, 0x41, 0x82]) {
      const v = call(E.vdcenable, { prepare: (r) => setP1(r, p1) });
      expect(v.cpu.p1).toBe((p1 | 0xbc) & 0xb7 & 0xff);
      expect(v.cpu.p1 & 0x08).toBe(0);
      const x = call(E.extramenable, { prepare: (r) => setP1(r, p1) });
      expect(x.cpu.p1).toBe((p1 | 0xbc) & 0xaf & 0xff);
      expect(x.cpu.p1 & 0x10).toBe(0);
    }
  });
});

describe('init, gfxoff, gfxon, clearchar', () => {
  it('init clears iRAM 20h-3Fh and external RAM, parks objects at F8h and turns graphics on', () => {
    const rig = call(E.init, {
      prepare: (r) => {
        r.cpu.ram.fill(0x5a, 0x20, 0x40);
        r.pins.xram.fill(0x77);
        r.pins.vdc.fill(0x33);
        r.pins.vdc[0xa0] = 0;
        setP1(r, 0xff);
      },
    });
    expect([...rig.cpu.ram.subarray(0x20, 0x40)].every((b) => b === 0)).toBe(true);
    expect([...rig.pins.xram].every((b) => b === 0)).toBe(true);
    expect([...rig.pins.vdc.subarray(0, 0x80)].every((b) => b === 0xf8)).toBe(true);
    expect(rig.pins.vdc[0xa0]).toBe(0x28);
    for (const reg of [0xa2, 0xa3, 0xa7, 0xa8, 0xa9, 0xaa, 0xc0, 0xe9]) expect(rig.pins.vdc[reg]).toBe(0);
    expect(rig.pins.cartWrites.length).toBe(128); // 80h-FFh reach the cartridge I/O space, as documented
    expect(rig.cpu.psw & 0x10).toBe(0x10);
    expect(rig.cpu.intEnabled).toBe(true);
  });

  it('gfxoff and gfxon change only grid and foreground bits and return in RB1 with EN I', () => {
    const off = call(E.gfxoff, {
      prepare: (r) => {
        r.pins.vdc[0xa0] = 0xff;
        setP1(r, 0xb7);
      },
    });
    expect(off.pins.vdc[0xa0]).toBe(0xd6);
    expect(off.cpu.psw & 0x10).toBe(0x10);
    expect(off.cpu.intEnabled).toBe(true);
    const on = call(E.gfxon, {
      prepare: (r) => {
        r.pins.vdc[0xa0] = 0x02;
        setP1(r, 0xb7);
      },
    });
    expect(on.pins.vdc[0xa0]).toBe(0x2a);
  });

  it('clearchar parks the 12 characters and nothing else', () => {
    const rig = call(E.clearchar, {
      prepare: (r) => {
        r.pins.vdc.fill(0x11, 0, 0x80);
        r.pins.vdc[0xa0] = 0;
        setP1(r, 0xb7);
      },
    });
    expect([...rig.pins.vdc.subarray(0x10, 0x40)].every((b) => b === 0xf8)).toBe(true);
    expect(rig.pins.vdc[0x0f]).toBe(0x11);
    expect(rig.pins.vdc[0x40]).toBe(0x11);
  });
});

describe('character helpers', () => {
  const cases: [number, number, number][] = [];
  for (const y of [0, 1, 0x0e, 0x20, 0x60, 0x61, 0xc8, 0xfe])
    for (const c of [0, 5, 0x0c, 0x1f, 0x20, 0x27, 0x2f, 0x3f]) cases.push([y, c, 0x0e]);
  cases.push([0x40, 0x12, 0x02], [0x40, 0x12, 0x0b]);

  it('calcchar23 gives the pointer bytes 8*c - y/2 and the colour', () => {
    for (const [y, c, colour] of cases) {
      const rig = call(E.calcchar23, { regs: { 4: y, 5: c, 6: colour } });
      const [b2, b3] = charBytes(y, c, colour);
      expect([y, c, rig.cpu.reg(5), rig.cpu.reg(6)]).toEqual([y, c, b2, b3]);
      expect(rig.cpu.reg(4)).toBe(y);
    }
  });

  it('printchar writes y, x, bytes 2/3, steps R0 by 4 and R3 by 8, keeps R5/R6', () => {
    const rig = call(E.printchar, {
      regs: { 0: 0x14, 3: 0x30, 4: 0x50, 5: 0x20, 6: 0x06 },
      prepare: (r) => {
        setP1(r, 0xb7);
      },
    });
    const [b2, b3] = charBytes(0x50, 0x20, 0x06);
    expect([...rig.pins.vdc.subarray(0x14, 0x18)]).toEqual([0x50, 0x30, b2, b3]);
    expect([rig.cpu.reg(0), rig.cpu.reg(3), rig.cpu.reg(5), rig.cpu.reg(6)]).toEqual([0x18, 0x38, 0x20, 0x06]);
  });

  it('printchar keeps R4, R5 and R6 for every glyph code and any y', () => {
    for (let c = 0; c < 64; c++) {
      const y = (c * 37 + 0x0f) & 0xff;
      const rig = call(E.printchar, {
        regs: { 0: 0x3c, 3: 0xa0, 4: y, 5: c, 6: 0x0e },
        prepare: (r) => {
          setP1(r, 0xb7);
        },
      });
      expect([c, rig.cpu.reg(4), rig.cpu.reg(5), rig.cpu.reg(6)]).toEqual([c, y, c, 0x0e]);
      expect([c, ...rig.pins.vdc.subarray(0x3c, 0x40)]).toEqual([c, y, 0xa0, ...charBytes(y, c, 0x0e)]);
    }
  });

  it('printchar writes nothing while the foreground is on (the caller must gfxoff)', () => {
    const rig = call(E.printchar, {
      regs: { 0: 0x10, 3: 0x30, 4: 0x50, 5: 0x20, 6: 0x06 },
      prepare: (r) => {
        setP1(r, 0xb7);
        r.pins.vdc[0xa0] = 0x28;
      },
    });
    expect(rig.pins.vdc[0x10]).toBe(0);
  });

  it('putchar23 writes only bytes 2/3 at R0', () => {
    const rig = call(E.putchar23, {
      regs: { 0: 0x42, 4: 0x80, 5: 0x07, 6: 0x08 },
      prepare: (r) => {
        setP1(r, 0xb7);
      },
    });
    expect([...rig.pins.vdc.subarray(0x40, 0x45)]).toEqual([0, 0, ...charBytes(0x80, 7, 8), 0]);
    expect(rig.cpu.reg(0)).toBe(0x44);
  });
});

describe('interrupt chain', () => {
  function idle(): Rig {
    const rig = makeRig(E.vdcenable);
    runUntil(rig);
    return rig;
  }

  it('irq without VBLANK restores A and P1 and returns', () => {
    const rig = idle();
    rig.pins.vdc[0xa1] = 0x80;
    rig.pins.intLine = 1;
    rig.cpu.a = 0x3c;
    rig.cpu.intEnabled = true;
    setP1(rig, 0xff);
    rig.cpu.step(); // takes the interrupt and executes the JMP at 003h
    expect(rig.cpu.pc).toBe(0x402);
    runUntil(rig, { stop: 0x412 });
    expect(rig.cpu.a).toBe(0x3c);
    expect(rig.cpu.p1).toBe(0xff);
    expect(rig.cpu.irqInProgress).toBe(false);
    expect(rig.pins.intLine).toBe(0);
    expect(rig.cpu.psw & 0x10).toBe(0x10);
    expect(rig.cpu.f1).toBe(false);
  });

  it('VBLANK: F1 set, collisions to 3Dh, frame counter wraps at 60, A/P1/bank restored', () => {
    const rig = idle();
    rig.pins.vdc[0xa2] = 0x81;
    rig.cpu.a = 0x99;
    idleFrames(rig, 1);
    expect(rig.cpu.f1).toBe(true);
    expect(rig.cpu.ram[0x3d]).toBe(0x81);
    expect(rig.cpu.ram[0x3e]).toBe(1);
    expect(rig.cpu.a).toBe(0x99);
    expect(rig.cpu.p1).toBe(0xb7);
    expect(rig.cpu.psw & 0x10).toBe(0x10);
    idleFrames(rig, 58);
    expect(rig.cpu.ram[0x3e]).toBe(59);
    idleFrames(rig, 1);
    expect(rig.cpu.ram[0x3e] & 0x3f).toBe(0);
  });

  it('the clock counts seconds up (3Eh.6), down (stopping at 00:00) and not at all (3Eh.7)', () => {
    const up = idle();
    up.cpu.ram[0x3e] = 0x40 | 59;
    up.pins.xram[1] = 0x09;
    up.pins.xram[2] = 0x59;
    idleFrames(up, 1);
    expect([up.pins.xram[1], up.pins.xram[2], up.cpu.ram[0x3e]]).toEqual([0x10, 0x00, 0x40]);
    idleFrames(up, 60);
    expect([up.pins.xram[1], up.pins.xram[2]]).toEqual([0x10, 0x01]);

    const down = idle();
    down.cpu.ram[0x3e] = 59;
    down.pins.xram[1] = 0x01;
    down.pins.xram[2] = 0x00;
    idleFrames(down, 1);
    expect([down.pins.xram[1], down.pins.xram[2]]).toEqual([0x00, 0x59]);
    down.pins.xram[2] = 0x01;
    idleFrames(down, 60);
    expect([down.pins.xram[1], down.pins.xram[2]]).toEqual([0x00, 0x00]);
    idleFrames(down, 60);
    expect([down.pins.xram[1], down.pins.xram[2], down.cpu.ram[0x3e] & 0x80]).toEqual([0x00, 0x00, 0x80]);

    const stopped = idle();
    stopped.cpu.ram[0x3e] = 0x80 | 0x40 | 59;
    stopped.pins.xram[2] = 0x30;
    idleFrames(stopped, 1);
    expect([stopped.pins.xram[2], stopped.cpu.ram[0x3e]]).toEqual([0x30, 0xc0]);
  });

  it('copies the RAM table into the VDC when 3Fh.7 is set, once', () => {
    const rig = idle();
    rig.pins.vdc[0xa0] = 0x2a;
    rig.pins.xram.set([0x00, 0x22, 0x10, 0xaa, 0xbb, 0x00, 0x44, 0x33, 0x02], 0x77); // 7Fh down: 2,10h,bb,aa / 3,44h... reversed below
    // block 1: count 2 at 7Fh, register 10h at 7Eh, data 7Dh, 7Ch; block 2: count 1, register 44h, data; end.
    const table = [0x02, 0x10, 0xaa, 0xbb, 0x01, 0x44, 0xcc, 0x00];
    table.forEach((b, i) => {
      rig.pins.xram[0x7f - i] = b;
    });
    rig.cpu.ram[0x3f] = 0x80;
    idleFrames(rig, 1);
    expect([rig.pins.vdc[0x10], rig.pins.vdc[0x11], rig.pins.vdc[0x12], rig.pins.vdc[0x44]]).toEqual([
      0xaa, 0xbb, 0, 0xcc,
    ]);
    expect(rig.cpu.ram[0x3f]).toBe(0);
    expect(rig.pins.vdc[0xa0]).toBe(0x2a);
    expect(rig.cpu.p1).toBe(0xb7);
    rig.pins.vdc[0x10] = 0;
    idleFrames(rig, 1);
    expect(rig.pins.vdc[0x10]).toBe(0);
  });

  it('playsound steps a tune frame by frame and ends it', () => {
    const rig = call(E.playsound, { a: 0x56 }); // key click: 2 frames of the 983 Hz record, end
    expect(rig.cpu.ram[0x3f] & 0x40).toBe(0x40);
    expect([bankReg(rig, 0, 4), bankReg(rig, 0, 3)]).toEqual([0x56, 1]);
    expect(rig.cpu.intEnabled).toBe(true);
    idleFrames(rig, 1);
    expect([...rig.pins.vdc.subarray(0xa7, 0xab)]).toEqual([0xcc, 0xcc, 0xcc, 0xa8]);
    idleFrames(rig, 1);
    expect(rig.pins.vdc[0xaa]).toBe(0xa8);
    idleFrames(rig, 1);
    expect(rig.pins.vdc[0xaa]).toBe(0);
    expect(rig.cpu.ram[0x3f] & 0x40).toBe(0);
  });

  it('parsesnd plays any of the ten tone records at 300h-327h and handles control, silence, jump, end', () => {
    const image = bios().image;
    const parse = (cmd: number, param: number, flags = 0x40): Rig =>
      call(E.parsesnd, {
        prepare: (r) => {
          r.cpu.psw = 0; // RB0, as from soundirq
          r.cpu.setReg(1, cmd);
          r.cpu.setReg(2, param);
          r.cpu.setReg(4, 0x40);
          r.cpu.setReg(6, 0xb7); // P1 for irqend to restore
          r.cpu.ram[0x3f] = flags;
          setP1(r, 0xb7);
        },
      });
    for (let record = 0; record < 10; record++) {
      const rig = parse(0x85, 4 * record);
      const bytes = [...image.subarray(0x300 + 4 * record, 0x304 + 4 * record)];
      expect([record, ...rig.pins.vdc.subarray(0xa7, 0xab)]).toEqual([record, ...bytes]);
      expect(bytes[3] & 0x80).toBe(0x80); // sound enabled
      expect(bytes[0] | bytes[1] | bytes[2]).not.toBe(0);
      expect([bankReg(rig, 0, 3), bankReg(rig, 0, 4)]).toEqual([5, 0x41]);
    }
    const control = parse(0x47, 0x9c);
    expect([control.pins.vdc[0xaa], bankReg(control, 0, 3)]).toEqual([0x9c, 7]);
    const silence = parse(0x23, 0x55);
    expect([silence.pins.vdc[0xaa], bankReg(silence, 0, 3)]).toEqual([0, 3]);
    const end = parse(0x00, 0, 0xc0);
    expect([end.pins.vdc[0xaa], end.cpu.ram[0x3f]]).toEqual([0, 0x80]);
    const jump = parse(0x10, 0x56); // continue at the key click: its first command is a tone
    expect([bankReg(jump, 0, 4), bankReg(jump, 0, 3), jump.pins.vdc[0xaa]]).toEqual([0x58, 2, 0xa8]);
  });

  it('every built-in tune ends, and tune commands only name records inside page 3', () => {
    for (const tune of [0x28, 0x2e, 0x3c, 0x4a, 0x56, 0x5a, 0x5e, 0x6a]) {
      const rig = call(E.playsound, { a: tune });
      let frames = 0;
      while (rig.cpu.ram[0x3f] & 0x40) {
        idleFrames(rig, 1);
        frames++;
        expect(frames).toBeLessThan(200);
      }
      expect(rig.pins.vdc[0xaa]).toBe(0);
      expect(frames).toBeGreaterThan(1);
    }
  });
});

describe('keyboard', () => {
  const KEYS = [
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '',
    '',
    ' ',
    '?',
    'L',
    'P',
    '+',
    'W',
    'E',
    'R',
    'T',
    'U',
    'I',
    'O',
    'Q',
    'S',
    'D',
    'F',
    'G',
    'H',
    'J',
    'K',
    'A',
    'Z',
    'X',
    'C',
    'V',
    'B',
    'M',
    '.',
    '-',
    '*',
    '/',
    '=',
    'Y',
    'N',
    'CLEAR',
    'ENTER',
  ];

  it('readkey returns row*8+bit for every key, then bit 7 while held, FFh when released', () => {
    for (let code = 0; code < 48; code++) {
      if (KEYS[code] === '') continue;
      const rig = call(E.readkey, {
        prepare: (r) => {
          r.pins.pressKey(code);
          setP1(r, 0xb7);
          r.cpu.ram[7] = 0xff;
        },
      });
      expect([KEYS[code], rig.cpu.a]).toEqual([KEYS[code], code]);
      expect(rig.cpu.p1).toBe(0xb7);
      expect(rig.cpu.intEnabled).toBe(true);
      expect(rig.cpu.psw & 0x10).toBe(0x10);
      // again, key still down
      rig.cpu.pc = 0x410;
      runUntil(rig);
      expect(rig.cpu.a).toBe(code | 0x80);
      rig.pins.releaseKeys();
      rig.cpu.pc = 0x410;
      runUntil(rig);
      expect(rig.cpu.a).toBe(0xff);
    }
  });

  it('waitforkey waits for a new key across frames, clicks, returns it in RB1', () => {
    const rig = makeRig(E.waitforkey);
    rig.cpu.ram[7] = 0xff;
    setP1(rig, 0xb7);
    let cycles = 0;
    const frame = (): void => {
      rig.pins.raiseVblank();
      const end = rig.cpu.cycles + FRAME_CYCLES;
      while (rig.cpu.cycles < end && rig.cpu.pc !== 0x412) rig.cpu.step();
      cycles += FRAME_CYCLES;
    };
    for (let i = 0; i < 5; i++) frame();
    expect(rig.cpu.pc).not.toBe(0x412);
    rig.pins.pressKey(0x2f); // ENTER
    for (let i = 0; i < 5 && rig.cpu.pc !== 0x412; i++) frame();
    expect(rig.cpu.pc).toBe(0x412);
    expect(rig.cpu.a).toBe(0x2f);
    expect(rig.cpu.psw & 0x10).toBe(0x10);
    expect(rig.cpu.ram[0x3f] & 0x40).toBe(0x40); // the click is playing
    expect(rig.cpu.ram[4]).toBe(0x56);
    expect(cycles).toBeGreaterThan(0);
  });
});
