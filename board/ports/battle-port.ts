import type { GameState, Weapon } from '../model/game.ts';
import type { GameEvent } from '../model/events.ts';

/** What the screen must fight: two forces with their weapons and energy units. */
export interface BattleRequest {
  /**
   * The battle's identity in its game (`battleId`): the step it is fought at and who fights it with
   * what. A result is taken only for the battle with this identity; absent for battles that belong to
   * no game (the resolver's, a script's).
   */
  id?: string;
  country: string | null;
  attacker: { player: string; weapon: Weapon; energy: number };
  defender: { player: string; weapon: Weapon; energy: number };
}

/** What the screen showed at the end of the battle. */
export interface BattleOutcome {
  winner: 'attacker' | 'defender' | 'both-destroyed';
  energy: { attacker: number; defender: number };
}

/**
 * Where battle results come from. The engine never runs the emulator: a port fights (or has someone
 * read off) each battle. The first implementation is entry by hand; an emulator-driven one can follow.
 */
export interface BattlePort {
  /** Resolves with the battle's outcome; rejects (BattleCancelledError) when `signal` aborts first. */
  fight(request: BattleRequest, signal?: AbortSignal): Promise<BattleOutcome>;
}

/**
 * A battle's identity: the game's step (its log length, which every accepted event moves on and an
 * undo takes back) and the two forces. The battle after a recorded result always has another one,
 * even with the same figures; the same battle after an undo has the same one.
 */
export function battleId(s: GameState, r: Omit<BattleRequest, 'id'>): string {
  const side = (f: BattleRequest['attacker']): string => `${f.player}:${f.weapon}:${f.energy}`;
  return `${s.log.length}|${r.country ?? 'endgame'}|${side(r.attacker)}|${side(r.defender)}`;
}

/** The battle the current state is waiting for, or null when none is ready (weapons still to choose). */
export function pendingBattle(s: GameState): BattleRequest | null {
  const r = pendingForces(s);
  return r ? { id: battleId(s, r), ...r } : null;
}

function pendingForces(s: GameState): Omit<BattleRequest, 'id'> | null {
  if (s.war) {
    const { weapons, energy } = s.war;
    if (!weapons.attacker || !weapons.defender) return null;
    return {
      country: s.war.country,
      attacker: { player: s.war.attacker, weapon: weapons.attacker, energy: energy.attacker },
      defender: { player: s.war.defender, weapon: weapons.defender, energy: energy.defender },
    };
  }
  const m = s.endgame?.match;
  if (!m) return null;
  const def = m.attacker === m.a ? m.b : m.a;
  const wa = m.weapons[m.attacker];
  const wd = m.weapons[def];
  if (!wa || !wd) return null;
  return {
    country: null,
    attacker: { player: m.attacker, weapon: wa, energy: m.energy[m.attacker] },
    defender: { player: def, weapon: wd, energy: m.energy[def] },
  };
}

export function battleEvent(o: BattleOutcome): GameEvent {
  return { type: 'battle', winner: o.winner, energy: { ...o.energy } };
}

/** Why a `fight` promise was rejected: the battle was cancelled or replaced before a result came in. */
export class BattleCancelledError extends Error {
  override name = 'BattleCancelledError';
  constructor(readonly request: BattleRequest, reason: string) {
    super(`the battle ${request.attacker.player} v ${request.defender.player} was cancelled: ${reason}`);
  }
}

/** Entry by hand: `fight` waits until someone types the result in with `enter`. */
export class ManualBattlePort implements BattlePort {
  private waiting: { request: BattleRequest; resolve: (o: BattleOutcome) => void; reject: (e: Error) => void }[] = [];

  fight(request: BattleRequest, signal?: AbortSignal): Promise<BattleOutcome> {
    return new Promise((resolve, reject) => {
      const w = { request, resolve, reject };
      this.waiting.push(w);
      signal?.addEventListener('abort', () => {
        const i = this.waiting.indexOf(w);
        if (i < 0) return;
        this.waiting.splice(i, 1);
        reject(new BattleCancelledError(request, 'the game moved on'));
      }, { once: true });
    });
  }

  /**
   * Drops every battle still waiting (an undo, a loaded game, a new game): each `fight` promise rejects
   * with a BattleCancelledError, so a result typed in later can never reach a game it no longer fits.
   * Returns how many were cancelled.
   */
  cancel(reason = 'the game moved on'): number {
    const dropped = this.waiting;
    this.waiting = [];
    for (const w of dropped) w.reject(new BattleCancelledError(w.request, reason));
    return dropped.length;
  }

  /** Cancels whatever is waiting and waits for `request` instead (the game now wants another battle). */
  replace(request: BattleRequest, reason = 'replaced by another battle'): Promise<BattleOutcome> {
    this.cancel(reason);
    return this.fight(request);
  }

  /** The battle awaiting a result, if any (for the entry form). */
  get pending(): BattleRequest | null {
    return this.waiting[0]?.request ?? null;
  }

  /** Type in what the screen showed; refused (with the reason) if it cannot be right. */
  enter(outcome: BattleOutcome): { ok: true } | { ok: false; reason: string } {
    const w = this.waiting[0];
    if (!w) return { ok: false, reason: 'no battle is waiting for a result' };
    for (const r of ['attacker', 'defender'] as const) {
      const e = outcome.energy?.[r];
      if (typeof e !== 'number' || !Number.isInteger(e) || e < 0 || e > w.request[r].energy) {
        return { ok: false, reason: `rule 12: the ${r}'s energy left must be a whole number from 0 to ${w.request[r].energy}` };
      }
    }
    this.waiting.shift();
    w.resolve({ winner: outcome.winner, energy: { ...outcome.energy } });
    return { ok: true };
  }
}
