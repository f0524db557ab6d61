import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { NTSC, vblankIrqDot } from '../../../rom-core/i8244/timing.ts';

// MAME fires the VDC's timers between CPU timeslices, so a bus access sees timed events only up to
// `eventsDot`; the picture and the beam registers still use the access dot.
describe('timed events seen by an access (eventsDot)', () => {
  const edge = vblankIrqDot(NTSC);

  it('a status read after the VBLANK edge misses it when eventsDot lies before the edge', () => {
    const v = new I8244(NTSC);
    v.syncTo(edge - 100);
    expect(v.read(0xa1, edge + 15, edge - 6) & 0x08).toBe(0);
    expect(v.intAsserted(edge + 15)).toBe(true); // the event runs once time reaches it
    expect(v.read(0xa1, edge + 135, edge + 94) & 0x08).toBe(0x08);
  });

  it('without eventsDot the read sees every event up to its dot', () => {
    const v = new I8244(NTSC);
    v.syncTo(edge - 100);
    expect(v.read(0xa1, edge + 15) & 0x08).toBe(0x08);
  });

  it('the beam registers use the access dot, not eventsDot', () => {
    const v = new I8244(NTSC);
    v.write(0xa0, 0x02, 0);
    expect(v.read(0xa5, 100 * 455 + 300, 100 * 455 + 200)).toBe(150);
  });

  it('a sound-register write before a pending clock is held off by it (the clock runs after the write)', () => {
    const early = new I8244(NTSC);
    const late = new I8244(NTSC);
    for (const v of [early, late]) {
      v.write(0xaa, 0xa0, 0); // fast clock, so line 0's clock (prescaler 1) is not a shift, line 3's is
      v.syncTo(2 * 455 + 400);
    }
    const clock = 3 * 455 + NTSC.hblankStart; // the line-3 sound clock: a shift is due
    early.write(0xa9, 0x01, clock + 10, clock - 5);
    late.write(0xa9, 0x01, clock + 10);
    early.syncTo(4 * 455);
    late.syncTo(4 * 455);
    expect(late.regs[0xa9]).toBe(0x01); // shifted first (zeros), then written: next shift at line 7
    expect(early.regs[0xa9]).toBe(0x01); // written, then the due shift was held off to line 4
    early.syncTo(5 * 455);
    late.syncTo(5 * 455);
    expect(early.regs[0xa9]).toBe(0x00);
    expect(early.regs[0xa7]).toBe(0x80); // the bit went round (loop)
    expect(late.regs[0xa9]).toBe(0x01);
  });
});
