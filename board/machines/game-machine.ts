import { assign, raise, setup } from 'xstate';
import type { GameState } from '../model/game.ts';
import type { ChipTransfer } from '../model/chips.ts';
import type { GameEvent, GameEventType, Refusal, RuleResult } from '../model/events.ts';
import type { Scenario } from '../model/scenario.ts';
import { battleEvent, pendingBattle } from '../ports/battle-port.ts';
import type { BattleOutcome, BattleRequest } from '../ports/battle-port.ts';
import { EVENT_TYPES } from '../model/events.ts';
import { applyEvent } from '../rules/apply.ts';
import { newGame } from '../rules/setup.ts';
import { deserializeGame } from '../rules/snapshot.ts';
import { world1982 } from '../scenarios/world.ts';
import { noBattle, noReadout } from './battle-actor.ts';
import type { TurnState } from './turn-states.ts';
import { TURN_STATES, turnStateOf } from './turn-states.ts';

/** Events the machine takes besides the game's own: undo, redo, and loading a saved game. */
export type ControlEvent = { type: 'undo' } | { type: 'redo' } | { type: 'load'; snapshot: string };
export type MachineEvent = GameEvent | ControlEvent;

export interface GameContext {
  state: GameState;
  /** States before each accepted event, oldest first: any step can be undone, battle results included. */
  history: GameState[];
  /** States undone, the most recently undone last: redo brings them back until a new event is accepted. */
  future: GameState[];
  lastRefusal: Refusal | null;
  /** Why the last battle (or first-player readout) on the console failed (a sentence), or null. */
  battleError: string | null;
}

export interface GameInput {
  scenario?: Scenario;
  state?: GameState;
  /**
   * The undo history to resume with `state` (oldest first), as `context.history` held it: a saved game
   * keeps its undo steps without going through XState's persisted snapshots. Ignored without `state`.
   */
  history?: GameState[];
  /** The redo steps to resume with (as `context.future` held them). Ignored without `state`. */
  future?: GameState[];
}

/** Undo steps the machine keeps (older ones are dropped). */
/** The hand-overs that put chips back where they were: each transfer's receiver returns what it got and takes back its change. */
function reverseTransfers(done: readonly ChipTransfer[]): ChipTransfer[] {
  return [...done].reverse().map((t) => ({
    from: t.to,
    to: t.from,
    amount: t.amount,
    give: { ...t.give },
    change: { ...t.change },
    undo: true as const,
  }));
}

export const HISTORY_LIMIT = 200;

// The guards and the action see the same event object; remember the rules' verdict for the action.
const verdicts = new WeakMap<object, { from: GameState; result: RuleResult<GameState> }>();
function judge(state: GameState, event: GameEvent): RuleResult<GameState> {
  const hit = verdicts.get(event);
  if (hit && hit.from === state) return hit.result;
  let result: RuleResult<GameState>;
  try {
    result = applyEvent(state, event);
  } catch (err) {
    // A fault in the rules must never leave the machine in its error state: the event is refused, the game stays as it was.
    result = {
      ok: false,
      refusal: {
        rule: 'engine',
        reason: `the rules could not take this ${String((event as { type?: unknown }).type)} event (${(err as Error).message}); the game is unchanged`,
      },
    };
  }
  verdicts.set(event, { from: state, result });
  return result;
}

const stateId = (view: TurnState): string => `#game.${view}`;

/** Whether two pending battles are the same fight (its identity aside: every logged step moves that on). */
function sameForces(a: BattleRequest | null, b: BattleRequest | null): boolean {
  if (!a || !b) return false;
  const side = (f: BattleRequest['attacker']): string => `${f.player}:${f.weapon}:${f.energy}`;
  return a.country === b.country && side(a.attacker) === side(b.attacker) && side(a.defender) === side(b.defender);
}

/**
 * The transitions of events a state accepts: to whichever of `next` the rules' new state belongs in
 * (a self-transition re-enters, so a war state starts the next battle). When the rules refuse the
 * event, no transition is enabled and the root's catch-all records the refusal.
 */
function accepts(...entries: [GameEventType[], TurnState[]][]) {
  const on: Record<
    string,
    { guard: { type: 'leadsTo'; params: { view: TurnState } }; target: string; reenter: true; actions: 'apply' }[]
  > = {};
  for (const [types, next] of entries) {
    for (const t of types) {
      on[t] = next.map((view) => ({
        guard: { type: 'leadsTo' as const, params: { view } },
        target: stateId(view),
        reenter: true as const,
        actions: 'apply' as const,
      }));
    }
  }
  return on;
}

// Rule 18: player alliances are formed and broken between the homeland choice and the filled board
// (breaking also later, outside a war); variation 1's clock can run out in any phase but setup; a
// target record (variation 2) can end the game after any event, so every event may lead to `over`.
const ALLIANCES: GameEventType[] = ['alliance.form', 'alliance.break'];
const AFTER_WAR: TurnState[] = ['play.turn', 'finalRound.turn', 'awaitingEndgame', 'over'];

/**
 * A war or an end-game match. With battles (`invoke`), the state invokes the battle actor with the
 * pending battle (null until both weapons are chosen; each accepted event re-enters the state, so the
 * next battle starts and a battle whose weapons changed is dropped) and records its outcome as the
 * `battle` event; `battle` events typed by hand are accepted either way.
 */
function fighting(invoke: boolean, self: TurnState, accepted: ReturnType<typeof accepts>) {
  if (!invoke) return { on: accepted };
  // A step that leaves the battle as it was (a banker's hand-over) keeps the battle under way: the
  // state is not re-entered, so the fight on the console goes on. Any other step starts afresh.
  const on: Record<string, unknown[]> = {};
  for (const [type, transitions] of Object.entries(accepted)) {
    const keep =
      type === 'battle'
        ? []
        : transitions
            .filter((t) => t.target === stateId(self))
            .map((t) => ({
              ...t,
              guard: { type: 'keepsBattle' as const, params: { view: self } },
              reenter: false as const,
            }));
    on[type] = [...keep, ...transitions];
  }
  return {
    invoke: {
      // The id a table finds its battle chart by (the game's `children.battle`).
      id: 'battle',
      src: 'battle' as const,
      input: ({ context }: { context: GameContext }) => ({ request: pendingBattle(context.state) }),
      onDone: { guard: 'fought' as const, actions: ['clearBattleError' as const, 'recordBattle' as const] },
      onError: { actions: 'battleFailed' as const },
    },
    on,
  };
}

/**
 * The chart's states, one per turn state of the rules (turn-states.ts): each accepts the events its rules
 * take and goes where the rules' new state belongs. With `invoke`, the first-player state runs the readout
 * and the war and end-game states run each battle (the console's charts at a table).
 */
function turnStates(invoke: boolean) {
  return {
    resume: {
      always: TURN_STATES.map((view) => ({
        guard: ({ context }: { context: GameContext }) => turnStateOf(context.state) === view,
        target: stateId(view),
      })),
    },
    setup: { on: accepts([['setup'], ['firstPlayer']]) },
    firstPlayer: {
      // With a console (battleMachine): once everybody has called, the readout runs on the machine.
      ...(invoke
        ? {
            invoke: {
              id: 'readout',
              src: 'readout' as const,
              input: ({ context }: { context: GameContext }) =>
                context.state.players.every((p) => Object.hasOwn(context.state.firstCalls, p.name)),
              onDone: { guard: 'read' as const, actions: ['clearBattleError' as const, 'recordReadout' as const] },
              onError: { actions: 'battleFailed' as const },
            },
          }
        : {}),
      on: accepts([['first.call'], ['firstPlayer']], [['first.readout'], ['homelands']], [['clock.expired'], ['over']]),
    },
    homelands: {
      on: accepts(
        [['homeland'], ['homelands', 'homeAlliances', 'over']],
        [ALLIANCES, ['homelands', 'over']],
        [['clock.expired'], ['over']],
      ),
    },
    homeAlliances: {
      on: accepts(
        [['ally.home'], ['homeAlliances', 'play.turn', 'finalRound.turn', 'over']],
        [ALLIANCES, ['homeAlliances', 'over']],
        [['clock.expired'], ['over']],
      ),
    },
    play: {
      initial: 'turn',
      states: {
        turn: {
          on: accepts(
            [['ally.buy'], ['play.turn', 'finalRound.turn', 'over']],
            [['attack'], ['play.war', 'over']],
            [['pass'], ['play.turn', 'finalRound.turn', 'over']],
            [ALLIANCES, ['play.turn', 'over']],
            [['banker'], ['play.turn']],
            [['clock.expired'], ['over']],
          ),
        },
        war: fighting(
          invoke,
          'play.war',
          accepts(
            [['weapon'], ['play.war', 'over']],
            [['battle'], ['play.war', ...AFTER_WAR]],
            [['banker'], ['play.war']],
            [['clock.expired'], ['over']],
          ),
        ),
      },
    },
    finalRound: {
      initial: 'turn',
      states: {
        turn: {
          on: accepts(
            [['attack'], ['finalRound.war', 'over']],
            [['pass'], ['finalRound.turn', 'awaitingEndgame', 'over']],
            [['alliance.break'], ['finalRound.turn', 'over']],
            [['banker'], ['finalRound.turn']],
            [['clock.expired'], ['over']],
          ),
        },
        war: fighting(
          invoke,
          'finalRound.war',
          accepts(
            [['weapon'], ['finalRound.war', 'over']],
            [['battle'], ['finalRound.war', ...AFTER_WAR]],
            [['banker'], ['finalRound.war']],
            [['clock.expired'], ['over']],
          ),
        ),
      },
    },
    awaitingEndgame: {
      on: accepts(
        [['endgame.start'], ['endgame', 'over']],
        [['alliance.break'], ['awaitingEndgame', 'over']],
        [['banker'], ['awaitingEndgame']],
        [['clock.expired'], ['over']],
      ),
    },
    endgame: fighting(
      invoke,
      'endgame',
      accepts(
        [['weapon'], ['endgame', 'over']],
        [['battle'], ['endgame', 'over']],
        [['alliance.break'], ['endgame', 'over']],
        [['banker'], ['endgame']],
        [['clock.expired'], ['over']],
      ),
    ),
    over: {},
  };
}

function buildMachine(invoke: boolean) {
  return setup({
    types: {
      context: {} as GameContext,
      events: {} as MachineEvent,
      input: {} as GameInput,
    },
    actors: { battle: noBattle, readout: noReadout },
    guards: {
      leadsTo: ({ context, event }, params: { view: TurnState }) => {
        const r = judge(context.state, event as GameEvent);
        return r.ok && turnStateOf(r.state) === params.view;
      },
      keepsBattle: ({ context, event }, params: { view: TurnState }) => {
        const r = judge(context.state, event as GameEvent);
        if (!r.ok || turnStateOf(r.state) !== params.view) return false;
        return sameForces(pendingBattle(context.state), pendingBattle(r.state));
      },
      undoLeadsTo: ({ context }, params: { view: TurnState }) =>
        context.history.length > 0 && turnStateOf(context.history[context.history.length - 1]) === params.view,
      redoLeadsTo: ({ context }, params: { view: TurnState }) =>
        context.future.length > 0 && turnStateOf(context.future[context.future.length - 1]) === params.view,
      loadLeadsTo: ({ event }, params: { view: TurnState }) => {
        if (event.type !== 'load') return false;
        const r = deserializeGame(event.snapshot);
        return r.ok && turnStateOf(r.state) === params.view;
      },
      fought: ({ event }) => (event as unknown as { output: BattleOutcome | null }).output !== null,
      read: ({ event }) => typeof (event as unknown as { output: number | null }).output === 'number',
    },
    actions: {
      apply: assign(({ context, event }) => {
        const r = judge(context.state, event as GameEvent);
        if (!r.ok) return {};
        // A new step forgets the steps undone before it (as in any editor's undo).
        return {
          state: r.state,
          history: [...context.history, context.state].slice(-HISTORY_LIMIT),
          future: [],
          lastRefusal: null,
        };
      }),
      refuse: assign(({ context, event }) => {
        if (event.type === 'undo' || event.type === 'redo' || event.type === 'load') return {};
        const r = judge(context.state, event as GameEvent);
        return { lastRefusal: r.ok ? null : r.refusal };
      }),
      undo: assign(({ context }) => ({
        // The banker is told how to move back the chips of the action undone, not shown an older hand-over.
        state: {
          ...context.history[context.history.length - 1],
          lastTransfers: reverseTransfers(context.state.lastTransfers),
        },
        history: context.history.slice(0, -1),
        future: [...context.future, context.state].slice(-HISTORY_LIMIT),
        lastRefusal: null,
      })),
      refuseUndo: assign({
        lastRefusal: {
          rule: 'undo',
          reason: 'there is nothing to undo: this is where the game (or its loaded save) begins',
        },
      }),
      // The step comes back as it was taken, with its own chip hand-overs for the banker to make again.
      redo: assign(({ context }) => ({
        state: context.future[context.future.length - 1],
        history: [...context.history, context.state].slice(-HISTORY_LIMIT),
        future: context.future.slice(0, -1),
        lastRefusal: null,
      })),
      refuseRedo: assign({
        lastRefusal: {
          rule: 'redo',
          reason: 'there is nothing to redo: no step has been undone since the last one taken',
        },
      }),
      load: assign(({ event }) => {
        if (event.type !== 'load') return {};
        const r = deserializeGame(event.snapshot);
        return r.ok ? { state: r.state, history: [], future: [], lastRefusal: null, battleError: null } : {};
      }),
      refuseLoad: assign(({ event }) => {
        if (event.type !== 'load') return {};
        const r = deserializeGame(event.snapshot);
        return r.ok ? {} : { lastRefusal: { rule: 'load', reason: r.error } };
      }),
      recordReadout: raise(({ event }) => ({
        type: 'first.readout' as const,
        digit: (event as unknown as { output: number }).output,
      })),
      recordBattle: raise(({ event }) => battleEvent((event as unknown as { output: BattleOutcome }).output)),
      clearBattleError: assign({ battleError: null }),
      battleFailed: assign(({ event }) => {
        const e = (event as unknown as { error: unknown }).error;
        return { battleError: e instanceof Error ? e.message : String(e) };
      }),
    },
  }).createMachine({
    id: 'game',
    context: ({ input }) => ({
      state: input.state ? structuredClone(input.state) : newGame(input.scenario ?? world1982()),
      history: input.state && input.history ? structuredClone(input.history.slice(-HISTORY_LIMIT)) : [],
      future: input.state && input.future ? structuredClone(input.future.slice(-HISTORY_LIMIT)) : [],
      lastRefusal: null,
      battleError: null,
    }),
    // A game may be resumed in any state: start where its rules state belongs.
    initial: 'resume',
    on: {
      undo: [
        ...TURN_STATES.map((view) => ({
          guard: { type: 'undoLeadsTo' as const, params: { view } },
          target: stateId(view),
          reenter: true,
          actions: 'undo' as const,
        })),
        { actions: 'refuseUndo' as const },
      ],
      redo: [
        ...TURN_STATES.map((view) => ({
          guard: { type: 'redoLeadsTo' as const, params: { view } },
          target: stateId(view),
          reenter: true,
          actions: 'redo' as const,
        })),
        { actions: 'refuseRedo' as const },
      ],
      load: [
        ...TURN_STATES.map((view) => ({
          guard: { type: 'loadLeadsTo' as const, params: { view } },
          target: stateId(view),
          reenter: true,
          actions: 'load' as const,
        })),
        { actions: 'refuseLoad' as const },
      ],
      // A game event no state accepted: the rules' refusal, for the players to read.
      ...Object.fromEntries(EVENT_TYPES.map((t) => [t, { actions: 'refuse' as const }])),
    },
    states: turnStates(invoke),
  });
}

/**
 * The turn machine (the UI's single entry point). Battle results come in as `battle` events (typed by
 * hand, or sent by a caller that fought the battle elsewhere).
 */
export const gameMachine = buildMachine(false);

/**
 * The same machine whose war and end-game states invoke the battle actor `battle`: give it a port with
 * `battleMachine.provide({ actors: { battle: battleActor(port) } })` (battle-actor.ts); the outcome is
 * recorded as the `battle` event. Its `firstPlayer` state likewise invokes `readout` (readoutActor)
 * once every player has called, and records the digit as `first.readout`. A failed battle sets `context.battleError`. (xstate/graph's test
 * models do not take invocations, so the graph test walks `gameMachine`: the same states and transitions.)
 */
export const battleMachine = buildMachine(true);
