// PBU chips as on the table: blue 1000, red 500, white 100 (Game Components; Rule 7).

import type { ChipCount } from './types.ts';

export const CHIP_VALUES = { blue: 1000, red: 500, white: 100 } as const;
export type ChipColour = keyof typeof CHIP_VALUES;


/** Fewest chips that make up an amount (amounts are whole hundreds: Rule 13A rounds to the nearest 100). */
export function chipBreakdown(pbu: number): ChipCount {
  let rest = Math.max(0, Math.round(pbu / 100) * 100);
  const blue = Math.floor(rest / 1000); rest -= blue * 1000;
  const red = Math.floor(rest / 500); rest -= red * 500;
  return { blue, red, white: rest / 100 };
}

export function chipTotal(c: ChipCount): number {
  return c.blue * CHIP_VALUES.blue + c.red * CHIP_VALUES.red + c.white * CHIP_VALUES.white;
}

export function formatPbu(pbu: number): string {
  return `${pbu.toLocaleString('en-US')} PBU`;
}
