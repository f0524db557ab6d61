/**
 * The cartridge's energy readouts have four digits, but rule 21C enters POWER BASE RECORD x 100, which
 * passes 9999 once a record reaches 100 (a long game's leader does). Rather than refuse the battle (a
 * table of computers stalled there) both sides are entered divided by the same whole number, so their
 * ratio (what the battle is about) stays, and the energy left is multiplied back for the board.
 */
import type { BattleOutcome, BattleRequest } from '../ports/battle-port.ts';

/** The readout's four digits. */
export const SCREEN_MAX = 9999;

/** The two sides of a battle as far as energy goes (a BattleRequest is one). */
export interface EnergySides {
  attacker: { player: string; energy: number };
  defender: { player: string; energy: number };
}

export interface ScreenEnergies<R extends EnergySides = BattleRequest> {
  /** 1 when both energies fit the readout. */
  divisor: number;
  /** The request in the energy units typed into the machine. */
  request: R;
}

/** What is typed into the machine for `request`. */
export function screenEnergies<R extends EnergySides>(request: R): ScreenEnergies<R> {
  const most = Math.max(request.attacker.energy, request.defender.energy);
  const divisor = Math.max(1, Math.ceil(most / SCREEN_MAX));
  if (divisor === 1) return { divisor, request };
  const on = (e: number): number => Math.max(1, Math.round(e / divisor));
  return {
    divisor,
    request: {
      ...request,
      attacker: { ...request.attacker, energy: on(request.attacker.energy) },
      defender: { ...request.defender, energy: on(request.defender.energy) },
    },
  };
}

/** The outcome on the screen, in the board's energy units (a side untouched keeps its exact energy). */
export function boardOutcome(request: BattleRequest, screen: ScreenEnergies, shown: BattleOutcome): BattleOutcome {
  if (screen.divisor === 1) return shown;
  const back = (role: 'attacker' | 'defender'): number => {
    const left = shown.energy[role];
    return left >= screen.request[role].energy
      ? request[role].energy
      : Math.min(request[role].energy, left * screen.divisor);
  };
  return { winner: shown.winner, energy: { attacker: back('attacker'), defender: back('defender') } };
}

/** A sentence for the players when the energies are divided, or null. */
export function screenNote(request: EnergySides): string | null {
  const screen = screenEnergies(request);
  if (screen.divisor === 1) return null;
  const a = request.attacker;
  const d = request.defender;
  const big = a.energy >= d.energy ? a : d;
  return (
    `${big.player}'s ${big.energy} has more than the readout's four digits: both sides are entered divided by ${screen.divisor} ` +
    `(${a.player} ${screen.request.attacker.energy}, ${d.player} ${screen.request.defender.energy}) and the energy left is multiplied back by ${screen.divisor}.`
  );
}
