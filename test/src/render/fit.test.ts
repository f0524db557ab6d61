import { describe, expect, it } from 'vitest';
import { fitScreen } from '../../../src/render/fit.ts';

describe('fitScreen', () => {
  it('integer mode picks the largest whole multiple that fits, at least 1', () => {
    expect(fitScreen('integer', 360, 243, 1100, 760)).toEqual({ width: 1080, height: 729, scale: 3 });
    expect(fitScreen('integer', 360, 243, 200, 100)).toEqual({ width: 360, height: 243, scale: 1 });
  });

  it('4:3 mode fills the box at 4:3', () => {
    const f = fitScreen('4:3', 360, 243, 1200, 600);
    expect(f.width / f.height).toBeCloseTo(4 / 3, 2);
    expect(f.height).toBe(600);
  });

  it('CRT mode is 4:3 at a whole number of pixels a line (so the scanlines fall evenly)', () => {
    const f = fitScreen('crt', 360, 243, 1200, 600);
    expect(f.height).toBe(486);
    expect(f.width / f.height).toBeCloseTo(4 / 3, 2);
    expect(fitScreen('crt', 360, 243, 300, 200).height).toBe(243);
  });
});
