import type { Weapon } from '../model/game.ts';
import type { LegalAction } from '../rules/legal.ts';
import type { PublicState } from '../rules/public-state.ts';
import type { Level } from './levels.ts';
import type { Rng } from './rng.ts';
import type { Move } from './opening.ts';
import type { AllianceOptions } from './alliances.ts';
import { callDigit, chooseHomeAllies, chooseHomeland } from './opening.ts';
import { chooseTurnMove } from './turn-move.ts';
import { chooseAllianceMove } from './alliances.ts';
import { chooseWeapon } from './weapons.ts';

export type { Move } from './opening.ts';

/** Does `me` still have to program a weapon for the coming battle (a war, rule 10C/11B, or the end game, 21C)? */
export function needsWeapon(view: PublicState, me: string): boolean {
  if (view.war) {
    if (view.war.attacker === me) return view.war.weapons.attacker === null;
    if (view.war.defender === me) return view.war.weapons.defender === null;
    return false;
  }
  const m = view.endgame?.match;
  return !!m && (m.challenger === me || m.opponent === me) && m.weapons[me] === null;
}

/**
 * The computer player's move for `me` now, from the public state and the legal actions only, or null
 * when nothing is up to `me` (someone else's turn, a battle on screen, a readout to enter). Deterministic
 * for the same inputs and the same random source.
 */
export function decide(
  view: PublicState,
  actions: LegalAction[],
  me: string,
  level: Level,
  rng: Rng,
  opts: AllianceOptions = {},
): Move | null {
  const mine = (type: LegalAction['type']) => actions.find((a) => a.type === type && a.player === me);
  switch (view.phase) {
    case 'first-player': {
      const call = mine('first.call');
      return call ? callDigit(me, call.choices.map(Number), rng) : null;
    }
    case 'homelands': {
      const h = mine('homeland');
      return h && h.choices.length ? chooseHomeland(view, me, h.choices.map(String), level, rng) : null;
    }
    case 'home-alliances': {
      if (view.turn !== me) return null;
      return chooseHomeAllies(view, me, (mine('ally.home')?.choices ?? []).map(String), level, rng);
    }
    case 'play':
    case 'final-round':
    case 'endgame': {
      if (needsWeapon(view, me)) {
        const w = mine('weapon');
        if (!w || w.choices.length === 0) return null;
        const c = chooseWeapon(view, me, w.choices as Weapon[], level, rng);
        return { event: { type: 'weapon', player: me, weapon: c.weapon }, reason: c.reason };
      }
      if (view.phase === 'endgame' || view.war || view.turn !== me) return null;
      return chooseAllianceMove(view, me, actions, level, opts) ?? chooseTurnMove(view, me, actions, level, rng);
    }
    default:
      return null;
  }
}
