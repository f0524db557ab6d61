/**
 * A small seeded random source (mulberry32): the same seed gives the same game on every machine, so a
 * computer-only game can be replayed from its seed. Not for anything that needs real randomness.
 */
export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** One element of a non-empty list. */
  pick<T>(xs: readonly T[]): T;
}

export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return { next, int, pick: (xs) => xs[int(xs.length)] };
}

/** A seed for one seat, derived from the game's seed and the seat's name (seats do not share a stream). */
export function seatSeed(seed: number, name: string): number {
  let h = (seed >>> 0) ^ 0x9e3779b9;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
