/**
 * The battle chart: one battle, from its request to its outcome, the path every battle takes. The game's
 * chart (`battleMachine`) runs it for each battle of a war or an end-game match (battle-actor.ts); the
 * combat resolver runs it for a battle of another war game, which is no step of a Conquest game. The
 * port says how the battle is fought (on the console, typed in, a model); the chart's states say where it
 * is: `fighting` until the port has the outcome, then `fought` with it as the chart's output. Stopping
 * the chart (the game moved on, the page closed) aborts the fight.
 */
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { BattleOutcome, BattlePort, BattleRequest } from '../ports/battle-port.ts';
import { BattleCancelledError } from '../ports/battle-port.ts';

export const battleChart = setup({
  types: {
    context: {} as { request: BattleRequest; outcome: BattleOutcome | null },
    input: {} as BattleRequest,
    output: {} as BattleOutcome,
  },
  actors: {
    fight: fromPromise<BattleOutcome, BattleRequest>(() =>
      Promise.reject(new Error('the battle chart was given no port to fight on')),
    ),
  },
}).createMachine({
  id: 'battle',
  context: ({ input }) => ({ request: input, outcome: null }),
  initial: 'fighting',
  states: {
    fighting: {
      invoke: {
        src: 'fight',
        input: ({ context }) => context.request,
        onDone: { target: 'fought', actions: assign({ outcome: ({ event }) => event.output }) },
      },
    },
    fought: { type: 'final' },
  },
  output: ({ context }) => context.outcome!,
});

/**
 * Runs the battle chart for `request` on `port`: resolves with the outcome, rejects with the port's error,
 * or with a BattleCancelledError when `signal` aborts first (the chart is stopped, and so is the fight).
 */
export function runBattle(port: BattlePort, request: BattleRequest, signal?: AbortSignal): Promise<BattleOutcome> {
  const chart = battleChart.provide({
    actors: { fight: fromPromise<BattleOutcome, BattleRequest>(({ input, signal: s }) => port.fight(input, s)) },
  });
  return new Promise((resolve, reject) => {
    const actor = createActor(chart, { input: request });
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', stop);
      done();
    };
    // Stopping the chart stops its fight (the port's signal aborts); a stopped chart also completes, unfought.
    function stop(): void {
      settle(() => reject(new BattleCancelledError(request, String(signal?.reason ?? 'aborted'))));
      actor.stop();
    }
    actor.subscribe({
      complete: () => {
        const snap = actor.getSnapshot();
        if (snap.status === 'done') settle(() => resolve(snap.output!));
      },
      error: (e) => settle(() => reject(e instanceof Error ? e : new Error(String(e)))),
    });
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    actor.start();
  });
}
