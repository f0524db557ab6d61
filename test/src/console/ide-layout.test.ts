import { describe, expect, it } from 'vitest';
import { SPLIT_MAX, SPLIT_MIN, clampSplit, ideMode, splitAfterKey } from '../../../src/console/ide-layout.ts';

describe("the console's IDE layout", () => {
  it('is side by side only on a wide window with a panel open', () => {
    expect(ideMode(1280, true, true)).toBe('both');
    expect(ideMode(1280, true, false)).toBe('program');
    expect(ideMode(1280, false, true)).toBe('debugger');
    expect(ideMode(1280, false, false)).toBeUndefined();
    expect(ideMode(1099, true, true)).toBeUndefined();
    expect(ideMode(390, true, true)).toBeUndefined();
  });

  it('moves the splitter with the arrow keys within its bounds', () => {
    expect(splitAfterKey(44, 'ArrowRight', false)).toBe(46);
    expect(splitAfterKey(44, 'ArrowLeft', true)).toBe(34);
    expect(splitAfterKey(30, 'ArrowLeft', true)).toBe(SPLIT_MIN);
    expect(splitAfterKey(44, 'End', false)).toBe(SPLIT_MAX);
    expect(splitAfterKey(44, 'Home', false)).toBe(SPLIT_MIN);
    expect(splitAfterKey(44, 'a', false)).toBeUndefined();
    expect(clampSplit(51.234)).toBe(51.2);
  });
});
