/**
 * A console battle's outcome as the resolver uses it, and the differential-to-die mapping that lets
 * a die-roll combat results table take the battle's result in place of the die.
 *
 * The mapping (README.md, "Combat resolver"): the winner's share of the energy it was given that it
 * still has at the end, w in [0, 1], is placed on a line u in [0, 1] whose low half belongs to the
 * attacker (u = 0.5 - w/2 when the attacker wins) and whose high half to the defender
 * (u = 0.5 + w/2); face = floor(u * faces) + 1. Low faces favour the attacker, as on the Origins
 * table. When both sides fight equally well each side wins half the battles and w is spread evenly
 * over its range, so u is uniform and every face comes up with the die's own chance 1/faces.
 * Both destroyed: u = 0.5 + (d - a)/2 from each side's share left (a tie goes to the defender, as in
 * Battle Plan's "if the sides are equal, the defender wins").
 */

export type BattleWinner = 'attacker' | 'defender' | 'both-destroyed';
export const WINNERS: readonly BattleWinner[] = ['attacker', 'defender', 'both-destroyed'];

export interface BattleOutcome {
  winner: BattleWinner;
  /** Energy units each side had left on the console when the battle ended. */
  left: { attacker: number; defender: number };
}

export interface Energies {
  attacker: number;
  defender: number;
}

/** Each side's share (0-1) of the energy it was given that it had left at the end. */
export function shareLeft(given: Energies, left: Energies): Energies {
  const part = (l: number, g: number): number => (g <= 0 ? 0 : Math.min(1, Math.max(0, l / g)));
  return { attacker: part(left.attacker, given.attacker), defender: part(left.defender, given.defender) };
}

/** The outcome on the 0-1 line: 0 the attacker's best result, 1 the defender's. */
export function outcomeLine(given: Energies, outcome: BattleOutcome): number {
  const s = shareLeft(given, outcome.left);
  // A win stays in the winner's half even with no energy left: the attacker's half is [0, 0.5).
  if (outcome.winner === 'attacker') return Math.min(0.5 - s.attacker / 2, 0.5 - 1e-9);
  if (outcome.winner === 'defender') return 0.5 + s.defender / 2;
  return Math.min(1, Math.max(0, 0.5 + (s.defender - s.attacker) / 2));
}

/** The die face (1..faces) the outcome stands for. */
export function dieFace(given: Energies, outcome: BattleOutcome, faces = 6): number {
  const u = outcomeLine(given, outcome);
  return Math.min(faces, Math.floor(u * faces) + 1);
}

/** Checks an outcome; returns an error sentence or null. */
export function outcomeError(given: Energies, outcome: BattleOutcome): string | null {
  if (!WINNERS.includes(outcome.winner)) {
    return `The winner must be one of ${WINNERS.join(', ')}, not "${String(outcome.winner)}".`;
  }
  for (const side of ['attacker', 'defender'] as const) {
    const l = outcome.left[side];
    if (!Number.isInteger(l) || l < 0)
      return `The ${side}'s energy left must be a whole number of 0 or more, not ${l}.`;
    if (l > given[side]) {
      return `The ${side} cannot have ${l} energy units left: it was given only ${given[side]}.`;
    }
  }
  return null;
}
