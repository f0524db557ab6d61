import type { GameEvent } from '../model/events.ts';
import type { GameState } from '../model/game.ts';
import type { Scenario } from '../model/scenario.ts';
import { createActor, fromPromise } from 'xstate';
import type { BattlePort } from '../ports/battle-port.ts';
import { battleEvent, pendingBattle } from '../ports/battle-port.ts';
import { battleActor } from '../machines/battle-actor.ts';
import { battleMachine } from '../machines/game-machine.ts';
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
 * Plays a whole computer-only game on the battle chart (`battleMachine`, the one path every battle
 * takes): the computer seats decide and their moves are sent to the chart; the chart invokes the
 * battle port for each battle and the readout for rule 2, and records what they return; the table's
 * own `endgame.start` is sent when it is due.
 */
export async function playComputerGame(o: ComputerGameOptions): Promise<GameState> {
  if (o.seats.length < 2 || o.seats.length > 6)
    throw new Error(`a game needs 2 to 6 computer players (got ${o.seats.length})`);
  const players = new ComputerPlayers(o.seats, o.seed);
  const table = seededRng(seatSeed(o.seed, '#table'));
  const readout = o.readout ?? (() => Promise.resolve(table.int(10)));
  const limit = o.maxEvents ?? 20000;
  // What the chart's invoked actors returned, so each recorded event can be told to onEvent.
  const fought: GameEvent[] = [];
  const actor = createActor(battleMachine.provide({ actors: recordingActors(o.battles, readout, fought) }), {
    input: { scenario: o.scenario },
  });
  let state = actor.getSnapshot().context.state;
  let failure: string | null = null;
  let wake: (() => void) | null = null;
  actor.subscribe((snap) => {
    if (snap.context.battleError) failure = snap.context.battleError;
    if (snap.context.state !== state) {
      state = snap.context.state;
      // A battle or readout the chart recorded itself.
      const event = fought.shift();
      if (event) o.onEvent?.(state, event, null);
    }
    wake?.();
  });
  actor.start();
  const send = (event: GameEvent, move: ComputerMove | null): void => {
    const before = state;
    actor.send(event);
    if (state === before) {
      const refusal = actor.getSnapshot().context.lastRefusal;
      const who = move
        ? `${move.player} (${move.level}) chose ${JSON.stringify(event)} because ${move.reason}, but it was`
        : `${event.type} was`;
      throw new Error(`${who} refused by ${refusal ? formatRefusal(refusal) : 'the engine'}`);
    }
    o.onEvent?.(state, event, move);
  };
  try {
    send({ type: 'setup', players: o.seats.map((s, i) => ({ name: s.name, color: SEAT_COLOURS[i] })) }, null);
    for (let n = 0; state.phase !== 'over'; n++) {
      if (n >= limit)
        throw new Error(`the game did not end within ${limit} events (phase ${state.phase}, turn ${state.turn})`);
      const move = players.moveNow(state);
      if (move) {
        send(move.event, move);
      } else if (state.phase === 'awaiting-endgame') {
        send({ type: 'endgame.start' }, null);
      } else if (state.phase === 'first-player' || pendingBattle(state)) {
        // The chart reads the readout or fights the battle: wait for it to record the result.
        const before = state;
        await new Promise<void>((resolve) => {
          wake = () => {
            if (state !== before || failure) resolve();
          };
          wake();
        });
        wake = null;
        if (failure) throw new Error(failure);
      } else {
        throw new Error(`nobody can move in the ${state.phase} phase (turn ${state.turn})`);
      }
    }
  } finally {
    actor.stop();
  }
  return state;
}

/**
 * The chart's battle and readout actors, each putting the event it hands the chart on `fought` (so the
 * event the chart then records can be told to onEvent).
 */
function recordingActors(battles: BattlePort, readout: () => Promise<number>, fought: GameEvent[]) {
  const port: BattlePort = {
    fight: async (request, signal) => {
      const outcome = await battles.fight(request, signal);
      fought.push(battleEvent(outcome));
      return outcome;
    },
  };
  const readoutActor = fromPromise<number | null, boolean>(async ({ input }) => {
    if (!input) return null;
    const digit = await readout();
    fought.push({ type: 'first.readout', digit });
    return digit;
  });
  return { battle: battleActor(port), readout: readoutActor };
}
