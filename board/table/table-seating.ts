/**
 * What the host's page keeps of its remote table across a reload (issue 21: "when the host leaves, the
 * game waits, and the host's reload resumes it"): the guests who said hello, with the secret token each
 * comes back with, and the seats each holds. The game itself is the board's autosave. Read back from
 * the browser's storage, it is checked as a network message is: anything malformed is a sentence and
 * the table opens with no guests, as before there was any.
 */
import { MAX_GUEST_NAME, MAX_GUESTS, TOKEN } from './table-messages.ts';

export interface KeptGuest {
  id: string;
  token: string;
  name: string;
}

export interface TableSeating {
  v: 1;
  /** The next guest's id number (ids are never given twice). */
  nextId: number;
  guests: KeptGuest[];
  /** Seats held by guests: [the seat's key, the guest's id]. */
  seats: [string, string][];
  /** Seats the host keeps for its own keyboard (no guest may take them), by key. */
  kept?: string[];
  /** Tokens of guests the host removed (they cannot come back in). */
  barred?: string[];
}

const GUEST_ID = /^g[1-9][0-9]{0,5}$/;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The seating in `v`, or the sentence saying what is wrong with it. */
export function checkSeating(v: unknown): { ok: true; seating: TableSeating } | { ok: false; error: string } {
  const no = (why: string) => ({ ok: false as const, error: `the remote table kept here is unreadable: ${why}` });
  if (!isObj(v) || v.v !== 1) return no('not a kept table (version 1)');
  if (!Number.isSafeInteger(v.nextId) || (v.nextId as number) < 1 || (v.nextId as number) > 999_999)
    return no('its next guest number is malformed');
  if (!Array.isArray(v.guests) || v.guests.length > MAX_GUESTS) return no(`it lists more than ${MAX_GUESTS} guests`);
  const guests: KeptGuest[] = [];
  for (const g of v.guests) {
    if (
      !isObj(g) ||
      typeof g.id !== 'string' ||
      !GUEST_ID.test(g.id) ||
      typeof g.token !== 'string' ||
      !TOKEN.test(g.token) ||
      typeof g.name !== 'string' ||
      g.name.length < 1 ||
      g.name.length > MAX_GUEST_NAME
    )
      return no('a guest is not { id, token, name }');
    if (Number(g.id.slice(1)) >= (v.nextId as number)) return no(`guest ${g.id} is numbered past the next one`);
    if (guests.some((k) => k.id === g.id || k.token === g.token)) return no(`guest ${g.id} is listed twice`);
    guests.push({ id: g.id, token: g.token, name: g.name });
  }
  if (!Array.isArray(v.seats) || v.seats.length > 64) return no('its seats are malformed');
  const seats: [string, string][] = [];
  for (const s of v.seats) {
    if (!Array.isArray(s) || s.length !== 2 || typeof s[0] !== 'string' || s[0].length > 64 || typeof s[1] !== 'string')
      return no('a seat is not [the seat, the guest]');
    if (!guests.some((g) => g.id === s[1])) return no(`a seat is held by ${s[1].slice(0, 10)}, who is not a guest`);
    if (seats.some(([k]) => k === s[0])) return no('a seat is listed twice');
    seats.push([s[0], s[1]]);
  }
  const kept = v.kept ?? [];
  if (!Array.isArray(kept) || kept.length > 64 || !kept.every((k) => typeof k === 'string' && k.length <= 64))
    return no('its kept seats are malformed');
  const barred = v.barred ?? [];
  if (!Array.isArray(barred) || barred.length > 64 || !barred.every((t) => typeof t === 'string' && TOKEN.test(t)))
    return no('its removed guests are malformed');
  return {
    ok: true,
    seating: {
      v: 1,
      nextId: v.nextId as number,
      guests,
      seats,
      kept: [...(kept as string[])],
      barred: [...(barred as string[])],
    },
  };
}
