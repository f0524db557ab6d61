export const NTSC_FRAME_RATE = 59.826;

/** 1234567 -> "1.2 M": figures for people, not for machines. */
export function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(0);
}
