import { assign, setup } from 'xstate';
import type { GameState } from '../model/game.ts';
import type { GameEvent, Refusal, RuleResult } from '../model/events.ts';
import type { Scenario } from '../model/scenario.ts';
import { EVENT_TYPES } from '../model/events.ts';
import { applyEvent } from '../rules/apply.ts';
import { newGame } from '../rules/setup.ts';
import { deserializeGame } from '../rules/snapshot.ts';
import { world1982 } from '../scenarios/world.ts';
import type { MachineView } from './view.ts';
import { MACHINE_VIEWS, viewOf } from './view.ts';

/** Events the machine takes besides the game's own: undo, and loading a saved game. */
export type ControlEvent = { type: 'undo' } | { type: 'load'; snapshot: string };
export type MachineEvent = GameEvent | ControlEvent;

export interface GameContext {
  state: GameState;
  /** States before each accepted event since the last battle result (rule entries can be undone, battles cannot). */
  history: GameState[];
  lastRefusal: Refusal | null;
}

export interface GameInput {
  scenario?: Scenario;
  state?: GameState;
  /**
   * The undo history to resume with `state` (oldest first), as `context.history` held it: a saved game
   * keeps its undo steps without going through XState's persisted snapshots. Ignored without `state`.
   */
  history?: GameState[];
}

/** Undo steps the machine keeps (older ones are dropped). */
export const HISTORY_LIMIT = 200;

// The guard and the action see the same event object; remember the guard's work for the action.
const verdicts = new WeakMap<object, { from: GameState; result: RuleResult<GameState> }>();
function judge(state: GameState, event: GameEvent): RuleResult<GameState> {
  const hit = verdicts.get(event);
  if (hit && hit.from === state) return hit.result;
  const result = applyEvent(state, event);
  verdicts.set(event, { from: state, result });
  return result;
}

const gameEventHandlers = Object.fromEntries(
  EVENT_TYPES.map((t) => [t, [{ guard: 'accepted' as const, actions: 'apply' as const }, { actions: 'refuse' as const }]]),
);

function leaf(view: MachineView) {
  return { always: { guard: { type: 'viewIsNot' as const, params: { view } }, target: '#game.routing' } };
}

export const gameMachine = setup({
  types: {
    context: {} as GameContext,
    events: {} as MachineEvent,
    input: {} as GameInput,
  },
  guards: {
    accepted: ({ context, event }) => judge(context.state, event as GameEvent).ok,
    canUndo: ({ context }) => context.history.length > 0,
    viewIs: ({ context }, params: { view: MachineView }) => viewOf(context.state) === params.view,
    viewIsNot: ({ context }, params: { view: MachineView }) => viewOf(context.state) !== params.view,
  },
  actions: {
    apply: assign(({ context, event }) => {
      const r = judge(context.state, event as GameEvent);
      if (!r.ok) return {};
      // A recorded battle result is final (it cannot be undone).
      const history = event.type === 'battle' ? [] : [...context.history, context.state].slice(-HISTORY_LIMIT);
      return { state: r.state, history, lastRefusal: null };
    }),
    refuse: assign(({ context, event }) => {
      const r = judge(context.state, event as GameEvent);
      return { lastRefusal: r.ok ? null : r.refusal };
    }),
    undo: assign(({ context }) => ({
      state: context.history[context.history.length - 1],
      history: context.history.slice(0, -1),
      lastRefusal: null,
    })),
    refuseUndo: assign({ lastRefusal: { rule: 'undo', reason: 'nothing to undo: a battle result, once recorded, stands' } }),
    load: assign(({ event }) => {
      if (event.type !== 'load') return {};
      const r = deserializeGame(event.snapshot);
      return r.ok ? { state: r.state, history: [], lastRefusal: null } : { lastRefusal: { rule: 'load', reason: r.error } };
    }),
  },
}).createMachine({
  id: 'game',
  context: ({ input }) => ({
    state: input.state ? structuredClone(input.state) : newGame(input.scenario ?? world1982()),
    history: input.state && input.history ? structuredClone(input.history.slice(-HISTORY_LIMIT)) : [],
    lastRefusal: null,
  }),
  initial: 'routing',
  on: {
    ...gameEventHandlers,
    undo: [{ guard: 'canUndo', actions: 'undo' }, { actions: 'refuseUndo' }],
    load: { actions: 'load' },
  },
  states: {
    routing: {
      always: MACHINE_VIEWS.map((view) => ({ guard: { type: 'viewIs' as const, params: { view } }, target: `#game.${view}` })),
    },
    setup: leaf('setup'),
    firstPlayer: leaf('firstPlayer'),
    homelands: leaf('homelands'),
    homeAlliances: leaf('homeAlliances'),
    play: {
      initial: 'turn',
      states: { turn: leaf('play.turn'), war: leaf('play.war') },
    },
    finalRound: {
      initial: 'turn',
      states: { turn: leaf('finalRound.turn'), war: leaf('finalRound.war') },
    },
    awaitingEndgame: leaf('awaitingEndgame'),
    endgame: leaf('endgame'),
    over: leaf('over'),
  },
});
