/**
 * The game by mail kept in this browser (localStorage), so a reload keeps it: the game as of its last
 * turn (serializeMailGame's text), who plays here, the standing orders to send, the moves since the
 * last turn and the last turn sent (so its file and link are still offered after a reload). Read back
 * through the board's own checks; anything that does not pass is not loaded. Reading it never throws:
 * it is read as the table opens, and a throw there broke the page on every load (issue 37). A record
 * that cannot be read is set aside under a key of its own (never lost, never read again at start).
 */
import { deserializeMailGame, eventsProblem, ordersProblem, seatOf, serializeMailGame } from '../mail/index.ts';
import type { GameEvent } from '../model/events.ts';
import type { MailGame, StandingOrders } from '../mail/index.ts';
import type { TextStorage } from './ports.ts';

const KEY = 'o2conquest.mail.game';
/** Where an unreadable record is kept: `${KEY}.unreadable-1`, -2, ... (the first free one). */
const ASIDE = `${KEY}.unreadable-`;
const MAX_ASIDE = 20;

export interface MailRecord {
  game: MailGame;
  /** The player this browser plays. */
  me: string;
  orders: StandingOrders;
  /** The moves since the last turn (replayed on the game after a reload). */
  events: GameEvent[];
  /** The last turn sent from here: its number and text. */
  sent: { number: number; text: string } | null;
  /** As loaded only, never kept: what of the record was damaged and set aside (the moves, the orders). */
  damaged?: string;
}

type Keeper = Pick<TextStorage, 'getItem'> & Partial<Pick<TextStorage, 'setItem' | 'removeItem'>>;

/** Keeps `text` under the first free aside key and clears `KEY` when `clear`; the sentence saying where, or why not. */
function setAside(storage: Keeper, text: string, clear: boolean): string {
  try {
    for (let n = 1; n <= MAX_ASIDE && storage.setItem; n++) {
      const key = `${ASIDE}${n}`;
      if (storage.getItem(key) !== null) continue;
      storage.setItem(key, text);
      if (clear) storage.removeItem?.(KEY);
      return `it was set aside in this browser's storage as "${key}"`;
    }
    return 'it could not be set aside (no room for another copy in this browser)';
  } catch {
    return "it could not be set aside (this browser's storage refused it)";
  }
}

/**
 * The record kept in this browser, null when there is none, or the sentence saying why it cannot be
 * read (the record is then set aside). Never throws.
 */
export function loadMail(storage: Keeper | undefined): MailRecord | null | string {
  let text: string | null;
  try {
    text = storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null || !storage) return null;
  let read: MailRecord | string;
  try {
    read = readRecord(text);
  } catch (e) {
    read = `the game by mail kept in this browser could not be read (${e instanceof Error ? e.message.slice(0, 200) : 'a damaged value'})`;
  }
  if (typeof read === 'string') return `${read}; ${setAside(storage, text, true)}`;
  if (read.damaged) read.damaged = `${read.damaged}; ${setAside(storage, text, false)}`;
  return read;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readRecord(text: string): MailRecord | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'the game by mail kept in this browser is damaged (not JSON)';
  }
  if (!isObj(doc) || typeof doc.game !== 'string') return 'the game by mail kept in this browser is damaged (no game)';
  const loaded = deserializeMailGame(doc.game);
  if (!loaded.ok) return `the game by mail kept in this browser could not be read: ${loaded.error}`;
  // Only a name: String() of `{"toString": 5}` throws.
  const me = typeof doc.me === 'string' ? seatOf(loaded.game, doc.me) : null;
  if (me === null) return 'the game by mail kept in this browser does not say which player plays here';
  const damaged: string[] = [];
  const badOrders = doc.orders === undefined ? null : ordersProblem(doc.orders);
  if (badOrders) damaged.push(`your standing orders to send were damaged (${badOrders}); the game's are used`);
  const orders =
    badOrders === null && doc.orders !== undefined ? (doc.orders as StandingOrders) : loaded.game.orders[me];
  const badEvents = doc.events === undefined ? null : eventsProblem(doc.events);
  if (badEvents) damaged.push(`the moves since the last turn were damaged (${badEvents}) and are not replayed`);
  const events = badEvents === null ? ((doc.events ?? []) as GameEvent[]) : [];
  const s = isObj(doc.sent) ? doc.sent : null;
  const sent =
    s && Number.isSafeInteger(s.number) && typeof s.text === 'string'
      ? { number: s.number as number, text: s.text }
      : null;
  const record: MailRecord = { game: loaded.game, me, orders, events, sent };
  if (damaged.length > 0) record.damaged = `In the game by mail kept in this browser, ${damaged.join('; ')}`;
  return record;
}

/** Keeps `record` (null: forgets the game); returns the sentence saying why it could not be kept, or null. */
export function saveMail(
  record: MailRecord | null,
  storage: Pick<TextStorage, 'setItem' | 'removeItem'> | undefined,
): string | null {
  if (!storage) return 'this browser keeps nothing (its storage is refused)';
  try {
    if (record === null) storage.removeItem(KEY);
    else {
      const { game, damaged: _, ...rest } = record;
      storage.setItem(KEY, JSON.stringify({ ...rest, game: serializeMailGame(game) }));
    }
    return null;
  } catch (e) {
    return `this browser's storage refused it (${e instanceof Error ? e.message : String(e)})`;
  }
}
