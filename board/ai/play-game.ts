import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import type { BattlePort } from '../ports/battle-port.ts';
import { battleEvent, pendingBattle } from '../ports/battle-port.ts';
import { applyEvent } from '../rules/apply.ts';
import { newGame } from '../rules/setup.ts';
import { formatRefusal } from '../rules/refuse.ts';
import type { ComputerMove, ComputerSeat } from './computer-players.ts';
import { ComputerPlayers } from './computer-players.ts';
import { seatSeed, seededRng } from './rng.ts';

/** Marker colours handed out in seating order. */
export const SEAT_COLOURS = ['red', 'blue', 'green', 'yellow', 'white', 'black'] as const;

export interface ComputerGameOptions {
  scenario: Scenario;
  /** 2-6 computer seats, in clockwise seating order. */
  seats: readonly ComputerSeat[];
  seed: number;
  /** Where battle results come from (the machine, or a model for tests). */
  battles: BattlePort;
  /** The first-player readout's last digit (rule 2D); by default a digit drawn from the seed. */
  readout?: () => Promise<number>;
  /** Called after every accepted event with the new state; `move` is the computer's move, null for a table event. */
  onEvent?: (state: GameState, event: GameEvent, move: ComputerMove | null) => void;
  /** A safety bound: more events than this is a bug (an endless game), reported as an error. */
  maxEvents?: number;
}

/**
 * Plays a whole computer-only game: the computer seats decide, the battle port fights, and the table's
 * own events (the first-player readout, the end game's start) are sent when they are due.
 */
export async function playComputerGame(o: ComputerGameOptions): Promise<GameState> {
  if (o.seats.length < 2 || o.seats.length > 6) throw new Error(`a game needs 2 to 6 computer players (got ${o.seats.length})`);
  const players = new ComputerPlayers(o.seats, o.seed);
  const table = seededRng(seatSeed(o.seed, '#table'));
  const readout = o.readout ?? (() => Promise.resolve(table.int(10)));
  const limit = o.maxEvents ?? 20000;
  let state = newGame(o.scenario);
  const apply = (event: GameEvent, move: ComputerMove | null) => {
    const r = applyEvent(state, event);
    if (!r.ok) {
      const who = move ? `${move.player} (${move.level}) chose ${JSON.stringify(event)} because ${move.reason}, but it was` : `${event.type} was`;
      throw new Error(`${who} refused by ${formatRefusal(r.refusal)}`);
    }
    state = r.state;
    o.onEvent?.(state, event, move);
  };
  apply({ type: 'setup', players: o.seats.map((s, i) => ({ name: s.name, color: SEAT_COLOURS[i] })) }, null);
  for (let n = 0; state.phase !== 'over'; n++) {
    if (n >= limit) throw new Error(`the game did not end within ${limit} events (phase ${state.phase}, turn ${state.turn})`);
    const move = players.moveNow(state);
    if (move) {
      apply(move.event, move);
    } else if (state.phase === 'first-player') {
      apply({ type: 'first.readout', digit: await readout() }, null);
    } else if (state.phase === 'awaiting-endgame') {
      apply({ type: 'endgame.start' }, null);
    } else {
      const request = pendingBattle(state);
      if (!request) throw new Error(`nobody can move in the ${state.phase} phase (turn ${state.turn})`);
      apply(battleEvent(await o.battles.fight(request)), null);
    }
  }
  return state;
}
