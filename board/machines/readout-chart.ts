/**
 * The first player's readout (rule 2) at a table, as the game's chart invokes it once every player has
 * called a number: it waits (`ready`) until the table runs the WAR GAME readout on its console (`run`,
 * bringing how to read it), then `reading`, and ends with the stopped digit, which the game records as
 * `first.readout`. A readout that fails waits again with the reason; a digit typed by hand is a
 * `first.readout` event to the game, which leaves the state and stops this chart.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';

type Read = (signal: AbortSignal) => Promise<number>;

export type ReadoutChartEvent = { type: 'run'; read: Read };

export const readoutChart = setup({
  types: {
    context: {} as { wanted: boolean; read: Read | null; error: Error | null; digit: number | null },
    input: {} as boolean,
    output: {} as number | null,
    events: {} as ReadoutChartEvent,
  },
  actors: {
    read: fromPromise<number, Read>(({ input, signal }) => input(signal)),
  },
}).createMachine({
  id: 'readout',
  context: ({ input }) => ({ wanted: input, read: null, error: null, digit: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: ({ context }) => !context.wanted, target: 'none' }, { target: 'ready' }] },
    ready: {
      on: { run: { target: 'reading', actions: assign(({ event }) => ({ read: event.read, error: null })) } },
    },
    reading: {
      invoke: {
        src: 'read',
        input: ({ context }: { context: { read: Read | null } }) => context.read!,
        onDone: { target: 'read', actions: assign({ read: null, digit: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: assign({
            read: null,
            error: ({ event }) => (event.error instanceof Error ? event.error : new Error(String(event.error))),
          }),
        },
      },
    },
    read: { type: 'final' },
    none: { type: 'final' },
  },
  output: ({ context }) => context.digit,
});

export type ReadoutChartActor = ActorRefFrom<typeof readoutChart>;

/**
 * Runs the readout a table's game waits for: resolves with the digit the game records, or null (it does
 * not wait, it was stopped, or the read failed: the chart's context says why, and it waits again).
 */
export function runReadout(chart: ReadoutChartActor, read: Read): Promise<number | null> {
  if (chart.getSnapshot().status !== 'active' || !chart.getSnapshot().matches('ready')) return Promise.resolve(null);
  return new Promise((resolve) => {
    let tried = false;
    const sub = chart.subscribe({
      next: (snap) => {
        if (snap.status === 'done') return;
        if (snap.matches('reading')) tried = true;
        else if (tried) finish(null);
      },
      complete: () => finish(chart.getSnapshot().output ?? null),
      error: () => finish(null),
    });
    function finish(d: number | null): void {
      sub.unsubscribe();
      resolve(d);
    }
    chart.send({ type: 'run', read });
  });
}
