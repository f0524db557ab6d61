/** The tests' seeded generators give the same streams as the copies they replaced. */
import { describe, expect, it } from 'vitest';
import { prng, prng32, prngByte, prngPick } from './prng.ts';

describe('harness prng', () => {
  it('mulberry32: floats, bytes and 32-bit words are one stream', () => {
    expect([0, 1, 2].map(prng(1))).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    expect([0, 1, 2, 3, 4].map(prngByte(7))).toEqual([44, 18, 94, 150, 231]);
    const words = prng32(99);
    const floats = prng(99);
    for (let i = 0; i < 100; i++) expect(words() / 2 ** 32).toBe(floats());
  });

  it('xorshift32 pick: 0..n-1, 0 for n <= 1', () => {
    const pick = prngPick(1982);
    expect([10, 100, 1000, 2, 1].map((n) => pick(n))).toEqual([9, 16, 866, 0, 0]);
  });
});
