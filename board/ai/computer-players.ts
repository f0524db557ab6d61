import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import { legalActions } from '../rules/legal.ts';
import { publicState } from '../rules/public-state.ts';
import type { Level } from './levels.ts';
import { isLevel, LEVELS } from './levels.ts';
import type { Rng } from './rng.ts';
import { seatSeed, seededRng } from './rng.ts';
import { acceptsAlliance } from './alliances.ts';
import { decide, needsWeapon } from './decide.ts';

/** A seat played by the computer. */
export interface ComputerSeat {
  name: string;
  level: Level;
}

/** One computer move: who, at which level, the event to send, and why (a sentence for the game log). */
export interface ComputerMove {
  player: string;
  level: Level;
  event: GameEvent;
  reason: string;
}

export interface NextMoveOptions {
  /** The visible pause before the move, so people at the table can follow (milliseconds, default 0). */
  pauseMs?: number;
  /** Aborting (an undo, a loaded game) rejects the waiting promise with the signal's reason. */
  signal?: AbortSignal;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The computer players of one table. Each seat draws from its own random stream seeded from the game's
 * seed, so a game asked for its moves in the same order plays the same way again. They see only
 * `publicState` and `legalActions`.
 */
export class ComputerPlayers {
  private readonly levels = new Map<string, Level>();
  private readonly rngs = new Map<string, Rng>();

  constructor(
    seats: readonly ComputerSeat[],
    readonly seed: number,
  ) {
    for (const s of seats) {
      if (!isLevel(s.level))
        throw new Error(`${s.name}'s level must be ${LEVELS.join(', ')} (got ${JSON.stringify(s.level)})`);
      if (this.levels.has(s.name)) throw new Error(`${s.name} has two computer seats`);
      this.levels.set(s.name, s.level);
      this.rngs.set(s.name, seededRng(seatSeed(seed, s.name)));
    }
  }

  isComputer(name: string | null): boolean {
    return name !== null && this.levels.has(name);
  }

  levelOf(name: string): Level | null {
    return this.levels.get(name) ?? null;
  }

  /** Whose move it would be among the computer seats now, or null (a person's move, a battle, a readout). */
  private actor(state: GameState, view: ReturnType<typeof publicState>): string | null {
    const seats = state.players.map((p) => p.name).filter((n) => this.levels.has(n));
    switch (state.phase) {
      case 'first-player':
        return seats.find((n) => !Object.hasOwn(state.firstCalls, n)) ?? null;
      case 'homelands':
      case 'home-alliances':
        return this.isComputer(state.turn) ? state.turn : null;
      case 'play':
      case 'final-round':
      case 'endgame': {
        const arming = seats.find((n) => needsWeapon(view, n));
        if (arming) return arming;
        if (state.war || state.phase === 'endgame') return null;
        return this.isComputer(state.turn) ? state.turn : null;
      }
      default:
        return null;
    }
  }

  /** The next computer move for this state, at once; null when no computer seat has anything to do. */
  moveNow(state: GameState): ComputerMove | null {
    if (this.levels.size === 0) return null;
    const view = publicState(state);
    const me = this.actor(state, view);
    if (me === null) return null;
    const level = this.levels.get(me)!;
    const move = decide(view, legalActions(state), me, level, this.rngs.get(me)!, {
      accepts: (partner, proposers) => {
        const l = this.levels.get(partner);
        return l !== undefined && acceptsAlliance(view, partner, proposers, l, this.rngs.get(partner)!);
      },
    });
    return move && { player: me, level, event: move.event, reason: move.reason };
  }

  /**
   * The next computer move after a short visible pause (the table page shows it, then sends `event` and
   * logs `reason`); null at once when no computer seat has anything to do.
   */
  async nextMove(state: GameState, opts: NextMoveOptions = {}): Promise<ComputerMove | null> {
    const move = this.moveNow(state);
    if (move && opts.pauseMs) await pause(opts.pauseMs, opts.signal);
    else if (opts.signal?.aborted) throw opts.signal.reason;
    return move;
  }
}
