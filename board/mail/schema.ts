/**
 * The shape of a turn, checked field by field before anything in it is used: a turn comes from
 * another machine, so nothing in it is trusted. Events are checked for their shape here (every field
 * of the right kind, none unknown) and judged by the rules engine when the turn is opened.
 */
import type { GameEventType } from '../model/events.ts';
import { EVENT_TYPES } from '../model/events.ts';
import { isLevel, LEVELS } from '../ai/levels.ts';
import { SIGNATURE } from './keys.ts';
import type { Turn } from './turn.ts';
import { TURN_FORMAT, TURN_VERSION } from './turn.ts';

/** More events than a whole game has: a turn is what one player did since the last one. */
export const MAX_TURN_EVENTS = 5000;
/** The longest string field (a name, a country): the rules allow far shorter ones. */
const MAX_STRING = 200;
const HASH = /^[0-9a-f]{64}$/;
/** A game's id: the UUID drawn for it, or any short id of letters, digits and dashes. */
export const GAME_ID = /^[A-Za-z0-9-]{1,64}$/;

type Kind = 'string' | 'number' | 'strings' | 'energy' | 'players' | 'chips' | 'number?';
const FIELDS: Record<GameEventType, Record<string, Kind>> = {
  setup: { players: 'players', chips: 'chips', banker: 'string', clockMinutes: 'number?', targetRecord: 'number?' },
  'first.call': { player: 'string', digit: 'number' },
  'first.readout': { digit: 'number' },
  homeland: { player: 'string', country: 'string' },
  'ally.home': { player: 'string', countries: 'strings' },
  'ally.buy': { player: 'string', country: 'string' },
  attack: { player: 'string', country: 'string' },
  weapon: { player: 'string', weapon: 'string' },
  battle: { winner: 'string', energy: 'energy' },
  pass: { player: 'string' },
  'alliance.form': { players: 'strings' },
  'alliance.break': { player: 'string' },
  'endgame.start': {},
  'clock.expired': {},
  banker: { player: 'string' },
};
/** Fields an event may leave out (setup's options). */
const OPTIONAL = new Set(['setup.chips', 'setup.banker', 'setup.clockMinutes', 'setup.targetRecord']);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_STRING;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStrs = (v: unknown): boolean => Array.isArray(v) && v.length <= 100 && v.every(isStr);
const only = (o: Record<string, unknown>, keys: string[]): boolean => Object.keys(o).every((k) => keys.includes(k));
/** Own keys only: `in` also finds `constructor`, `toString` and `__proto__` on every object's prototype. */
const has = (o: object, k: string): boolean => Object.hasOwn(o, k);

function fits(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return isStr(v);
    case 'number':
      return isNum(v);
    case 'number?':
      return v === null || isNum(v);
    case 'strings':
      return isStrs(v);
    case 'energy':
      return isObj(v) && only(v, ['attacker', 'defender']) && isNum(v.attacker) && isNum(v.defender);
    case 'chips':
      return isObj(v) && only(v, ['1000', '500', '100']) && isNum(v['1000']) && isNum(v['500']) && isNum(v['100']);
    case 'players':
      return (
        Array.isArray(v) &&
        v.length <= 100 &&
        v.every((p) => isObj(p) && only(p, ['name', 'color']) && isStr(p.name) && isStr(p.color))
      );
  }
}

/** What is wrong with the shape of event `i` (1-based in the sentence; or the words naming it), or null. */
export function eventShapeProblem(e: unknown, i: number | string): string | null {
  const at = typeof i === 'string' ? i : `event ${i + 1}`;
  if (!isObj(e)) return `${at} is not an event (an object with a "type")`;
  if (!EVENT_TYPES.includes(e.type as GameEventType)) {
    return `${at} has the type ${isStr(e.type) ? JSON.stringify(e.type) : 'none'}, which is no event of the game (known: ${EVENT_TYPES.join(', ')})`;
  }
  const type = e.type as GameEventType;
  const fields = FIELDS[type];
  for (const k of Object.keys(e)) {
    if (k !== 'type' && !has(fields, k))
      return `${at} (${type}) has a field ${JSON.stringify(k.slice(0, 40))} that a ${type} event does not have`;
  }
  for (const [k, kind] of Object.entries(fields)) {
    if (!has(e, k) && OPTIONAL.has(`${type}.${k}`)) continue;
    if (!fits(kind, e[k])) return `${at} (${type}) needs "${k}" as ${KIND_WORDS[kind]}`;
  }
  return null;
}

const KIND_WORDS: Record<Kind, string> = {
  string: `a text of at most ${MAX_STRING} characters`,
  number: 'a number',
  'number?': 'a number or null',
  strings: 'a list of names',
  energy: "the attacker's and the defender's energy left",
  chips: 'its 1000, 500 and 100 chips',
  players: 'a list of players with a name and a colour',
};

/** The standing orders as given, or the sentence saying what is wrong with them. */
export function ordersProblem(o: unknown): string | null {
  if (!isObj(o))
    return 'standing orders are { "absent": "wait" } or { "absent": "bot", "level": "easy" | "medium" | "hard" }';
  if (o.absent === 'wait' && only(o, ['absent'])) return null;
  if (o.absent === 'bot' && only(o, ['absent', 'level'])) {
    return isLevel(o.level)
      ? null
      : `standing orders "bot" need a level: ${LEVELS.join(', ')} (got ${isStr(o.level) ? JSON.stringify(o.level) : 'none'})`;
  }
  return 'standing orders are { "absent": "wait" } (a battle is kept until both players are online) or { "absent": "bot", "level": "easy" | "medium" | "hard" } (the battle bot fights in your place)';
}

/** The events of a turn or of an events file: the list, or the sentence naming the first bad one. */
export function eventsProblem(events: unknown): string | null {
  if (!Array.isArray(events)) return '"events" must be a list of game events';
  if (events.length > MAX_TURN_EVENTS) return `a turn holds at most ${MAX_TURN_EVENTS} events (got ${events.length})`;
  for (let i = 0; i < events.length; i++) {
    const bad = eventShapeProblem(events[i], i);
    if (bad) return bad;
  }
  return null;
}

/** Checks every field of a decoded turn; returns it typed, or the sentence naming what is wrong. */
export function checkTurnShape(v: unknown): { ok: true; turn: Turn } | { ok: false; error: string } {
  const no = (why: string) => ({ ok: false as const, error: `this is not a valid turn: ${why}` });
  if (!isObj(v) || v.format !== TURN_FORMAT) return no(`it is not tagged "${TURN_FORMAT}"`);
  if (v.version !== TURN_VERSION)
    return no(`its version ${isNum(v.version) ? v.version : '(none)'} is not this build's (${TURN_VERSION})`);
  const keys = [
    'format',
    'version',
    'game',
    'number',
    'previous',
    'player',
    'events',
    'orders',
    'draw',
    'botBattles',
    'hash',
    'signature',
  ];
  const extra = Object.keys(v).find((k) => !keys.includes(k));
  if (extra !== undefined) return no(`it has a field ${JSON.stringify(extra.slice(0, 40))} that a turn does not have`);
  if (!isStr(v.game) || !GAME_ID.test(v.game)) return no('"game" must be the game\'s id');
  if (!Number.isSafeInteger(v.number) || (v.number as number) < 1) return no('"number" must be a whole number from 1');
  if (!isStr(v.previous) || !HASH.test(v.previous))
    return no('"previous" must be the hash of the turn before (64 hex digits)');
  if (!isStr(v.hash) || !HASH.test(v.hash)) return no('"hash" must be the turn\'s hash (64 hex digits)');
  if (!isStr(v.player) || v.player.trim() === '') return no('"player" must name the player who sent it');
  if (v.signature !== undefined && !(isStr(v.signature) && SIGNATURE.test(v.signature)))
    return no('"signature" must be a P-256 signature (86 base64url characters)');
  const events = eventsProblem(v.events);
  if (events) return no(events);
  const orders = ordersProblem(v.orders);
  if (orders) return no(`"orders": ${orders}`);
  const draw = v.draw;
  const hex = (x: unknown) => x === undefined || (isStr(x) && HASH.test(x));
  if (draw !== undefined && !(isObj(draw) && only(draw, ['commit', 'reveal']) && hex(draw.commit) && hex(draw.reveal)))
    return no('"draw" must hold a "commit" and/or a "reveal" of 64 hex digits each');
  const bots = botBattlesProblem(v.botBattles, (v.events as unknown[]).length);
  if (bots) return no(bots);
  return { ok: true, turn: v as unknown as Turn };
}

/** What is wrong with a turn's record of its battle bots' battles (turn.ts, BotBattle), or null. */
function botBattlesProblem(v: unknown, events: number): string | null {
  if (v === undefined) return null;
  const shape =
    '"botBattles" must be a list of { "event": its index, "stick": "easy" | "medium" | "hard", "seed": a 32-bit seed }, in the order of their events';
  if (!Array.isArray(v) || v.length === 0 || v.length > events) return shape;
  let last = -1;
  for (const b of v) {
    const ok =
      isObj(b) &&
      only(b, ['event', 'stick', 'seed']) &&
      Number.isSafeInteger(b.event) &&
      (b.event as number) > last &&
      (b.event as number) < events &&
      isLevel(b.stick) &&
      Number.isSafeInteger(b.seed) &&
      (b.seed as number) >= 0 &&
      (b.seed as number) <= 0xffffffff;
    if (!ok) return shape;
    last = b.event as number;
  }
  return null;
}
