/**
 * What the renderer keeps between lines to save work (render.ts) must follow every way its inputs
 * change. It clears its collision and priority maps at a line's start only when something was drawn
 * into them since the last clear (collisionsClear, prioritiesClear): a state restored into the maps is such a drawing, so
 * the next line must still start from clear maps, or an object on it would collide with one that
 * ended on the line before. It keeps which lines may show a character or quad (majorLines): a bus
 * write, a restored state and a debugger's edit of their registers all move them.
 */
import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { NTSC } from '../../../rom-core/i8244/timing.ts';
import { pointerFor } from './helpers.ts';

const FG = 0x20;
const DPL = NTSC.dotsPerLine;

/** Sprite 0 on lines 100-115 and sprite 1 on lines 116-131 at the same x: they touch, never overlap. */
function stacked(): I8244 {
  const v = new I8244(NTSC);
  const regs: Record<number, number> = { 0: 100, 1: 60, 2: 0x38, 4: 116, 5: 60, 6: 0x30 };
  for (let i = 0; i < 8; i++) regs[0x80 + i] = regs[0x88 + i] = 0xff;
  for (const [a, d] of Object.entries(regs)) v.write(Number(a), d, 0);
  v.write(0xa2, 0x01, 0); // sprite 0 in the collision mask: sprite 1 drawn over it would be flagged
  v.write(0xa0, FG, 0);
  return v;
}

describe('collision maps after a restored state', () => {
  it('stacked sprites do not collide, in one run or through a state restored mid-line', () => {
    const whole = stacked();
    whole.endFrame();
    const wholeStatus = whole.read(0xa2, 0); // reading A2h clears it: read once
    expect(wholeStatus & 0x02).toBe(0);

    const saved = stacked();
    saved.syncTo(116 * DPL - 10); // past the picture of sprite 0's last line: its bits are in the maps
    const state = saved.saveState();
    const restored = new I8244(NTSC);
    restored.syncTo(20 * DPL); // a few empty lines drawn: its maps are known to be clear
    restored.loadState(state);
    restored.endFrame();
    expect(restored.frame).toEqual(whole.frame);
    expect(restored.read(0xa2, 0)).toBe(wholeStatus);
  });
});

/** Lines of the picture with any dot in a major object's colours (8-15, the luminance bit set). */
function linesLit(v: I8244): number[] {
  const lines: number[] = [];
  for (let l = 0; l < 243; l++) if (v.frame.subarray(l * 360, l * 360 + 360).some((c) => c >= 8)) lines.push(l);
  return lines;
}

describe('the lines a character may show on', () => {
  it('follow its Y register written by the bus, restored by a state, and edited by the debugger', () => {
    const v = new I8244(NTSC);
    const place = (y: number, at: number): void => {
      const p = pointerFor(0x2f, y); // a solid block
      v.write(0x10, y, at);
      v.write(0x11, 60, at);
      v.write(0x12, p & 0xff, at);
      v.write(0x13, ((p >> 8) & 1) | 2, at);
    };
    place(60, 0);
    v.write(0xa0, FG, 0);
    v.endFrame();
    expect(linesLit(v)[0]).toBe(60);
    const at60 = v.saveState();
    // Foreground off, the character moved by the bus, on again.
    v.write(0xa0, 0, 0);
    place(100, 0);
    v.write(0xa0, FG, 0);
    v.endFrame();
    expect(linesLit(v)[0]).toBe(100);
    // A state from when it was at 60.
    v.loadState(at60);
    v.endFrame();
    expect(linesLit(v)[0]).toBe(60);
    // The debugger moves it with the foreground on (no bus write could).
    v.poke(0x10, 140);
    v.poke(0x12, pointerFor(0x2f, 140) & 0xff);
    v.poke(0x13, ((pointerFor(0x2f, 140) >> 8) & 1) | 2);
    v.endFrame();
    expect(linesLit(v)[0]).toBe(140);
  });
});

/** A small deterministic generator (xorshift32), so a failing case can be run again. */
function random(seed: number): (n: number) => number {
  let s = seed || 1;
  return (n) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

/**
 * Two chips given the same writes at the same dots: one draws whole lines (which it may copy from the line
 * above or from a grid template), the other is made to draw every visible line in two pieces (a sync in
 * the middle of each), which it draws dot by dot with no copy. Returns both.
 */
function wholeAndSplit(seed: number): [I8244, I8244] {
  const rnd = random(seed);
  const whole = new I8244(NTSC);
  const split = new I8244(NTSC);
  // Objects, shapes and grid at random, with few distinct shape rows and glyphs so rows repeat.
  const writes: [number, number, number][] = [];
  for (let a = 0x00; a < 0x80; a++) writes.push([a, rnd(4) === 0 ? 0 : rnd(256), 0]);
  for (let a = 0x80; a < 0xa0; a++) writes.push([a, [0, 0xff, 0x18, 0x81][rnd(4)], 0]);
  for (let a = 0xc0; a < 0xea; a++) writes.push([a, rnd(3) === 0 ? 0 : rnd(256), 0]);
  writes.push([0xa2, rnd(256), 0], [0xa3, rnd(256), 0], [0xa0, 0x08 | 0x20 | (rnd(4) << 6), 0]);
  // Then a few writes inside the picture: colour, grid, control (foreground off, objects moved, on again).
  let dot = 0;
  for (let i = 0; i < 6; i++) {
    dot += 1 + rnd(30 * DPL);
    const kind = rnd(3);
    if (kind === 0) writes.push([0xa3, rnd(256), dot]);
    else if (kind === 1) writes.push([0xc0 + rnd(0x2a), rnd(256), dot]);
    else {
      writes.push([0xa0, 0x08, dot], [rnd(0x80), rnd(256), dot + 1], [0xa0, 0x28 | (rnd(4) << 6), dot + 2]);
      dot += 2;
    }
  }
  // Every visible line split once, the writes and the splits in dot order (a write first at the same dot).
  const splits = Array.from({ length: 243 }, (_, line) => line * DPL + 1 + rnd(358));
  let next = 0;
  for (const at of splits) {
    for (; next < writes.length && writes[next][2] <= at; next++) {
      whole.write(...writes[next]);
      split.write(...writes[next]);
    }
    split.syncTo(at);
  }
  for (; next < writes.length; next++) {
    whole.write(...writes[next]);
    split.write(...writes[next]);
  }
  whole.endFrame();
  split.endFrame();
  return [whole, split];
}

function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('lines copied from the line above or from a grid template', () => {
  it('draw what the same lines drawn dot by dot draw: pixels, collisions, overlap', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const [whole, split] = wholeAndSplit(seed);
      // The first pixel that differs, or -1: compared by hand (toEqual's diffing of two 87,480-byte pictures, 60
      // times, took over a minute in a loaded full run).
      expect(firstDifference(whole.frame, split.frame), `seed ${seed}`).toBe(-1);
      expect(whole.read(0xa2, 0), `seed ${seed}`).toBe(split.read(0xa2, 0));
      expect(whole.read(0xa1, 0) & 0x80, `seed ${seed}`).toBe(split.read(0xa1, 0) & 0x80);
    }
  });
});
