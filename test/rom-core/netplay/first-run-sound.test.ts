import { describe, expect, it } from 'vitest';
import { FirstRunSound } from '../../../rom-core/netplay/index.ts';

describe('FirstRunSound', () => {
  it("gives each frame's sound once, the first time it runs; a rollback's reruns are silent", () => {
    const s = new FirstRunSound();
    // Frames 0-4 run, a rollback to 2 runs 2-4 again, then 5 and 6.
    const out = [0, 1, 2, 3, 4, 2, 3, 4, 5, 6].map((f) => s.take(f));
    expect(out).toEqual([true, true, true, true, true, false, false, false, true, true]);
  });
});
