/** The wait loops the CPU may pass over (rom-core/i8048/wait-loop.ts), and those it must not. */
import { describe, expect, it } from 'vitest';
import { waitCycles, waitLoopAt } from '../../../rom-core/i8048/wait-loop.ts';
import { programSpace } from '../../harness/boot.ts';

const F0 = 0x20;
const CY = 0x80;

/** waitLoopAt for bytes placed at `at`, with the CPU state given. */
function loopAt(at: number, bytes: number[], s: { mbf?: number; a?: number; psw?: number; f1?: boolean } = {}): number {
  return waitLoopAt(programSpace([[at, bytes]]), at, s.mbf ?? 0, s.a ?? 0, s.psw ?? 0, s.f1 ?? false);
}

/** The parts of waitLoopAt's number: cycles a pass, cycles to the last check, that instruction's address. */
function parts(loop: number): [number, number, number] {
  return [loop & 0xff, (loop >> 8) & 0xff, loop >>> 16];
}

describe('waitLoopAt', () => {
  it('finds JMP to itself, in bank 0 and (with MB1) bank 1', () => {
    expect(parts(loopAt(0x178, [0x24, 0x78]))).toEqual([2, 0, 0x178]); // JMP 178h
    expect(parts(loopAt(0x978, [0x24, 0x78], { mbf: 1 }))).toEqual([2, 0, 0x978]);
    expect(loopAt(0x978, [0x24, 0x78], { mbf: 0 })).toBe(0); // MB0: the jump leaves for 178h
  });

  it("finds waitvsync's shape: JF1 not taken, then JMP back", () => {
    // 178h: JF1 17Ch / 17Ah: JMP 178h
    expect(parts(loopAt(0x178, [0x76, 0x7c, 0x24, 0x78]))).toEqual([4, 2, 0x17a]);
    expect(loopAt(0x178, [0x76, 0x7c, 0x24, 0x78], { f1: true })).toBe(0); // taken: it leaves
    expect(loopAt(0x178, [0x76, 0x7c, 0x24, 0x70])).toBe(0); // JMP elsewhere
    expect(loopAt(0x178, [0x76, 0x7c, 0x14, 0x78])).toBe(0); // CALL, not JMP
  });

  it('finds a conditional jump to itself while its condition holds', () => {
    expect(parts(loopAt(0x200, [0x96, 0x00], { a: 1 }))).toEqual([2, 0, 0x200]); // JNZ $
    expect(loopAt(0x200, [0x96, 0x00], { a: 0 })).toBe(0);
    expect(loopAt(0x200, [0xc6, 0x00], { a: 0 })).not.toBe(0); // JZ $
    expect(loopAt(0x200, [0xf6, 0x00], { psw: CY })).not.toBe(0); // JC $
    expect(loopAt(0x200, [0xe6, 0x00], { psw: 0 })).not.toBe(0); // JNC $
    expect(loopAt(0x200, [0xb6, 0x00], { psw: F0 })).not.toBe(0); // JF0 $
    expect(loopAt(0x200, [0x76, 0x00], { f1: true })).not.toBe(0); // JF1 $
    expect(loopAt(0x200, [0x72, 0x00], { a: 0x08 })).not.toBe(0); // JB3 $
    expect(loopAt(0x200, [0x72, 0x00], { a: 0xf7 })).toBe(0);
  });

  it('refuses loops that test a pin, the timer flag or a count', () => {
    for (const op of [0x36, 0x26, 0x56, 0x46, 0x86, 0x16]) {
      // JT0 JNT0 JT1 JNT1 JNI JTF, to themselves and in waitvsync's shape
      expect(loopAt(0x200, [op, 0x00]), op.toString(16)).toBe(0);
      expect(loopAt(0x200, [op, 0x10, 0x44, 0x00]), op.toString(16)).toBe(0);
    }
    expect(loopAt(0x200, [0xef, 0x00])).toBe(0); // DJNZ R7,$
  });
});

describe('waitCycles', () => {
  const vsync = (4 | (2 << 8) | (0x17a << 16)) >>> 0; // 4 cycles a pass, its last check 2 cycles in

  it('counts whole passes, stopping short of the end of the run', () => {
    expect(waitCycles(vsync, 101, Infinity, Infinity)).toBe(100);
    expect(waitCycles(vsync, 100, Infinity, Infinity)).toBe(96); // 100 would end the run inside the skip
    expect(waitCycles(vsync, 4, Infinity, Infinity)).toBe(0);
  });

  it('keeps every skipped interrupt check within the quiet cycles', () => {
    // Checks at 0, 2, 4, 6, ...: quiet up to 6 allows two passes (checks 0-6), up to 5 one.
    expect(waitCycles(vsync, 1000, 6, Infinity)).toBe(8);
    expect(waitCycles(vsync, 1000, 5, Infinity)).toBe(4);
    expect(waitCycles(vsync, 1000, 1, Infinity)).toBe(0);
    expect(waitCycles(vsync, 1000, -1, Infinity)).toBe(0);
  });

  it('keeps the timer short of its overflow', () => {
    expect(waitCycles(vsync, 1000, Infinity, 11)).toBe(8);
    expect(waitCycles(vsync, 1000, Infinity, 3)).toBe(0);
  });
});
