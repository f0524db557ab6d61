/**
 * The battle chart: one battle, from its request to its outcome, the path every battle takes. The game's
 * chart (`battleMachine`) runs it for each battle of a war or an end-game match (battle-actor.ts); the
 * table runs it for the battle it programs on the console (board/table/table-battle.ts); the combat
 * resolver runs it for a battle of another war game, which is no step of a Conquest game.
 *
 * Its states are the battle's stages, the one list of them (`BattleStage`): on a console (a port with
 * stages, `StagedBattlePort`) the entry is typed (`programming`), waits for ENTER (`enter`), runs
 * (`fighting`) and ends with the outcome read from the machine (`fought`); on a cartridge that is not ours
 * the players confirm the outcome (`confirm`). A port without stages (typed in by hand, a model) fights in
 * `fighting`. Nothing outside the chart presses ENTER: a page, a gamepad, a computer seat or the remote
 * table's host sends the chart `enter`, and the chart types it while it waits for it (a person may also
 * press ENTER on the console's own keyboard: the chart sees the battle start either way). Stopping the
 * chart (the game moved on, the page closed) aborts what it invoked.
 */
import { assign, createActor, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { BattleOutcome, BattlePort, BattleRequest, Programmed, StagedBattlePort } from '../ports/battle-port.ts';
import { BattleCancelledError } from '../ports/battle-port.ts';

/**
 * Every stage of a battle at a table, in the order a battle passes them. The chart's own states are
 * `programming`, `enter`, `fighting`, `confirm` (and its end, `fought`); around a running chart the table
 * is `ready` (no battle programmed: weapons to choose, or "Program the battle"), shows the `result` once
 * the game recorded it, or runs the first player's `readout` (rule 2) on the console.
 */
export const BATTLE_STAGES = ['ready', 'programming', 'enter', 'fighting', 'confirm', 'result', 'readout'] as const;
export type BattleStage = (typeof BATTLE_STAGES)[number];

/** The stages in which something runs on the console (a cartridge switch, undo and a load wait for them). */
export const BUSY_STAGES: ReadonlySet<BattleStage> = new Set([
  'programming',
  'enter',
  'fighting',
  'confirm',
  'readout',
]);

export interface BattleChartInput {
  /** The battle; null when the game waits for none (weapons still to choose): the chart ends at once, unfought. */
  request: BattleRequest | null;
  /**
   * The port to fight on. Without one the chart waits in `ready` for a `program` event that brings one (a
   * table's console): the game's chart starts a battle chart for each battle as soon as it waits for one.
   */
  port?: BattlePort;
  /** 'port': the chart presses ENTER itself once the entry is on the screen (Node, the CLI, a computer table). */
  enter?: 'port' | 'human';
  /** 'fighting': a battle found running (a reload) is taken up; its entry is not typed again. Default 'programming'. */
  from?: 'programming' | 'fighting';
}

interface BattleContext {
  request: BattleRequest;
  port: BattlePort;
  enter: 'port' | 'human';
  from: 'programming' | 'fighting';
  outcome: BattleOutcome | null;
  /** Why the last try failed (the chart waits in `ready` again, to be programmed anew), or null. */
  error: Error | null;
  /** A table's battle (started with no port): it waits in `ready`, and a failure sends it back there (else it ends `failed`). */
  table: boolean;
}

/** The port of a chart waiting for its `program` event: fights nothing. */
const NO_PORT: BattlePort = {
  fight: () => Promise.reject(new Error('this battle waits to be programmed on a console')),
};

export type BattleChartEvent =
  /** Program the battle on this console (from `ready`); with `from: 'fighting'` take up the battle found running there. */
  | { type: 'program'; port: StagedBattlePort; enter?: 'port' | 'human'; from?: 'programming' | 'fighting' }
  /** Press ENTER on the console (the battle starts; a foreign cartridge's too). */
  | { type: 'enter' }
  /** A foreign cartridge's outcome as the players read it off the screen (in the units typed into it). */
  | { type: 'confirmed'; outcome: BattleOutcome };

const staged = (port: BattlePort): port is StagedBattlePort => 'program' in port && typeof port.program === 'function';
const stagedPort = (c: BattleContext): StagedBattlePort => {
  if (!staged(c.port)) throw new Error('this battle port has no stages');
  return c.port;
};

type Step<O> = ReturnType<typeof fromPromise<O, BattleContext>>;
const step = <O>(run: (port: StagedBattlePort, c: BattleContext, signal: AbortSignal) => Promise<O>): Step<O> =>
  fromPromise<O, BattleContext>(({ input, signal }) => run(stagedPort(input), input, signal));

/** A step that failed: a table's battle waits to be programmed again, with the reason; any other ends `failed`. */
const failed = [
  { guard: 'table' as const, target: '#battle.ready', actions: 'keepError' as const },
  { target: '#battle.failed', actions: 'keepError' as const },
];

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/** ENTER pressed on the console: at once with `enter: 'port'`, and each time the chart is sent `enter` (then waiting again). */
const pressingEnter = {
  initial: 'choose' as const,
  states: {
    choose: { always: [{ guard: 'pressesItself' as const, target: 'pressing' }, { target: 'waiting' }] },
    waiting: { on: { enter: 'pressing' } },
    pressing: {
      invoke: {
        src: 'pressEnter' as const,
        input: ({ context }: { context: BattleContext }) => context,
        onDone: 'waiting',
      },
    },
  },
};

export const battleChart = setup({
  types: {
    context: {} as BattleContext,
    input: {} as BattleChartInput,
    output: {} as BattleOutcome | null,
    events: {} as BattleChartEvent,
  },
  actors: {
    /** A port without stages fights the whole battle. */
    fight: fromPromise<BattleOutcome, BattleContext>(({ input, signal }) => input.port.fight(input.request, signal)),
    program: step<Programmed>((p, c, s) => p.program(c.request, s)),
    pressEnter: step<void>((p, _c, s) => p.pressEnter(s)),
    started: step<void>((p, c, s) => p.started(c.request, s)),
    result: step<BattleOutcome>((p, c, s) => p.result(c.request, s)),
    /** A foreign cartridge's outcome asked of the players by the port (its `ask`); never settles without one. */
    ask: step<BattleOutcome>((p, c, s) => (p.ask ? p.ask(c.request, s) : new Promise<never>(() => undefined))),
  },
  actions: {
    keepOutcome: assign({ outcome: ({ event }) => (event as unknown as { output: BattleOutcome }).output }),
    keepError: assign({ error: ({ event }) => asError((event as unknown as { error: unknown }).error) }),
  },
  guards: {
    pressesItself: ({ context }) => context.enter === 'port',
    table: ({ context }) => context.table,
    unstaged: ({ context }) => !staged(context.port),
    resuming: ({ context }) => context.from === 'fighting',
    running: ({ event }) => (event as unknown as { output: Programmed }).output === 'running',
    foreign: ({ event }) => (event as unknown as { output: Programmed }).output === 'foreign',
    fits: ({ context, event }) =>
      event.type === 'confirmed' && stagedPort(context).confirmProblem(context.request, event.outcome) === null,
  },
}).createMachine({
  id: 'battle',
  context: ({ input }) => ({
    // A chart with no battle ends at once (`none`); the request is never read there.
    request: input.request ?? (null as unknown as BattleRequest),
    port: input.port ?? NO_PORT,
    enter: input.enter ?? 'port',
    from: input.from ?? 'programming',
    outcome: null,
    error: null,
    table: input.port === undefined,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: ({ context }) => context.request === null, target: 'none' },
        { guard: ({ context }) => context.port === NO_PORT, target: 'ready' },
        { guard: 'unstaged', target: 'fighting.elsewhere' },
        { guard: 'resuming', target: 'fighting' },
        { target: 'programming' },
      ],
    },
    /** A table's battle, waiting to be programmed on its console (or for its result typed in by hand, a `battle` event to the game). */
    ready: {
      on: {
        program: {
          target: 'starting',
          actions: assign(({ event }) => ({
            port: event.port as BattlePort,
            enter: event.enter ?? 'human',
            from: event.from ?? 'programming',
            error: null,
          })),
        },
      },
    },
    programming: {
      invoke: {
        src: 'program',
        input: ({ context }) => context,
        onError: failed,
        onDone: [
          { guard: 'running', target: 'fighting' },
          { guard: 'foreign', target: 'confirm' },
          { target: 'enter' },
        ],
      },
    },
    enter: {
      // The battle starts when ENTER reaches the machine, from the chart or from a person at the console.
      invoke: { src: 'started', input: ({ context }) => context, onDone: 'fighting', onError: failed },
      ...pressingEnter,
    },
    fighting: {
      initial: 'onMachine',
      states: {
        onMachine: {
          invoke: {
            src: 'result',
            input: ({ context }) => context,
            onError: failed,
            onDone: { target: '#battle.fought', actions: 'keepOutcome' },
          },
        },
        elsewhere: {
          invoke: {
            src: 'fight',
            input: ({ context }) => context,
            onError: failed,
            onDone: { target: '#battle.fought', actions: 'keepOutcome' },
          },
        },
      },
    },
    confirm: {
      invoke: {
        src: 'ask',
        input: ({ context }) => context,
        onError: failed,
        onDone: { target: 'fought', actions: 'keepOutcome' },
      },
      on: {
        confirmed: {
          guard: 'fits',
          target: 'fought',
          actions: assign({
            outcome: ({ context, event }) => stagedPort(context).confirmed(context.request, event.outcome),
          }),
        },
      },
      // On a foreign cartridge the players start the battle themselves too (ENTER, from here or the console).
      ...pressingEnter,
    },
    fought: { type: 'final' },
    /** A battle that cannot be fought (the chart was not told to wait): its error is the chart's end. */
    failed: { type: 'final' },
    /** No battle to fight. */
    none: { type: 'final' },
  },
  output: ({ context }) => context.outcome,
});

export type BattleChartActor = ActorRefFrom<typeof battleChart>;

/**
 * The stage a running chart is in (its top state): `ready` while a table's battle waits to be programmed,
 * null once the chart is done.
 */
export function chartStage(actor: BattleChartActor): BattleStage | null {
  const snap = actor.getSnapshot();
  if (snap.status !== 'active') return null;
  const stages = ['ready', 'programming', 'enter', 'fighting', 'confirm'] as const;
  return stages.find((s) => snap.matches(s as never)) ?? 'programming';
}

/** Why a table's battle failed its last try (it waits in `ready` again), or null. */
export function chartError(actor: BattleChartActor): string | null {
  return actor.getSnapshot().context.error?.message ?? null;
}

/**
 * Programs the battle a table's chart waits for (in `ready`) on `port` and resolves with its outcome once
 * fought, or null: the chart is not waiting, it was stopped (the game moved on), or the try failed
 * (`chartError` says why, and the chart waits again). `watch` is told each change of the chart.
 */
export function programBattle(
  chart: BattleChartActor,
  port: StagedBattlePort,
  options: { enter?: 'port' | 'human'; from?: 'programming' | 'fighting' } = {},
): Promise<BattleOutcome | null> {
  if (chartStage(chart) !== 'ready') return Promise.resolve(null);
  return new Promise((resolve) => {
    let tried = false;
    const sub = chart.subscribe({
      next: (snap) => {
        if (snap.status === 'done') return;
        if (!snap.matches('ready')) tried = true;
        else if (tried) finish(null);
      },
      complete: () => finish(chart.getSnapshot().output ?? null),
      error: () => finish(null),
    });
    function finish(o: BattleOutcome | null): void {
      sub.unsubscribe();
      resolve(o);
    }
    // A stopped child (the game re-entered its state) neither completes nor errors: its status says so.
    const poll = chart.getSnapshot();
    if (poll.status !== 'active') return finish(null);
    chart.send({ type: 'program', port, enter: options.enter, from: options.from });
    if (chart.getSnapshot().status === 'stopped') finish(null);
  });
}

export interface RunBattleOptions {
  enter?: 'port' | 'human';
  from?: 'programming' | 'fighting';
  /** Given the chart once it starts (the table watches its stage and sends it `enter` and `confirmed`). */
  watch?: (actor: BattleChartActor) => void;
}

/**
 * Runs the battle chart for `request` on `port`: resolves with the outcome, rejects with the port's error,
 * or with a BattleCancelledError when `signal` aborts first (the chart is stopped, and so is the fight).
 */
export function runBattle(
  port: BattlePort,
  request: BattleRequest,
  signal?: AbortSignal,
  options: RunBattleOptions = {},
): Promise<BattleOutcome> {
  return new Promise((resolve, reject) => {
    const actor = createActor(battleChart, { input: { request, port, enter: options.enter, from: options.from } });
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
        if (snap.status !== 'done') return;
        const failure = snap.context.error;
        if (failure || snap.output === null)
          settle(() => reject(failure ?? new Error('the battle chart ended without a battle')));
        else settle(() => resolve(snap.output!));
      },
      error: (e) => settle(() => reject(e instanceof Error ? e : new Error(String(e)))),
    });
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    actor.start();
    if (!settled) options.watch?.(actor);
  });
}
