import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { NTSC, PAL, mameFrameStartDot, vblankIrqDot } from '../../../rom-core/i8244/timing.ts';

describe('time base', () => {
  it('NTSC: 20 dots per machine cycle, 455 × 263 dots, 5983.25 cycles per frame', () => {
    expect(NTSC.dotsPerCycle).toBe(20);
    expect(NTSC.dotsPerFrame).toBe(455 * 263);
    expect(NTSC.dotsPerFrame / NTSC.dotsPerCycle).toBe(5983.25);
    expect(NTSC.dotsPerLine / NTSC.dotsPerCycle).toBe(22.75);
    expect(NTSC.dotRateNum / NTSC.dotRateDen / NTSC.dotsPerFrame).toBeCloseTo(59.8261, 3);
  });

  it('PAL 8245: 18 dots per machine cycle, 456 × 313 dots', () => {
    expect(PAL.dotsPerCycle).toBe(18);
    expect(PAL.dotsPerFrame).toBe(456 * 313);
    expect(PAL.dotRateNum / PAL.dotRateDen / PAL.dotsPerFrame).toBeCloseTo(49.7, 2);
    // The CPU clock XTAL/3 is 18 dots per 15-clock machine cycle: dot rate = 2·XTAL/5.
    expect(PAL.dotRateNum / PAL.dotRateDen / (17_734_476 / 3 / 15)).toBeCloseTo(18, 9);
  });

  it('MAME reference points: VBLANK interrupt at (242, 365); frame callback at line 243', () => {
    expect(vblankIrqDot(NTSC)).toBe(242 * 455 + 365);
    expect(vblankIrqDot(NTSC)).toBe(110_475);
    expect(vblankIrqDot(PAL)).toBe(242 * 456 + 365);
    expect(mameFrameStartDot(NTSC)).toBe(243 * 455);
  });
});

describe('VBLANK interrupt and A1h', () => {
  const irqDot = 242 * 455 + 365;

  it('/INT and A1 bit 3 rise at (242, 365) and stay until A1h is read', () => {
    const v = new I8244();
    expect(v.intAsserted(irqDot - 1)).toBe(false);
    expect(v.intAsserted(irqDot)).toBe(true);
    expect(v.intAsserted(250 * 455)).toBe(true);
    const s = v.read(0xa1, 250 * 455);
    expect(s & 0x08).toBe(0x08);
    expect(v.intAsserted(250 * 455)).toBe(false);
    expect(v.read(0xa1, 250 * 455 + 1) & 0x08).toBe(0);
    v.endFrame();
    expect(v.intAsserted(irqDot - 1)).toBe(false);
    expect(v.intAsserted(irqDot)).toBe(true);
  });

  it('an A1h read before VBLANK does not cancel the coming interrupt; reading other registers does not acknowledge', () => {
    const v = new I8244();
    expect(v.read(0xa1, 1000) & 0x08).toBe(0);
    v.read(0xa2, irqDot + 10);
    v.read(0xa0, irqDot + 10);
    expect(v.intAsserted(irqDot + 20)).toBe(true);
    expect(v.read(0xb1, irqDot + 30) & 0x08).toBe(0x08); // mirror of A1h acknowledges too
    expect(v.intAsserted(irqDot + 40)).toBe(false);
  });

  it('the interrupt is not lost across frames when nobody reads A1h', () => {
    const v = new I8244();
    v.endFrame();
    expect(v.intAsserted(0)).toBe(true);
  });

  it('PAL raises the interrupt at the same line/dot of its longer frame', () => {
    const v = new I8244(PAL);
    const d = 242 * 456 + 365;
    expect(v.intAsserted(d - 1)).toBe(false);
    expect(v.intAsserted(d)).toBe(true);
  });

  it('A1 bit 0 is high for dots 225-412 of lines up to 242 (MAME hstatus)', () => {
    const v = new I8244();
    const bit0 = (line: number, h: number) => v.read(0xa1, line * 455 + h) & 1;
    expect([bit0(10, 224), bit0(10, 225), bit0(10, 412), bit0(10, 413)]).toEqual([0, 1, 1, 0]);
    expect([bit0(241, 300), bit0(242, 300)]).toEqual([1, 1]);
    expect(bit0(250, 300)).toBe(0);
    v.endFrame();
    expect(bit0(0, 300)).toBe(0); // Y reads 263 on line 0 until HBLANK
    expect(bit0(0, 366)).toBe(1);
  });
});

describe('T1 = HBLANK or VBLANK', () => {
  const v = new I8244();
  const t1 = (line: number, h: number) => v.t1(line * 455 + h);

  it('HBLANK is dots 366-452 of every line', () => {
    expect([t1(100, 365), t1(100, 366), t1(100, 452), t1(100, 453), t1(100, 0)]).toEqual([0, 1, 1, 0, 0]);
  });

  it('VBLANK runs from (242, 365) through (0, 365), then HBLANK holds T1 to 452 of line 0', () => {
    expect([t1(242, 364), t1(242, 365), t1(250, 0), t1(262, 454)]).toEqual([0, 1, 1, 1]);
    expect([t1(0, 0), t1(0, 365), t1(0, 452), t1(0, 453), t1(1, 100)]).toEqual([1, 1, 1, 0, 0]);
    let count = 0;
    for (let d = 0; d < NTSC.dotsPerFrame; d++) count += v.t1(d);
    // 21 lines of VBLANK (242·455+365 .. 0·455+365 inclusive) plus 87 HBLANK dots on every other line
    // start: line 0 366..452 (87) + lines 1-241 (241 × 87) + line 242 dots 365..454 are VBLANK already.
    const vblankDots = 455 - 365 + 20 * 455 + 366;
    const hblankOnly = 87 * 241 + 87; // lines 1..241 and line 0 after VBLANK ends
    expect(count).toBe(vblankDots + hblankOnly);
  });

  it('PAL: HBLANK 366-453; VBLANK to line 312', () => {
    const p = new I8244(PAL);
    const pt = (line: number, h: number) => p.t1(line * 456 + h);
    expect([pt(10, 453), pt(10, 454), pt(300, 10), pt(312, 365), pt(312, 366), pt(0, 10)]).toEqual([1, 0, 1, 1, 1, 0]);
  });
});

describe('time rules', () => {
  it('rejects dots outside the frame and going backwards, naming both', () => {
    const v = new I8244();
    expect(() => v.read(0xa0, NTSC.dotsPerFrame + 1)).toThrow(/outside the frame \(0\.\.119665\)/);
    v.syncTo(5000);
    expect(() => v.write(0xa3, 1, 4000)).toThrow(/4000 is before the VDC's current position 5000/);
  });

  it('reset(startDot) starts mid-frame the way MAME does (time 0 = line 243)', () => {
    const v = new I8244();
    v.reset(mameFrameStartDot(NTSC));
    expect(v.intAsserted(mameFrameStartDot(NTSC))).toBe(false); // VBLANK edge already passed
    v.endFrame();
    expect(v.intAsserted(242 * 455 + 365)).toBe(true);
  });
});

describe('power-on timer phase (MAME device_start)', () => {
  it('from a start at line 243 the first sound clock is line 0 of the next frame', () => {
    const v = new I8244();
    v.reset(mameFrameStartDot(NTSC));
    v.write(0xa9, 0x01, mameFrameStartDot(NTSC));
    v.write(0xaa, 0xa0, mameFrameStartDot(NTSC)); // fast: every 4th clock
    v.endFrame(); // no clocks in lines 243-262
    expect(v.sound.prescaler).toBe(0);
    v.syncTo(3 * 455 + 366);
    expect(v.sound.prescaler).toBe(4);
    expect(v.sound.output).toBe(1);
  });

  it('from dot 0 the sound clock runs on every line of the first frame', () => {
    const v = new I8244();
    v.endFrame();
    expect(v.sound.prescaler).toBe(263 & 0xff);
  });
});
