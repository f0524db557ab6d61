/**
 * The energy scale: how two forces become the energy units typed into the battle cartridge.
 * The stronger side gets `top` units and the weaker its share, top x weaker / stronger, rounded to
 * the nearest unit and never below 1 (the cartridge cannot fight with none). The readout holds four
 * digits, so `top` is at most 9999.
 */
import type { Energies } from './outcome.ts';

export interface EnergyScale {
  top: number;
}

export const DEFAULT_SCALE: EnergyScale = { top: 5000 };
export const MAX_ENERGY = 9999;

export function scaleError(scale: EnergyScale): string | null {
  if (!Number.isInteger(scale.top) || scale.top < 1 || scale.top > MAX_ENERGY) {
    return `The stronger side's energy must be a whole number from 1 to ${MAX_ENERGY}, not ${scale.top}.`;
  }
  return null;
}

/** The energies for forces of these strengths (both > 0), and the sentence that says why. */
export function energiesFor(
  attacker: number,
  defender: number,
  scale: EnergyScale = DEFAULT_SCALE,
): {
  energy: Energies;
  why: string;
} {
  const strong = Math.max(attacker, defender);
  const share = (f: number): number => (f === strong ? scale.top : Math.max(1, Math.round((scale.top * f) / strong)));
  const energy = { attacker: share(attacker), defender: share(defender) };
  const weaker = attacker < defender ? 'attacker' : 'defender';
  const why =
    attacker === defender
      ? `Equal forces (${attacker} each): both sides get ${scale.top}.`
      : `The ${weaker === 'attacker' ? 'defender' : 'attacker'} is stronger (${strong}) and gets ${scale.top}; ` +
        `the ${weaker} gets ${scale.top} x ${Math.min(attacker, defender)} / ${strong} = ${energy[weaker]}.`;
  return { energy, why };
}
