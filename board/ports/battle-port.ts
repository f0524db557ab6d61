import type { GameState, Weapon } from '../model/game.ts';
import type { GameEvent } from '../model/events.ts';
import { StepGate } from './step-gate.ts';

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

/** What typing a battle's entry found: the entry waiting for ENTER, a cartridge that is not ours, or the battle already running (a reload). */
export type Programmed = 'entry' | 'foreign' | 'running';

/**
 * A port that fights on a console, one stage at a time, as the battle chart (battle-chart.ts) steps
 * through them: the chart's states say where the battle is, the port does each stage's work.
 */
export interface StagedBattlePort extends BattlePort {
  /** Types the battle's entry (or finds the battle already running after a reload). */
  program(request: BattleRequest, signal: AbortSignal): Promise<Programmed>;
  /** Presses ENTER on the console. */
  pressEnter(signal: AbortSignal): Promise<void>;
  /** Resolves once the battle runs on the console (ENTER reached it, from the chart or a person). */
  started(request: BattleRequest, signal: AbortSignal): Promise<void>;
  /** Resolves with the outcome read from the machine once the battle ends. */
  result(request: BattleRequest, signal: AbortSignal): Promise<BattleOutcome>;
  /** A foreign cartridge's outcome asked of the players by the port itself (absent: the chart's `confirmed` event brings it). */
  ask?(request: BattleRequest, signal: AbortSignal): Promise<BattleOutcome>;
  /** Why the players' answer (in the units on the screen) cannot be right, or null. */
  confirmProblem(request: BattleRequest, answer: BattleOutcome): string | null;
  /** The game's outcome for the players' answer (confirmProblem said it fits). */
  confirmed(request: BattleRequest, answer: BattleOutcome): BattleOutcome;
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
  constructor(
    readonly request: BattleRequest,
    reason: string,
  ) {
    super(`the battle ${request.attacker.player} v ${request.defender.player} was cancelled: ${reason}`);
  }
}

/**
 * A table's battles (StepGate): `fight` (what the chart invokes) waits until the result is typed in
 * by hand with `enter`, or the battle is fought on another port (the console) with `run`. One battle
 * waits at a time; a new one replaces the last.
 */
export class ManualBattlePort implements BattlePort {
  private readonly gate = new StepGate<BattleRequest, BattleOutcome>(
    (request, reason) => new BattleCancelledError(request, reason),
  );

  fight(request: BattleRequest, signal?: AbortSignal): Promise<BattleOutcome> {
    return this.gate.wait(request, signal);
  }

  /**
   * Drops the battle waiting (an undo, a loaded game, a new game): its `fight` promise rejects with a
   * BattleCancelledError, so a result typed in later can never reach a game it no longer fits.
   * Returns how many were cancelled (0 or 1).
   */
  cancel(reason = 'the game moved on'): number {
    return this.gate.cancel(reason);
  }

  /** Cancels whatever is waiting and waits for `request` instead (the game now wants another battle). */
  replace(request: BattleRequest, reason = 'replaced by another battle'): Promise<BattleOutcome> {
    this.cancel(reason);
    return this.fight(request);
  }

  /** The battle awaiting a result, if any (for the entry form). */
  get pending(): BattleRequest | null {
    return this.gate.step?.input ?? null;
  }

  /** Whether the battle waiting is being fought on another port (`run`). */
  get running(): boolean {
    return this.gate.step?.running ?? false;
  }

  /** Why the last `run` failed (a sentence), or null; the battle then waits again. */
  get error(): string | null {
    return this.gate.error;
  }

  subscribe(fn: () => void): () => void {
    return this.gate.subscribe(fn);
  }

  /** Type in what the screen showed; refused (with the reason) if it cannot be right. */
  enter(outcome: BattleOutcome): { ok: true } | { ok: false; reason: string } {
    const step = this.gate.step;
    if (!step) return { ok: false, reason: 'no battle is waiting for a result' };
    if (step.running)
      return { ok: false, reason: 'the battle is being fought on the console: its result is read from there' };
    for (const r of ['attacker', 'defender'] as const) {
      const e = outcome.energy?.[r];
      if (typeof e !== 'number' || !Number.isInteger(e) || e < 0 || e > step.input[r].energy) {
        return {
          ok: false,
          reason: `rule 12: the ${r}'s energy left must be a whole number from 0 to ${step.input[r].energy}`,
        };
      }
    }
    this.gate.give({ winner: outcome.winner, energy: { ...outcome.energy } });
    return { ok: true };
  }

  /**
   * Fights the battle waiting on `port` (the console); resolves with its outcome once the chart has it,
   * or null (nothing waits, already fighting, cancelled, or failed: `error` says why).
   */
  run(port: BattlePort): Promise<BattleOutcome | null> {
    return this.gate.run((request, signal) => port.fight(request, signal));
  }
}
