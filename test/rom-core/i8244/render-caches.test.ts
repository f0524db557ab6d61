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
