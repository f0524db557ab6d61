/**
 * A guest's line as the host sees it (issue 34: departures go unseen): the connection it is on, the
 * round trip measured by the host's pings, and the pings left unanswered. A browser that closed or lost
 * its line says nothing (PeerJS gives no close for a dead peer), so silence is the only sign.
 */
import type { GuestInfo } from './table-messages.ts';

/**
 * Ping intervals in a row a guest may leave its ping unanswered before its connection counts as gone: a
 * browser that closed or lost its line says nothing (PeerJS gives no close for a dead peer), so silence
 * is the only sign. The host's page pings every second (board/table's PING_MS): a departure shows within
 * five seconds (issue 34), and a line slower than that is no line to play on.
 */
export const MISSED_PINGS = 5;

/**
 * A guest whose line has been down this long (a closed browser, a dead line): the host's panel offers
 * its seats to a computer at the host, or to be freed (issue 34). A reload comes back in seconds; a
 * browser gone this long is likely gone for the evening, while the table waits for it.
 */
export const AWAY_OFFER_MS = 30_000;

/**
 * Round trips a guest's figure is taken from: its least. A ping passes both pages' main threads, and a
 * page busy booting its machine or drawing its board answers late: that only ever adds to a round trip,
 * so the least of the last few is the line's own (issue 34: a war's first battle on a 10 ms line took
 * the input delay of a 150 ms one from a mean of pings answered while the guest's page started).
 */
export const TRIPS_KEPT = 8;

export interface Guest {
  id: string;
  token: string;
  name: string;
  connection: string | null;
  /** The line's round trip (the least of the last pings' round trips: `trips`), and the ping in flight. */
  rttMs: number | null;
  /** The last TRIPS_KEPT pings' round trips, oldest first. */
  trips: number[];
  ping: { n: number; at: number } | null;
  /** Pings in a row left unanswered (MISSED_PINGS of them: the connection is gone). */
  missed: number;
  /** When its line went down (the host's clock), or null while it is up. */
  awaySince: number | null;
}

/** A guest as every browser is told of it: its name, whether its line is up, its round trip. */
export function guestInfo(g: Guest): GuestInfo {
  return {
    id: g.id,
    name: g.name,
    online: g.connection !== null,
    rttMs: g.rttMs === null ? null : Math.round(g.rttMs),
  };
}

/**
 * Another ping interval passed: whether `g` has now left its ping unanswered for MISSED_PINGS of them. A
 * ping in flight is not replaced (a slow answer still counts, and measures the round trip).
 */
export function missedTooMany(g: Guest): boolean {
  return g.ping !== null && ++g.missed >= MISSED_PINGS;
}

/** The answer to ping `n` came at `now`: the round trip taken in (true), or false when it answers another. */
export function pongIn(g: Guest, n: number, now: number): boolean {
  if (g.ping?.n !== n) return false;
  const rtt = now - g.ping.at;
  g.ping = null;
  g.missed = 0;
  if (g.trips.push(rtt) > TRIPS_KEPT) g.trips.shift();
  g.rttMs = Math.min(...g.trips);
  return true;
}

/** The line is down at `now`: its last round trip is no news of it any more, and the ping in flight gets no answer. */
export function lineDown(g: Guest, now: number): void {
  g.awaySince ??= now;
  g.connection = null;
  g.rttMs = null;
  g.trips = [];
  g.ping = null;
  g.missed = 0;
}
