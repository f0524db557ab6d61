/**
 * The checks the console's battle port makes of what it types and reads (machine-battle-port.ts): a
 * request it can program, the readout showing what was typed, an outcome that can be right; and the
 * words and shapes they share (who plays which colour, the battle last started, what the players confirm).
 */
import type { CartSide, CartWeapon } from '../../rom-core/roms/index.ts';
import type { Weapon } from '../model/game.ts';
import type { BattleOutcome, BattleRequest } from '../ports/battle-port.ts';

/** Who plays red (left control) and blue (right control) in one battle. */
export interface Seating {
  red: string;
  blue: string;
  /** The attacker's colour. */
  attacker: 'red' | 'blue';
}

/** What a foreign cartridge's battle needs from the players: the outcome, confirmed by them. */
export interface ConfirmRequest {
  request: BattleRequest;
  seating: Seating;
  /** What the companion could read from the machine (nothing, on a cartridge that is not ours). */
  prefill: Partial<BattleOutcome>;
}

/** The battle last started on the machine: its identity (`battleId`) and the cartridge's battle count then. */
export interface ProgrammedBattle {
  id: string;
  /** The mailbox's `battles` once this battle began (the cartridge counts a battle as it ends: its result screen shows one more). */
  machineBattle: number;
}

/** Weapon names as the manual says them. */
export const WEAPON_WORDS: Record<Weapon, string> = { tank: 'tank', sub: 'submarine', plane: 'jet' };

/** The cartridge's letter for each weapon on its program entry. */
export const CART_WEAPON: Record<Weapon, CartWeapon> = { tank: 'T', sub: 'S', plane: 'P' };

/** The request's two forces by the colour each plays in this seating (red: left control). */
export function byColour(
  seat: Seating,
  r: BattleRequest,
): { red: BattleRequest['attacker']; blue: BattleRequest['attacker'] } {
  return seat.attacker === 'red' ? { red: r.attacker, blue: r.defender } : { red: r.defender, blue: r.attacker };
}

export function checkRequest(r: BattleRequest): void {
  for (const role of ['attacker', 'defender'] as const) {
    const side = r[role];
    if (!(side.weapon in CART_WEAPON))
      throw new RangeError(`the ${role}'s weapon must be tank, sub or plane, got ${JSON.stringify(side.weapon)}`);
    if (!Number.isSafeInteger(side.energy) || side.energy < 1) {
      throw new RangeError(
        `the ${role} (${side.player}) needs a whole number of energy units from 1 up to program, got ${side.energy}`,
      );
    }
  }
}

export function checkShown(colour: 'red' | 'blue', shown: CartSide, wanted: BattleRequest['attacker']): void {
  if (shown.weapon !== CART_WEAPON[wanted.weapon] || shown.energy !== wanted.energy) {
    throw new Error(
      `the ${colour} readout shows ${shown.weapon ?? '?'} ${shown.energy} after the companion typed ${CART_WEAPON[wanted.weapon]} ${wanted.energy} for ${wanted.player}`,
    );
  }
}

/** Why a confirmed outcome cannot be right, or null. */
export function outcomeProblem(request: BattleRequest, o: BattleOutcome): string | null {
  if (!o || !['attacker', 'defender', 'both-destroyed'].includes(o.winner))
    return 'the winner is "attacker", "defender" or "both-destroyed"';
  for (const r of ['attacker', 'defender'] as const) {
    const e = o.energy?.[r];
    if (typeof e !== 'number' || !Number.isInteger(e) || e < 0 || e > request[r].energy) {
      return `the ${r}'s energy left must be a whole number from 0 to ${request[r].energy}`;
    }
  }
  return null;
}
