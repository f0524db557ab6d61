/**
 * The game's chart (XState): one state per turn state of the rules, each taking the events its rules
 * take; undo, redo and loading from anywhere; at a table, the battle and readout charts it runs. The
 * rules decide every step (game-steps.ts asks them once per event).
 */
import { assign, raise, setup } from 'xstate';
import type { GameEvent, GameEventType } from '../model/events.ts';
import { battleEvent, pendingBattle } from '../ports/battle-port.ts';
import type { BattleOutcome } from '../ports/battle-port.ts';
import { EVENT_TYPES } from '../model/events.ts';
import { deserializeGame } from '../rules/snapshot.ts';
import { noBattle, noReadout } from './battle-actor.ts';
import type { TurnState } from './turn-states.ts';
import { TURN_STATES, turnStateOf } from './turn-states.ts';
import { GUARDS, applyStep, initialContext, judge, redoStep, undoStep } from './game-steps.ts';
import type { GameContext, GameInput, MachineEvent } from './game-context.ts';

const stateId = (view: TurnState): string => `#game.${view}`;

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
  return { ...openingStates(invoke), ...playingStates(invoke) };
}

/** From the setup to the filled board: the players, who goes first (the readout), the homelands and their alliances. */
function openingStates(invoke: boolean) {
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
  };
}

/** The game's turns and wars, the final round, the end game and its end. */
function playingStates(invoke: boolean) {
  return {
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

/**
 * What every state takes besides its own events: undo, redo and loading a saved game go to whichever
 * turn state the restored game belongs in (or are refused with a sentence), and a game event no state
 * accepted records the rules' refusal, for the players to read.
 */
function controlTransitions() {
  return {
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
    guards: GUARDS,
    actions: {
      apply: assign(({ context, event }) => applyStep(context, event as GameEvent)),
      refuse: assign(({ context, event }) => {
        if (event.type === 'undo' || event.type === 'redo' || event.type === 'load') return {};
        const r = judge(context.state, event as GameEvent);
        return { lastRefusal: r.ok ? null : r.refusal };
      }),
      undo: assign(({ context }) => undoStep(context)),
      refuseUndo: assign({
        lastRefusal: {
          rule: 'undo',
          reason: 'there is nothing to undo: this is where the game (or its loaded save) begins',
        },
      }),
      redo: assign(({ context }) => redoStep(context)),
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
    context: ({ input }) => initialContext(input),
    // A game may be resumed in any state: start where its rules state belongs.
    initial: 'resume',
    on: controlTransitions(),
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
