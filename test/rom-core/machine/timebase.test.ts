/**
 * The shared dot time base: an access made after the CPU has run k machine cycles happens at dot
 * start + k · dotsPerCycle (20 NTSC, 18 PAL), frames wrap at dotsPerFrame, and runFrame stops where
 * MAME's frame callback is (the start of VBLANK, line 243 dot 0).
 */
import { describe, expect, it } from 'vitest';
import { NTSC, PAL, mameFrameStartDot } from '../../../rom-core/i8244/timing.ts';
import { idleCart, machine, testCart } from './helpers.ts';

const VDC_READ = 0xff & ~0x08 & ~0x40;

describe('CPU cycles to VDC dots', () => {
  for (const timing of [NTSC, PAL]) {
    it(`${timing.name}: the X/Y beam registers read at the dot of the access`, () => {
      const m = machine(idleCart(), { pal: timing === PAL });
      const start = mameFrameStartDot(timing);
      expect(m.dot()).toBe(start);
      m.writePort(1, VDC_READ);
      m.writeExternal(0xa0, 0x02); // strobe: A4h/A5h follow the beam
      const frames = m.vdc.frameCount;
      for (const k of [0, 1, 7, 100, 455, 4000]) {
        m.cpu.cycles += k;
        const d = m.dot() % timing.dotsPerFrame;
        expect(m.readExternal(0xa5)).toBe((d % timing.dotsPerLine) >> 1);
        expect(m.readExternal(0xa4)).toBe(m.vdc.yBeam(d) & 0xff);
      }
      // 4563 cycles took the beam past the end of the VDC frame: the VDC started the next one.
      expect(m.vdc.frameCount).toBe(frames + 1);
      expect(m.dot()).toBe(start + 4563 * timing.dotsPerCycle - timing.dotsPerFrame);
    });
  }

  it('T1 (HBLANK or VBLANK) is sampled at the current dot', () => {
    const m = machine(idleCart());
    // From line 243 dot 0 (inside VBLANK) T1 is 1 until line 0 dot 452.
    expect(m.readT1()).toBe(1);
    const toLine1 = NTSC.dotsPerFrame - mameFrameStartDot(NTSC) + NTSC.dotsPerLine; // line 1, dot 0
    m.cpu.cycles += Math.ceil(toLine1 / 20);
    let d = m.dot() % NTSC.dotsPerFrame;
    expect(d % NTSC.dotsPerLine).toBeLessThan(NTSC.hblankStart);
    expect(m.readT1()).toBe(0);
    m.cpu.cycles += Math.ceil((NTSC.hblankStart - (d % NTSC.dotsPerLine)) / 20);
    d = m.dot() % NTSC.dotsPerFrame;
    expect(d % NTSC.dotsPerLine).toBeGreaterThanOrEqual(NTSC.hblankStart);
    expect(m.readT1()).toBe(1);
  });
});

describe('runFrame', () => {
  it('stops once the CPU has begun the cycle in which the beam reaches line 243, every frame', () => {
    for (const timing of [NTSC, PAL]) {
      const m = machine(testCart('vblank'), { pal: timing === PAL });
      const s = mameFrameStartDot(timing);
      for (let f = 0; f < 10; f++) {
        m.runFrame();
        const d = m.dot();
        expect(d).toBeGreaterThan(s - timing.dotsPerCycle);
        // At most an interrupt entry plus a 2-cycle instruction beyond it.
        expect(d).toBeLessThan(s + 4 * timing.dotsPerCycle);
      }
      expect(m.frameNumber).toBe(10);
      expect(m.vdc.frameCount).toBe(10);
    }
  });

  it('NTSC: 5983.25 machine cycles per frame on average', () => {
    const m = machine(testCart('vblank'));
    for (let f = 0; f < 40; f++) m.runFrame();
    expect(Math.abs(m.cpu.cycles - 40 * 5983.25)).toBeLessThanOrEqual(4);
  });

  it('VBLANK interrupt once per frame; the event counter sees 242 HBLANK ends per NTSC frame, 243 per PAL frame', () => {
    for (const [timing, lines] of [
      [NTSC, 242],
      [PAL, 243],
    ] as const) {
      const m = machine(testCart('vblank'), { pal: timing === PAL });
      for (let f = 0; f < 12; f++) m.runFrame();
      // The interrupt comes about 4.5 cycles before the sample point (as in MAME), so the handler of
      // the 12th frame is still running: 11 counted, one in progress.
      expect(m.cpu.ram[0x20]).toBe(11);
      expect(m.cpu.irqInProgress).toBe(true);
      expect(m.cpu.ram[0x21]).toBe(lines & 0xff);
      // The handler's status read saw the VBLANK bit (A1h bit 3).
      expect(m.cpu.ram[0x18 + 7] & 0x08).toBe(0x08);
    }
  });

  it('draws the picture the program set up (blue background, grid on)', () => {
    const m = machine(testCart('vblank'));
    m.runFrame();
    m.runFrame();
    const blue = m.frame.filter((c) => c === 4).length;
    expect(blue).toBeGreaterThan(m.frame.length / 2);
    expect(m.frame.some((c) => c !== 4)).toBe(true);
  });
});
