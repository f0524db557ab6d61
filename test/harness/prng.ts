/**
 * The tests' seeded random numbers, so every run tests the same states and a failure can be
 * replayed from its seed. Not for anything the product ships.
 */

/** mulberry32: a seeded stream of 32-bit unsigned integers. */
export function prng32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** mulberry32 as floats in [0, 1), like Math.random. */
export function prng(seed: number): () => number {
  const next = prng32(seed);
  return () => next() / 4294967296;
}

/** mulberry32 as bytes 0..255 (the low byte of each output). */
export function prngByte(seed: number): () => number {
  const next = prng32(seed);
  return () => next() & 0xff;
}

/** xorshift32 as `pick(n)`: a whole number in 0..n-1 (0 when n <= 1). A zero seed counts as 1. */
export function prngPick(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return n <= 1 ? 0 : x % n;
  };
}
