/** Physical PBU chips: blue 1000, red 500, white 100 (manual, "Game Components"). */
export type Denomination = 1000 | 500 | 100;
export const DENOMINATIONS: readonly Denomination[] = [1000, 500, 100];

export interface Chips {
  1000: number;
  500: number;
  100: number;
}

/** One hand-over of chips: `give` goes from payer to payee, `change` comes back. */
export interface ChipTransfer {
  from: string;
  to: string;
  amount: number;
  give: Chips;
  change: Chips;
  /** Set on the hand-overs that reverse an undone action's: the banker moves these chips back. */
  undo?: true;
}

/** The war chest's side of every transfer is named by this holder id. */
export const WAR_CHEST = '#warchest';
