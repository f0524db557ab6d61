/**
 * A guest's line as the host sees it (issue 34: departures go unseen): the connection it is on, the
 * round trip measured by the host's pings, and the pings left unanswered. A browser that closed or lost
 * its line says nothing (PeerJS gives no close for a dead peer), so silence is the only sign.
 */

/**
 * Pings in a row a guest may leave unanswered before its connection counts as gone: a browser that closed
 * or lost its line says nothing (PeerJS gives no close for a dead peer), so silence is the only sign.
 * The host's page pings every few seconds: a departure shows within about this many pings.
 */
export const MISSED_PINGS = 3;

export interface Guest {
  id: string;
  token: string;
  name: string;
  connection: string | null;
  /** The round trip (a running mean of the last pings), and the ping in flight. */
  rttMs: number | null;
  ping: { n: number; at: number } | null;
  /** Pings in a row left unanswered (MISSED_PINGS of them: the connection is gone). */
  missed: number;
}

/** Whether `g` has now left MISSED_PINGS pings in a row unanswered (counting the one in flight). */
export function missedTooMany(g: Guest): boolean {
  return g.ping !== null && ++g.missed >= MISSED_PINGS;
}

/** The answer to ping `n` came at `now`: the round trip taken in (true), or false when it answers another. */
export function pongIn(g: Guest, n: number, now: number): boolean {
  if (g.ping?.n !== n) return false;
  const rtt = now - g.ping.at;
  g.ping = null;
  g.missed = 0;
  // A running mean: one slow answer does not swing the battle's input delay.
  g.rttMs = g.rttMs === null ? rtt : g.rttMs * 0.7 + rtt * 0.3;
  return true;
}

/** The line is down: its last round trip is no news of it any more, and the ping in flight gets no answer. */
export function lineDown(g: Guest): void {
  g.connection = null;
  g.rttMs = null;
  g.ping = null;
  g.missed = 0;
}
