/**
 * The game by mail kept in this browser (localStorage), so a reload keeps it: the game as of its last
 * turn (serializeMailGame's text), who plays here, the standing orders to send, the moves since the
 * last turn and the last turn sent (so its file and link are still offered after a reload). Read back
 * through the board's own checks; anything that does not pass is not loaded.
 */
import { deserializeMailGame, eventsProblem, ordersProblem, seatOf, serializeMailGame } from '../../board/index.ts';
import type { GameEvent, MailGame, StandingOrders } from '../../board/index.ts';

const KEY = 'o2conquest.mail.game';

export type MailStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface MailRecord {
  game: MailGame;
  /** The player this browser plays. */
  me: string;
  orders: StandingOrders;
  /** The moves since the last turn (replayed on the game after a reload). */
  events: GameEvent[];
  /** The last turn sent from here: its number and text. */
  sent: { number: number; text: string } | null;
}

/** The record kept in this browser, null when there is none, or the sentence saying why it cannot be read. */
export function loadMail(storage: Pick<Storage, 'getItem'> | undefined): MailRecord | null | string {
  let text: string | null;
  try {
    text = storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  let doc: { game?: unknown; me?: unknown; orders?: unknown; events?: unknown; sent?: unknown };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    return 'the game by mail kept in this browser is damaged (not JSON)';
  }
  if (typeof doc?.game !== 'string') return 'the game by mail kept in this browser is damaged (no game)';
  const loaded = deserializeMailGame(doc.game);
  if (!loaded.ok) return `the game by mail kept in this browser could not be read: ${loaded.error}`;
  const me = seatOf(loaded.game, String(doc.me));
  if (me === null) return 'the game by mail kept in this browser does not say which player plays here';
  const orders = ordersProblem(doc.orders) === null ? (doc.orders as StandingOrders) : loaded.game.orders[me];
  const events = eventsProblem(doc.events) === null ? (doc.events as GameEvent[]) : [];
  const s = doc.sent as { number?: unknown; text?: unknown } | null;
  const sent =
    s && Number.isSafeInteger(s.number) && typeof s.text === 'string'
      ? { number: s.number as number, text: s.text }
      : null;
  return { game: loaded.game, me, orders, events, sent };
}

/** Keeps `record` (null: forgets the game); returns the sentence saying why it could not be kept, or null. */
export function saveMail(
  record: MailRecord | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
): string | null {
  if (!storage) return 'this browser keeps nothing (its storage is refused)';
  try {
    if (record === null) storage.removeItem(KEY);
    else {
      const { game, ...rest } = record;
      storage.setItem(KEY, JSON.stringify({ ...rest, game: serializeMailGame(game) }));
    }
    return null;
  } catch (e) {
    return `this browser's storage refused it (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** This browser's localStorage, or undefined where it is refused (some private modes). */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
