/**
 * Robustness sample of `npm run fuzz` (test/fuzz/images.ts): 1,000 random BIOS and cartridge images,
 * every size of every mapper, NTSC and PAL, 10 frames each plus a state round trip: no exception,
 * every frame about one frame of cycles, every reloaded state bit-identical. A few seconds.
 */
import { describe, expect, it } from 'vitest';
import { fuzzImages } from '../../fuzz/images.ts';

describe('random ROM images', () => {
  it('1,000 images × 10 frames, every mapper and size, NTSC and PAL', () => {
    const stats = fuzzImages(0x5eed, 1000, 10);
    expect(stats.failures).toEqual([]);
    expect(stats.images).toBe(1000);
    expect(stats.roundTrips).toBe(1000);
    // Every mapper/size/standard combination was drawn (5 + 4 + 3 sizes, two standards).
    expect(stats.mix.size).toBe(24);
  }, 120_000);
});
