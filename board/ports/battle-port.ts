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
