import { fromPromise } from 'xstate';
import type { BattleOutcome, BattlePort, BattleRequest } from '../ports/battle-port.ts';
import { runBattle } from './battle-chart.ts';

/** What the game's war (or end-game) state gives the battle it invokes: the battle it waits for, or null. */
export interface BattleInput {
  request: BattleRequest | null;
}

/**
 * The battle the war (or end-game) state invokes by default: it fights nothing (null at once), and
 * results come as `battle` events typed by hand. A port fights them with `battleActor(port)`
 * (board/table/battle-actor.ts); at a table the game invokes the battle chart itself
 * (`tableGameMachine`, board/table/table-game.ts), which waits to be programmed on the console.
 */
export const noBattle = fromPromise<BattleOutcome | null, BattleInput>(async () => null);

/**
 * The first-player readout (rule 2) the `firstPlayer` state invokes once every player has called a
 * number (input true), by default: it reads nothing (null: the digit is typed in by hand).
 */
export const noReadout = fromPromise<number | null, boolean>(async () => null);

/**
 * The battle the game's war (or end-game) state invokes, fought through a BattlePort: each battle runs
 * the battle chart (battle-chart.ts) on `port`. Give it to the game with
 * `battleMachine.provide({ actors: { battle: battleActor(port) } })`. Leaving the state (a result
 * recorded, an undo, a load, weapons changed) stops the actor, whose signal then aborts the fight.
 */
export function battleActor(port: BattlePort) {
  return fromPromise<BattleOutcome | null, BattleInput>(({ input, signal }) =>
    input.request ? runBattle(port, input.request, signal) : Promise.resolve(null),
  );
}
