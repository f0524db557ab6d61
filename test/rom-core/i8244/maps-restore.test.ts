/**
 * The renderer clears its collision and priority maps at a line's start only when something was
 * drawn into them since the last clear (render.ts, mapsClear). A state restored into the maps is
 * such a drawing: the next line must still start from clear maps, or an object on it would collide
 * with one that ended on the line before.
 */
import { describe, expect, it } from 'vitest';
import { I8244 } from '../../../rom-core/i8244/vdc.ts';
import { NTSC } from '../../../rom-core/i8244/timing.ts';

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
