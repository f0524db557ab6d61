import type { BattleOutcome, BattlePort, BattleRequest } from '../ports/battle-port.ts';
import type { Rng } from './rng.ts';
import { seededRng } from './rng.ts';
import { WEAPON_DRAIN } from './weapons.ts';

/**
 * A simple battle model, for measuring computer players and for tests (not a battle on the machine):
 * each side spends its weapon's energy per tick (`WEAPON_DRAIN`, as on our cartridge) for a battle of
 * random length; a side that runs dry loses (rule 12G); otherwise either side wins (45 % each) or both
 * are destroyed (10 %, rule 12B). Seeded: the same seed fights the same battles.
 */
export class ModelBattlePort implements BattlePort {
  private readonly rng: Rng;
  fought = 0;

  constructor(
    seed: number,
    private readonly maxTicks = 800,
  ) {
    this.rng = seededRng(seed ^ 0x5bd1e995);
  }

  fight(r: BattleRequest): Promise<BattleOutcome> {
    this.fought++;
    return Promise.resolve(this.outcome(r));
  }

  outcome(r: BattleRequest): BattleOutcome {
    const ticks = 50 + this.rng.int(this.maxTicks);
    const da = WEAPON_DRAIN[r.attacker.weapon];
    const dd = WEAPON_DRAIN[r.defender.weapon];
    // Ticks until each side runs dry.
    const ta = Math.ceil(r.attacker.energy / da);
    const td = Math.ceil(r.defender.energy / dd);
    const end = Math.min(ticks, ta, td);
    const left = {
      attacker: Math.max(0, r.attacker.energy - end * da),
      defender: Math.max(0, r.defender.energy - end * dd),
    };
    if (left.attacker === 0 && left.defender === 0) return { winner: 'both-destroyed', energy: left };
    if (left.attacker === 0) return { winner: 'defender', energy: left };
    if (left.defender === 0) return { winner: 'attacker', energy: left };
    const roll = this.rng.next();
    return { winner: roll < 0.45 ? 'attacker' : roll < 0.9 ? 'defender' : 'both-destroyed', energy: left };
  }
}
