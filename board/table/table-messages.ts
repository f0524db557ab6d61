/**
 * What the browsers at a remote table say to each other (issue 21), and the one check every message
 * passes before anything reads it: bytes from the network are anybody's. A message that fails is
 * dropped with a sentence saying why, and changes nothing. Only the fields read are copied on.
 */
import type { BattleMessage } from '../../rom-core/netplay/index.ts';
import { type GameEvent } from '../model/events.ts';
import { visibleName } from '../model/names.ts';
import { eventShapeProblem } from '../mail/schema.ts';
import { chatText, MAX_CHAT_TEXT, type ChatLine } from './table-chat.ts';

export type Checked<T> = { ok: true; message: T } | { ok: false; error: string };
/** The battle messages' own check (rom-core/netplay's checkBattleMessage, given by the page: board/ imports rom-core's types only). */
export type BattleCheck = (v: unknown) => Checked<BattleMessage>;

/** A guest's secret (kept in its browser) that gives it back its seats when it comes back. */
export const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
/** A browser's public name at the table: a person's words, short. */
export const MAX_GUEST_NAME = 40;
/** Characters a guest's message may take (a board move is far smaller). */
export const MAX_GUEST_MESSAGE = 8192;
/** Characters a host's message may take (the game's state with its log). */
export const MAX_HOST_MESSAGE = 4 * 1024 * 1024;
/** Guests a table takes at most (six seats, and as many spectators). */
export const MAX_GUESTS = 12;

/** guest -> host */
export type GuestMessage =
  | { t: 'hello'; token: string; name: string }
  | { t: 'claim'; player: string }
  | { t: 'release'; player: string }
  | { t: 'move'; id: number; event: GameEvent }
  /** The answer to the host's ping (the round trip sets a battle's input delay). */
  | { t: 'pong'; n: number }
  /** A line for the table's chat (table-chat.ts). */
  | { t: 'chat'; text: string }
  /** A battle between two guests: the reporting guest's confirmed frames, which the host's machine runs for the result. */
  | WatchMessage
  | BattleMessage;

/** Confirmed frames of a network battle (pairs[i] = left | right << 5 of frame from + i). */
export interface WatchMessage {
  t: 'watch';
  battle: string;
  epoch: number;
  from: number;
  pairs: number[];
  /** The reporting guest's machine saw the two machines disagree from this frame (the host repairs it). */
  desync?: number;
}

/** Who holds a seat: the host's browser, or a guest by its public id. */
export interface SeatHolder {
  player: string;
  holder: string;
  /** The host keeps this seat for its own keyboard: no guest may take it. */
  kept?: boolean;
}
export interface GuestInfo {
  id: string;
  name: string;
  online: boolean;
  /** The last round trip measured to this guest, in milliseconds (null until one was). */
  rttMs: number | null;
}

/** A network battle's start: both machines start from `state` (a snapshot) at frame 0. */
export interface BattleStart {
  t: 'battle-start';
  battle: string;
  state: string;
  side: 0 | 1;
  delay: number;
  /** A battle between two guests: this one sends the host its confirmed frames (the host's machine reads the result from them). */
  report: boolean;
  /** 0 at the battle's start; 1, 2… each time the host restarts both machines from its state after a desync. */
  epoch: number;
}

/** host -> guest */
export type HostMessage =
  | { t: 'welcome'; you: string }
  | { t: 'game'; seq: number; game: string; seats: SeatHolder[]; guests: GuestInfo[] }
  | { t: 'answer'; id: number; ok: boolean; text: string }
  | { t: 'notice'; text: string }
  /** A newer page of the same browser (its token) joined: this one steps aside and does not join again. */
  | { t: 'replaced' }
  | { t: 'ping'; n: number }
  /** A line of the table's chat, numbered by the host. */
  | ({ t: 'chat' } & ChatLine)
  | BattleStart
  /** A guest holding both seats fights the battle alone from the host's snapshot, and reports every frame (as `watch`). */
  | { t: 'solo-start'; battle: string; state: string; epoch: number }
  /** A spectator's copy of a battle others fight: the start (the host's snapshot), then its confirmed frames. */
  | { t: 'watch-start'; battle: string; state: string; epoch: number }
  | WatchMessage
  | { t: 'battle-end'; battle: string }
  | BattleMessage;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shortText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const count = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2 ** 31;
/** A battle's epoch: 0, then one more for each restart after a desync. */
const epochOk = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 1000;

function parse(text: unknown, max: number, what: string): Checked<Record<string, unknown>> {
  if (typeof text !== 'string') return { ok: false, error: `a ${what} message is JSON text` };
  if (text.length > max)
    return { ok: false, error: `a ${what} message of ${text.length} characters is over the ${max} allowed` };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, error: `a ${what} message that is not JSON` };
  }
  if (!isObj(v)) return { ok: false, error: `a ${what} message is an object` };
  return { ok: true, message: v };
}

/**
 * A board move as it travels: an object with a known `type`, each of its fields of the kind that move
 * has and no other (the shape a turn by mail is checked for: `{ player: 123 }` or `{ players: 5 }`
 * never reach the seats' check or the rules), and only plain JSON inside. The rules engine then checks
 * every value as it does a move made on this page.
 */
function checkEvent(v: unknown): Checked<GameEvent> {
  const problem = eventShapeProblem(v, 'the move');
  if (problem) return { ok: false, error: problem };
  // A JSON round trip keeps plain data only (no prototype tricks survive JSON.parse anyway).
  return { ok: true, message: JSON.parse(JSON.stringify(v)) as GameEvent };
}

/** Confirmed frames: the battle, its epoch, the first frame and up to 4096 stick pairs. */
function checkWatch(m: Record<string, unknown>): Checked<WatchMessage> {
  if (
    !shortText(m.battle, 100) ||
    !epochOk(m.epoch) ||
    !count(m.from) ||
    !Array.isArray(m.pairs) ||
    m.pairs.length > 4096 ||
    !m.pairs.every((p) => Number.isInteger(p) && p >= 0 && p <= 0x3ff) ||
    (m.desync !== undefined && !count(m.desync))
  ) {
    return {
      ok: false,
      error:
        'a watch message needs the battle, its epoch, the first frame, up to 4096 stick pairs (0-1023) and, if the machines disagreed, the frame they did',
    };
  }
  const message: WatchMessage = {
    t: 'watch',
    battle: m.battle,
    epoch: m.epoch,
    from: m.from,
    pairs: [...(m.pairs as number[])],
  };
  if (m.desync !== undefined) message.desync = m.desync as number;
  return { ok: true, message };
}

/** Checks a message a guest sent to the host. */
export function parseGuestMessage(text: unknown, checkBattle: BattleCheck): Checked<GuestMessage> {
  const p = parse(text, MAX_GUEST_MESSAGE, "guest's");
  if (!p.ok) return p;
  const m = p.message;
  switch (m.t) {
    case 'hello':
      if (typeof m.token !== 'string' || !TOKEN.test(m.token))
        return { ok: false, error: 'a hello needs its token (16-64 letters, digits, - or _)' };
      if (!shortText(m.name, MAX_GUEST_NAME))
        return { ok: false, error: `a hello needs a name of 1-${MAX_GUEST_NAME} characters` };
      // Shown on every page: nothing that hides or reorders text (a bidi override, a zero-width character).
      return { ok: true, message: { t: 'hello', token: m.token, name: visibleName(m.name) || 'A guest' } };
    case 'claim':
    case 'release':
      if (!shortText(m.player, 64)) return { ok: false, error: `a ${m.t} names the player whose seat it is` };
      return { ok: true, message: { t: m.t, player: m.player } };
    case 'move': {
      if (!count(m.id)) return { ok: false, error: 'a move needs its number' };
      const e = checkEvent(m.event);
      return e.ok ? { ok: true, message: { t: 'move', id: m.id, event: e.message } } : e;
    }
    case 'watch':
      return checkWatch(m);
    case 'pong':
      return count(m.n)
        ? { ok: true, message: { t: 'pong', n: m.n } }
        : { ok: false, error: 'a pong answers a ping by its number' };
    case 'chat': {
      const c = chatText(m.text);
      return c.ok ? { ok: true, message: { t: 'chat', text: c.text } } : c;
    }
    case 'battle':
      return checkBattle(m);
    default:
      return { ok: false, error: `no such message (its "t" is ${JSON.stringify(m.t)?.slice(0, 40)})` };
  }
}

/** The game's state, numbered, with the seats (up to 6) and the guests (up to MAX_GUESTS) at the table. */
function checkGame(m: Record<string, unknown>): Checked<HostMessage> {
  if (!count(m.seq) || typeof m.game !== 'string')
    return { ok: false, error: 'a game message needs its number and the game' };
  if (
    !Array.isArray(m.seats) ||
    m.seats.length > 6 ||
    !m.seats.every((s) => isObj(s) && shortText(s.player, 64) && shortText(s.holder, 16))
  ) {
    return { ok: false, error: 'a game message lists up to 6 seats, each { player, holder }' };
  }
  if (
    !Array.isArray(m.guests) ||
    m.guests.length > MAX_GUESTS ||
    !m.guests.every(
      (g) =>
        isObj(g) &&
        shortText(g.id, 16) &&
        shortText(g.name, MAX_GUEST_NAME) &&
        typeof g.online === 'boolean' &&
        (g.rttMs === null || (Number.isFinite(g.rttMs) && (g.rttMs as number) >= 0)),
    )
  ) {
    return { ok: false, error: `a game message lists up to ${MAX_GUESTS} guests, each { id, name, online }` };
  }
  return {
    ok: true,
    message: {
      t: 'game',
      seq: m.seq,
      game: m.game,
      seats: (m.seats as SeatHolder[]).map((s) =>
        s.kept === true ? { player: s.player, holder: s.holder, kept: true } : { player: s.player, holder: s.holder },
      ),
      guests: (m.guests as GuestInfo[]).map((g) => ({ id: g.id, name: g.name, online: g.online, rttMs: g.rttMs })),
    },
  };
}

/** A network battle's start: the battle, the machine state, this guest's side, the input delay, the epoch and whether it reports. */
function checkBattleStart(m: Record<string, unknown>): Checked<BattleStart> {
  if (
    !shortText(m.battle, 100) ||
    typeof m.state !== 'string' ||
    m.state.length > 65536 ||
    (m.side !== 0 && m.side !== 1) ||
    !Number.isInteger(m.delay) ||
    (m.delay as number) < 0 ||
    (m.delay as number) > 8
  ) {
    return {
      ok: false,
      error: 'a battle start needs the battle, the machine state, the side (0 or 1) and the delay (0-8)',
    };
  }
  if (!epochOk(m.epoch)) return { ok: false, error: 'a battle start needs its epoch (0-1000)' };
  if (typeof m.report !== 'boolean')
    return { ok: false, error: "a battle start says whether this guest reports the battle's frames" };
  return {
    ok: true,
    message: {
      t: 'battle-start',
      battle: m.battle,
      state: m.state,
      side: m.side,
      delay: m.delay as number,
      epoch: m.epoch,
      report: m.report,
    },
  };
}

/** A solo battle's or a spectator's start: the battle, the machine state and the epoch. */
function checkSnapshotStart(m: Record<string, unknown>, t: 'watch-start' | 'solo-start'): Checked<HostMessage> {
  if (!shortText(m.battle, 100) || typeof m.state !== 'string' || m.state.length > 65536 || !epochOk(m.epoch)) {
    return {
      ok: false,
      error: `a ${t === 'solo-start' ? 'battle' : 'watch'} start needs the battle, the machine state and the epoch (0-1000)`,
    };
  }
  return { ok: true, message: { t, battle: m.battle, state: m.state, epoch: m.epoch as number } };
}

/** Checks a message the host sent to a guest. */
export function parseHostMessage(text: unknown, checkBattle: BattleCheck): Checked<HostMessage> {
  const p = parse(text, MAX_HOST_MESSAGE, "host's");
  if (!p.ok) return p;
  const m = p.message;
  switch (m.t) {
    case 'welcome':
      return shortText(m.you, 16)
        ? { ok: true, message: { t: 'welcome', you: m.you } }
        : { ok: false, error: 'a welcome names the guest' };
    case 'game':
      return checkGame(m);
    case 'answer':
      if (!count(m.id) || typeof m.ok !== 'boolean' || typeof m.text !== 'string' || m.text.length > 1000)
        return { ok: false, error: "an answer needs the move's number, ok and a sentence" };
      return { ok: true, message: { t: 'answer', id: m.id, ok: m.ok, text: m.text } };
    case 'ping':
      return count(m.n) ? { ok: true, message: { t: 'ping', n: m.n } } : { ok: false, error: 'a ping has its number' };
    case 'replaced':
      return { ok: true, message: { t: 'replaced' } };
    case 'chat': {
      const c = chatText(m.text);
      if (!count(m.n) || !shortText(m.from, MAX_GUEST_NAME) || !c.ok)
        return { ok: false, error: `a chat line needs its number, who said it and up to ${MAX_CHAT_TEXT} characters` };
      return { ok: true, message: { t: 'chat', n: m.n, from: visibleName(m.from), text: c.text } };
    }
    case 'notice':
      return shortText(m.text, 1000)
        ? { ok: true, message: { t: 'notice', text: m.text } }
        : { ok: false, error: 'a notice is a sentence' };
    case 'battle-start':
      return checkBattleStart(m);
    case 'watch-start':
    case 'solo-start':
      return checkSnapshotStart(m, m.t);
    case 'watch':
      return checkWatch(m);
    case 'battle-end':
      return shortText(m.battle, 100)
        ? { ok: true, message: { t: 'battle-end', battle: m.battle } }
        : { ok: false, error: 'a battle end names the battle' };
    case 'battle':
      return checkBattle(m);
    default:
      return { ok: false, error: `no such message (its "t" is ${JSON.stringify(m.t)?.slice(0, 40)})` };
  }
}
