import { energiesFor, type BattleOutcome, type Energies } from '../../../board/resolver/index.ts';

/** An outcome whose point on the outcome line is the middle of die face `face` (of `faces`). */
export function outcomeForFace(energy: Energies, face: number, faces = 6): BattleOutcome {
  const u = (face - 0.5) / faces;
  if (u < 0.5)
    return { winner: 'attacker', left: { attacker: Math.round((1 - 2 * u) * energy.attacker), defender: 0 } };
  return { winner: 'defender', left: { attacker: 0, defender: Math.round((2 * u - 1) * energy.defender) } };
}

export const energies = (a: number, d: number): Energies => energiesFor(a, d).energy;
