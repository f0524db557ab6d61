/**
 * The undo and redo steps as a save of version 3 holds them (issue 38). Saved whole, every step carried
 * the game's whole log, record trail and board: at the end of a long game a save was mostly the same log
 * thirty times over. Now the game is saved whole and each step holds only what it changes: the length of
 * its log and record trail (the one log and trail are the game's, and `ahead` holds the lines the redo
 * steps add after it), and the fields that differ from its neighbour nearer the game. Each step also
 * keeps a check of its whole state, so a step taken from another save (which would rebuild into a state
 * that game never had) is refused as the save mixing two games.
 */
import type { GameState, RecordPoint } from '../model/game.ts';
import { gameDocument, readGameDocument } from '../rules/snapshot.ts';

/** One undo or redo step: its log's and record trail's lengths, the fields unlike its neighbour's, its check. */
export interface StepDocument {
  log: number;
  /** Null when the state has no record trail (saves made before it existed). */
  trail: number | null;
  set: Partial<GameState>;
  /** Fields its neighbour has and it has not. */
  drop: string[];
  check: string;
}

/** What the redo steps add to the game's log and record trail (empty when nothing is undone). */
export interface StepsAhead {
  log: string[];
  recordTrail: RecordPoint[];
}

/** Every field of a game state (the compiler checks the list is whole): a step may set or drop only these. */
const FIELDS: Record<keyof GameState, true> = {
  version: true,
  scenario: true,
  phase: true,
  players: true,
  banker: true,
  variations: true,
  warChest: true,
  chipTotal: true,
  countries: true,
  firstCalls: true,
  firstPlayer: true,
  turn: true,
  homelandOrder: true,
  buysLeft: true,
  lastDefender: true,
  war: true,
  alliances: true,
  brokenPairs: true,
  finalQueue: true,
  endgame: true,
  winner: true,
  winners: true,
  lastTransfers: true,
  log: true,
  lastWar: true,
  recordTrail: true,
};
/** Kept once for the whole save, never in a step: the board is the game's, the log and trail are cut from the one. */
const SHARED = new Set(['scenario', 'log', 'recordTrail']);
const STEP_FIELDS = new Set(Object.keys(FIELDS).filter((k) => !SHARED.has(k)));

/** A state's check: FNV-1a over its JSON with keys sorted (a rebuilt state may order its keys otherwise). */
function checkOf(value: unknown): string {
  let h = 0x811c9dc5;
  const feed = (s: string) => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  };
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      feed('[');
      for (const x of v) walk(x);
      feed(']');
    } else if (typeof v === 'object' && v !== null) {
      feed('{');
      for (const k of Object.keys(v).sort()) {
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined) continue;
        feed(JSON.stringify(k));
        walk(x);
      }
      feed('}');
    } else feed(JSON.stringify(v) ?? 'null');
  };
  walk(value);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** States never change once made, so each one's check and its step beside a neighbour are worked out once. */
const checks = new WeakMap<GameState, string>();
const steps = new WeakMap<GameState, { next: GameState; step: StepDocument }>();

function check(s: GameState): string {
  let c = checks.get(s);
  if (c === undefined) checks.set(s, (c = checkOf(s)));
  return c;
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** `s` as a step beside `next`, its neighbour nearer the game. */
export function stepDocument(s: GameState, next: GameState): StepDocument {
  const known = steps.get(s);
  if (known?.next === next) return known.step;
  const set: Record<string, unknown> = {};
  const drop: string[] = [];
  for (const k of STEP_FIELDS) {
    const mine = (s as unknown as Record<string, unknown>)[k];
    const theirs = (next as unknown as Record<string, unknown>)[k];
    if (mine === undefined) {
      if (theirs !== undefined) drop.push(k);
    } else if (!same(mine, theirs)) set[k] = mine;
  }
  const step = { log: s.log.length, trail: s.recordTrail?.length ?? null, set, drop, check: check(s) };
  steps.set(s, { next, step });
  return step;
}

/** The states of saved steps, rebuilt outward from the game: `what(i)` names step i in a refusal. */
export function readSteps(
  stored: unknown[],
  game: GameState,
  ahead: StepsAhead,
  toward: 'undo' | 'redo',
  what: (i: number) => string,
): GameState[] {
  const log = [...game.log, ...ahead.log];
  const trail = [...(game.recordTrail ?? []), ...ahead.recordTrail];
  const out: GameState[] = new Array<GameState>(stored.length);
  let next = game;
  // Undo steps are kept oldest first and redo steps with the next one last: both end beside the game.
  for (let i = stored.length - 1; i >= 0; i--) {
    const name = what(i);
    const step = stepShape(stored[i], name);
    const lines = next.log.length + (toward === 'undo' ? -1 : 1);
    if (step.log !== lines)
      throw new Error(
        `${name} is not a step of this game (its log has ${step.log} lines, not ${lines}): the save mixes two games`,
      );
    if (step.trail !== null && step.trail > trail.length)
      throw new Error(`${name}: its record trail is longer than the game's`);
    const built: Record<string, unknown> = { ...next, ...step.set };
    for (const k of step.drop) delete built[k];
    built.scenario = game.scenario;
    built.log = log.slice(0, step.log);
    if (step.trail === null) delete built.recordTrail;
    else built.recordTrail = trail.slice(0, step.trail);
    const r = readGameDocument(gameDocument(built as unknown as GameState));
    if (!r.ok) throw new Error(`${name}: ${r.error}`);
    if (check(r.state) !== step.check)
      throw new Error(
        `${name} is not a step of this game (rebuilt from this game's log it is not the state it was saved as): the save mixes two games`,
      );
    out[i] = next = r.state;
  }
  return out;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function stepShape(v: unknown, what: string): StepDocument {
  const bad = (why: string) => new Error(`${what}: not a o2conquest.board save step (${why})`);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad('not an object');
  const s = v as Record<string, unknown>;
  if (!isInt(s.log)) throw bad('its log length is not a whole number');
  if (s.trail !== null && !isInt(s.trail)) throw bad('its record trail length is not a whole number');
  if (typeof s.set !== 'object' || s.set === null || Array.isArray(s.set)) throw bad('its fields are missing');
  if (!Array.isArray(s.drop) || !s.drop.every((k) => typeof k === 'string'))
    throw bad('its dropped fields are not names');
  if (typeof s.check !== 'string') throw bad('it has no check');
  const odd = [...Object.keys(s.set), ...s.drop].find((k) => !STEP_FIELDS.has(k));
  if (odd !== undefined) throw bad(`${JSON.stringify(odd)} is no field a step may change`);
  return s as unknown as StepDocument;
}

/** What redo steps add after the game: checked, since it is read before any step. */
export function readAhead(v: unknown): StepsAhead {
  const a = v as { log?: unknown; recordTrail?: unknown } | null;
  if (typeof a !== 'object' || a === null || !Array.isArray(a.log) || !a.log.every((l) => typeof l === 'string'))
    throw new Error("the game snapshot's log ahead of the game is not a list of lines");
  if (!Array.isArray(a.recordTrail))
    throw new Error("the game snapshot's record trail ahead of the game is not a list");
  return { log: a.log as string[], recordTrail: a.recordTrail as RecordPoint[] };
}
