/**
 * The game chart's steps (game-machine.ts): the rules' verdict on an event (asked once, by the guards and
 * the action alike), where an event, an undo, a redo or a load leads, and the chips an undo hands back.
 */
import type { GameState } from '../model/game.ts';
import type { ChipTransfer } from '../model/chips.ts';
import type { GameEvent, RuleResult } from '../model/events.ts';
import { pendingBattle, type BattleOutcome, type BattleRequest } from '../ports/battle-port.ts';
import { applyEvent } from '../rules/apply.ts';
import { deserializeGame } from '../rules/snapshot.ts';
import { turnStateOf, type TurnState } from './turn-states.ts';
import type { GameContext, GameInput, MachineEvent } from './game-context.ts';
import { newGame } from '../rules/setup.ts';
import { world1982 } from '../scenarios/world.ts';

/** Undo steps the machine keeps (older ones are dropped). */
export const HISTORY_LIMIT = 200;

/** The hand-overs that put chips back where they were: each transfer's receiver returns what it got and takes back its change. */
export function reverseTransfers(done: readonly ChipTransfer[]): ChipTransfer[] {
  return [...done].reverse().map((t) => ({
    from: t.to,
    to: t.from,
    amount: t.amount,
    give: { ...t.give },
    change: { ...t.change },
    undo: true as const,
  }));
}

// The guards and the action see the same event object; remember the rules' verdict for the action.
const verdicts = new WeakMap<object, { from: GameState; result: RuleResult<GameState> }>();
export function judge(state: GameState, event: GameEvent): RuleResult<GameState> {
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

/** Whether two pending battles are the same fight (its identity aside: every logged step moves that on). */
function sameForces(a: BattleRequest | null, b: BattleRequest | null): boolean {
  if (!a || !b) return false;
  const side = (f: BattleRequest['attacker']): string => `${f.player}:${f.weapon}:${f.energy}`;
  return a.country === b.country && side(a.attacker) === side(b.attacker) && side(a.defender) === side(b.defender);
}

type Args = { context: GameContext; event: MachineEvent };

/** Where each event leads: the guards of the chart's transitions. */
export const GUARDS = {
  leadsTo: ({ context, event }: Args, params: { view: TurnState }) => {
    const r = judge(context.state, event as GameEvent);
    return r.ok && turnStateOf(r.state) === params.view;
  },
  keepsBattle: ({ context, event }: Args, params: { view: TurnState }) => {
    const r = judge(context.state, event as GameEvent);
    if (!r.ok || turnStateOf(r.state) !== params.view) return false;
    return sameForces(pendingBattle(context.state), pendingBattle(r.state));
  },
  undoLeadsTo: ({ context }: Args, params: { view: TurnState }) =>
    context.history.length > 0 && turnStateOf(context.history[context.history.length - 1]) === params.view,
  redoLeadsTo: ({ context }: Args, params: { view: TurnState }) =>
    context.future.length > 0 && turnStateOf(context.future[context.future.length - 1]) === params.view,
  loadLeadsTo: ({ event }: Args, params: { view: TurnState }) => {
    if (event.type !== 'load') return false;
    const r = deserializeGame(event.snapshot);
    return r.ok && turnStateOf(r.state) === params.view;
  },
  fought: ({ event }: Args) => (event as unknown as { output: BattleOutcome | null }).output !== null,
  read: ({ event }: Args) => typeof (event as unknown as { output: number | null }).output === 'number',
};

/** The context a game starts with: a new game on `input.scenario`, or a saved one with its undo and redo steps. */
export function initialContext(input: GameInput): GameContext {
  return {
    state: input.state ? structuredClone(input.state) : newGame(input.scenario ?? world1982()),
    history: input.state && input.history ? structuredClone(input.history.slice(-HISTORY_LIMIT)) : [],
    future: input.state && input.future ? structuredClone(input.future.slice(-HISTORY_LIMIT)) : [],
    lastRefusal: null,
    battleError: null,
  };
}

/** An event the rules take: the new state, the old one kept to undo; a new step forgets the steps undone before it (as in any editor's undo). */
export function applyStep(context: GameContext, event: GameEvent): Partial<GameContext> {
  const r = judge(context.state, event);
  if (!r.ok) return {};
  return {
    state: r.state,
    history: [...context.history, context.state].slice(-HISTORY_LIMIT),
    future: [],
    lastRefusal: null,
  };
}

/** Back one step; the banker is told how to move back the chips of the action undone, not shown an older hand-over. */
export function undoStep(context: GameContext): Partial<GameContext> {
  return {
    state: {
      ...context.history[context.history.length - 1],
      lastTransfers: reverseTransfers(context.state.lastTransfers),
    },
    history: context.history.slice(0, -1),
    future: [...context.future, context.state].slice(-HISTORY_LIMIT),
    lastRefusal: null,
  };
}

/** The step undone last comes back as it was taken, with its own chip hand-overs for the banker to make again. */
export function redoStep(context: GameContext): Partial<GameContext> {
  return {
    state: context.future[context.future.length - 1],
    history: [...context.history, context.state].slice(-HISTORY_LIMIT),
    future: context.future.slice(0, -1),
    lastRefusal: null,
  };
}
