import { fromPromise } from 'xstate';
import type { MachineBattlePort } from './machine-battle-port.ts';

/**
 * The first-player readout (rule 2) the `firstPlayer` state invokes once every player has called a
 * number (input true), read on the console: the digit out, recorded as the `first.readout` event.
 * `readoutActor(port, 'human')` waits for a player's SPACE on the console; 'port' presses it (Node, tests).
 */
export function readoutActor(port: MachineBattlePort, stop: 'port' | 'human' = 'human') {
  return fromPromise<number | null, boolean>(({ input, signal }) =>
    input ? port.firstPlayerReadout({ stop, signal }) : Promise.resolve(null),
  );
}
