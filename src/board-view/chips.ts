// PBU amounts and chip counts as the players see them (chips: blue 1000, red 500, white 100).

import type { Chips } from '../../board/index.ts';

/** The chips by value, largest first, with the colour the players call them by. */
const CHIP_COLOURS = [
  [1000, 'blue'],
  [500, 'red'],
  [100, 'white'],
] as const;

/** "1 blue · 2 red · 0 white": every colour, for a player's or the chest's whole holding. */
export function chipLine(c: Chips): string {
  return CHIP_COLOURS.map(([v, colour]) => `${c[v]} ${colour}`).join(' · ');
}

export function formatPbu(pbu: number): string {
  return `${pbu.toLocaleString('en-US')} PBU`;
}

/** "2 blue, 1 white" for a handful of chips (colours with none are left out). */
export function describeChips(c: Chips): string {
  const parts = CHIP_COLOURS.filter(([v]) => c[v] > 0).map(([v, colour]) => `${c[v]} ${colour}`);
  return parts.length ? parts.join(', ') : 'no chips';
}
