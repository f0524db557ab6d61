import type { Weapon } from '../model/game.ts';
import type { PublicState } from '../rules/public-state.ts';
import type { Level } from './levels.ts';
import type { Rng } from './rng.ts';

/**
 * Energy units each weapon on screen uses every fourth frame on our battle cartridge (`drain` in
 * rom-core/roms/carts/bank2.a48); the manual agrees that planes burn energy fastest. Energy left on
 * screen decides level wars (rule 12C), running out loses the war (12G), and the loser's energy left is
 * the winner's prize (13A), so a cheaper weapon is worth more over a war.
 */
export const WEAPON_DRAIN: Record<Weapon, number> = { tank: 2, sub: 3, plane: 4 };

export interface WeaponChoice {
  weapon: Weapon;
  reason: string;
}

/** What this player may not use now, in words (rule 12F in a war, 21F in the end game). */
function barredWords(view: PublicState, me: string): string {
  if (view.war) {
    const role = view.war.attacker === me ? 'attacker' : 'defender';
    const lost = view.war.lostWeapons[role];
    return lost.length
      ? `; its ${lost.join(' and ')} ${lost.length > 1 ? 'were' : 'was'} destroyed earlier in this war (rule 12F)`
      : '';
  }
  const barred = view.endgame?.match?.barred[me];
  return barred ? `; its ${barred} was lost in the last battle (rule 21F)` : '';
}

/**
 * The weapon for the next battle, among `allowed` (the legal choices, so a weapon destroyed earlier in
 * the war is never offered: rule 12F). Hard always takes the cheapest; medium mostly; easy at random.
 */
export function chooseWeapon(
  view: PublicState,
  me: string,
  allowed: readonly Weapon[],
  level: Level,
  rng: Rng,
): WeaponChoice {
  const cheapest = [...allowed].sort((a, b) => WEAPON_DRAIN[a] - WEAPON_DRAIN[b])[0];
  const why = barredWords(view, me);
  if (allowed.length === 1) return { weapon: allowed[0], reason: `the ${allowed[0]} is the only weapon left${why}` };
  if (level === 'hard' || (level === 'medium' && rng.next() < 0.6)) {
    return { weapon: cheapest, reason: `the ${cheapest} uses the least energy of the weapons allowed${why}` };
  }
  const w = rng.pick(allowed);
  return { weapon: w, reason: `a ${w}, on a hunch${why}` };
}
