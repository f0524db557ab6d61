// PBU amounts and chip counts as the players see them (chips: blue 1000, red 500, white 100).

import type { ChipCount } from './types.ts';

export function formatPbu(pbu: number): string {
  return `${pbu.toLocaleString('en-US')} PBU`;
}

/** "2 blue, 1 white" for a handful of chips (colours with none are left out). */
export function describeChips(c: ChipCount): string {
  const parts = (['blue', 'red', 'white'] as const).filter((k) => c[k] > 0).map((k) => `${c[k]} ${k}`);
  return parts.length ? parts.join(', ') : 'no chips';
}
