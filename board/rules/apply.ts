import type { GameState } from '../model/game.ts';
import type { GameEvent, RuleResult } from '../model/events.ts';
import { EVENT_TYPES } from '../model/events.ts';
import { RuleRefusal, refuse } from './refuse.ts';
import { activePlayers } from './board.ts';
import { payZoneBonuses } from './ledger.ts';
import { chronicle } from './chronicle.ts';
import { allyHome, chooseHomeland, firstCall, firstReadout, setup, takeOverBank } from './setup.ts';
import { attack, buyAlliance, pass } from './attack-option.ts';
import { battle, chooseWeapon } from './war.ts';
import { breakAlliance, formAlliance } from './player-alliances.ts';
import {
  checkTarget,
  clockExpired,
  convertChipsIfRoundOver,
  endgameBattle,
  endgameWeapon,
  finishGame,
  startEndgame,
  startFinalRoundIfFull,
} from './endgame.ts';

function dispatch(s: GameState, e: GameEvent): void {
  switch (e.type) {
    case 'setup':
      return setup(s, e);
    case 'first.call':
      return firstCall(s, e);
    case 'first.readout':
      return firstReadout(s, e);
    case 'homeland':
      return chooseHomeland(s, e);
    case 'ally.home':
      return allyHome(s, e);
    case 'ally.buy':
      return buyAlliance(s, e);
    case 'attack':
      return attack(s, e);
    case 'weapon':
      return s.phase === 'endgame' ? endgameWeapon(s, e) : chooseWeapon(s, e);
    case 'battle':
      return s.phase === 'endgame' ? endgameBattle(s, e) : battle(s, e);
    case 'pass':
      return pass(s, e);
    case 'alliance.form':
      return formAlliance(s, e);
    case 'alliance.break':
      return breakAlliance(s, e);
    case 'endgame.start':
      return startEndgame(s, e);
    case 'clock.expired':
      return clockExpired(s, e);
    case 'banker':
      return takeOverBank(s, e);
  }
}

/** Rules that fire on their own after any event: bonuses, the filled board, the last round, the end. */
function settle(s: GameState): void {
  if (s.phase === 'setup' || s.phase === 'over') return;
  payZoneBonuses(s);
  startFinalRoundIfFull(s);
  convertChipsIfRoundOver(s);
  if (s.players.length > 0 && activePlayers(s).length === 1) finishGame(s, 'only one player is left');
  checkTarget(s);
}

/**
 * A deep copy of a game state's JSON-shaped data (plain objects, arrays, strings, numbers, booleans,
 * null; a state holds nothing else, as its saves are JSON). structuredClone did this at every event
 * and every candidate `legalActions` tries, about four times slower (its serializer's round trip):
 * two thirds of a computer game's time went to it.
 */
function copyPlain<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(copyPlain) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = copyPlain((v as Record<string, unknown>)[k]);
  return out as T;
}

/**
 * The single rule entry point: a new state, or a refusal naming the rule. The input is never changed.
 * The log gains exactly one line per accepted event.
 */
export function applyEvent(state: GameState, event: GameEvent): RuleResult<GameState> {
  try {
    if (typeof event !== 'object' || event === null || !EVENT_TYPES.includes((event as GameEvent).type)) {
      refuse(
        '-',
        `unknown event ${JSON.stringify((event as { type?: unknown } | null)?.type ?? event)}; known: ${EVENT_TYPES.join(', ')}`,
      );
    }
    if (state.phase === 'over') refuse('22', 'the game is over');
    if (state.phase === 'setup' && event.type !== 'setup') refuse('1', 'set up the game first');
    // The scenario is never changed by a rule and log lines are strings: share them instead of deep-copying.
    const s: GameState = {
      ...copyPlain({ ...state, scenario: null, log: null }),
      scenario: state.scenario,
      log: state.log.slice(),
    } as GameState;
    s.lastTransfers = [];
    const mark = s.log.length;
    dispatch(s, event);
    settle(s);
    const lines = s.log.splice(mark).map((l) => l.trim());
    s.log.push(lines.join('; '));
    chronicle(state, s, event);
    return { ok: true, state: s };
  } catch (err) {
    if (err instanceof RuleRefusal) return { ok: false, refusal: err.refusal };
    throw err;
  }
}
