import { fromPromise } from 'xstate';
import type { BattleOutcome, BattlePort, BattleRequest } from '../ports/battle-port.ts';
import type { MachineBattlePort } from '../table/machine-battle-port.ts';
import type { StepGate } from '../ports/step-gate.ts';
import { runBattle } from '../table/battle-chart.ts';

/**
 * The battle the war (or end-game) state invokes: the pending battle's request in, the outcome out.
 * The default fights nothing (null at once): without a port, results come as `battle` events typed by
 * hand. `battleActor(port)` fights each battle through a BattlePort; give it to the machine with
 * `gameMachine.provide({ actors: { battle: battleActor(port) } })`. Leaving the state (a result
 * recorded, an undo, a load, weapons changed) stops the actor, whose signal then aborts the fight.
 */
export const noBattle = fromPromise<BattleOutcome | null, BattleRequest | null>(async () => null);

/** Each battle runs the battle chart (battle-chart.ts) on `port`. */
export function battleActor(port: BattlePort) {
  return fromPromise<BattleOutcome | null, BattleRequest | null>(({ input, signal }) =>
    input ? runBattle(port, input, signal) : Promise.resolve(null),
  );
}

/**
 * The first-player readout (rule 2) the `firstPlayer` state invokes once every player has called a
 * number (input true): the digit out, recorded as the `first.readout` event. The default reads
 * nothing (null: the digit is typed in by hand). `readoutActor(port, 'human')` waits for a player's
 * SPACE on the console; 'port' presses it (Node, tests).
 */
export const noReadout = fromPromise<number | null, boolean>(async () => null);

export function readoutActor(port: MachineBattlePort, stop: 'port' | 'human' = 'human') {
  return fromPromise<number | null, boolean>(({ input, signal }) =>
    input ? port.firstPlayerReadout({ stop, signal }) : Promise.resolve(null),
  );
}

/**
 * The readout at a table: waits at `gate` until the players run it on the console (the gate's `run`) or
 * type the stopped digit by hand (a `first.readout` event, which leaves the state and drops the wait).
 */
export function gatedReadout(gate: StepGate<true, number>) {
  return fromPromise<number | null, boolean>(({ input, signal }) =>
    input ? gate.wait(true, signal) : Promise.resolve(null),
  );
}
