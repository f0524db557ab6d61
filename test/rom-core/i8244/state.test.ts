import { edited, resealed } from '../../harness/state.ts';
import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { PAL } from '../../../rom-core/i8244/timing.ts';
import { pointerFor } from './helpers.ts';

/** A scene with every kind of state in flight: objects, grid, collisions, sound, latches, LUM. */
function scene(): I8244 {
  const v = new I8244();
  const p = pointerFor(0x25, 0x50);
  const regs: Record<number, number> = {
    0x10: 0x50,
    0x11: 0x30,
    0x12: p & 0xff,
    0x13: (p >> 8) | 6,
    0x00: 0x52,
    0x01: 0x31,
    0x02: 0x3d,
    0x80: 0x5a,
    0x81: 0xff,
    0x82: 0x18,
    0xc1: 0x0f,
    0xe2: 0xf0,
    0xa3: 0x4a,
    0xa2: 0xff,
    0xa7: 0x5a,
    0xa8: 0xc3,
    0xa9: 0x99,
    0xaa: 0xbb,
  };
  for (const [a, d] of Object.entries(regs)) v.write(Number(a), d, 0);
  v.write(0xa0, 0x2a | 0x04, 0);
  return v;
}

/** What happens after the save point, identically for both copies. */
function rest(v: I8244): { frame: Uint8Array; samples: Float32Array; reads: number[]; regs: Uint8Array } {
  const reads: number[] = [];
  v.write(0xa0, 0x2c, 120 * 455 + 3); // strobe 1 -> 0: latch
  reads.push(v.read(0xa5, 130 * 455), v.read(0xa4, 130 * 455));
  v.setLuminanceForce(true, 150 * 455 + 77);
  reads.push(v.read(0xa2, 200 * 455), v.read(0xa1, 243 * 455));
  v.endFrame();
  reads.push(v.intAsserted(0) ? 1 : 0);
  return { frame: v.frame.slice(), samples: v.pcm.samples.slice(), reads, regs: v.regs.slice() };
}

describe('save state', () => {
  it('a mid-frame (mid-line) snapshot restores bit-exactly: picture, collisions, interrupts, sound', () => {
    const a = scene();
    a.endFrame(); // some PCM history in the buffers
    a.syncTo(0x51 * 455 + 101);
    const snap = a.saveState();
    const expected = rest(a);

    const b = new I8244();
    b.loadState(snap);
    const got = rest(b);
    expect(got.reads).toEqual(expected.reads);
    expect(got.regs).toEqual(expected.regs);
    expect(got.frame).toEqual(expected.frame);
    expect(got.samples).toEqual(expected.samples);
    expect(b.saveState()).toEqual(a.saveState());
    // the snapshot is not trivially empty: the picture and the sound both carry signal
    expect(expected.frame.some((i) => i >= 8)).toBe(true);
    expect(expected.samples.some((s) => s > 0)).toBe(true);
  });

  it('carries the character ROM in use', () => {
    const a = new I8244();
    const dump = new Uint8Array(512).fill(0x3c);
    a.setCharset(dump);
    const b = new I8244();
    b.loadState(a.saveState());
    expect(b.getCharset()).toEqual(dump);
  });

  it('refuses foreign, newer, wrong-chip and damaged states with specific messages', () => {
    const s = new I8244().saveState();
    expect(() => new I8244().loadState(new Uint8Array(10))).toThrow(
      'This is not a save state of the VDC (8244/8245) (it does not begin with "I8244ST").',
    );
    const newer = edited(s, (b) => {
      b[7] = 99;
    });
    expect(() => new I8244().loadState(newer)).toThrow(
      'VDC save state version 99 is not supported (this build reads version 2).',
    );
    expect(() => new I8244(PAL).loadState(s)).toThrow('This save state is for an 8244; the machine has an 8245 (PAL).');
    expect(() => new I8244().loadState(resealed(s.subarray(0, s.length - 3)))).toThrow(/truncated/);
    expect(() => new I8244().loadState(s.subarray(0, s.length - 3))).toThrow(/checksum does not match/);
    const longer = new Uint8Array(s.length + 2);
    longer.set(s.subarray(0, s.length - 4));
    expect(() => new I8244().loadState(resealed(longer))).toThrow(
      'VDC (8244/8245) save state has 2 unexpected bytes after its last field.',
    );
  });
});
