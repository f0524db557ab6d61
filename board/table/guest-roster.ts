/**
 * The guests of a remote table as the host knows them (issue 34): each who said hello with its token,
 * the connection it is on now, its round trip and its pings, and since when it has been away. One
 * browser is one guest: the same token on a new connection is the same guest back (a reload, a dropped
 * line, a second tab), and the newest connection is the one that counts.
 */
import { guestInfo, lineDown, missedTooMany, pongIn, type Guest } from './guest-line.ts';
import type { KeptGuest } from './table-seating.ts';
import { MAX_GUESTS, type GuestInfo } from './table-messages.ts';

/** A hello's outcome: the guest (new or back) and the connection it left open before, or why it is refused. */
export type Joined = { guest: Guest; older: string | null } | { refused: string };

export class GuestRoster {
  readonly list: Guest[] = [];
  nextId = 1;
  private pings = 0;

  /** The guests kept across the host's reload: every one away (since `now`) until it says hello again. */
  constructor(kept?: { nextId: number; guests: readonly KeptGuest[] }, now = 0) {
    if (!kept) return;
    this.nextId = kept.nextId;
    for (const g of kept.guests)
      this.list.push({ ...g, connection: null, rttMs: null, trips: [], ping: null, missed: 0, awaySince: now });
  }

  /** What the host's page keeps of them across its reload. */
  kept(): KeptGuest[] {
    return this.list.map((g) => ({ id: g.id, token: g.token, name: g.name }));
  }

  infos(): GuestInfo[] {
    return this.list.map(guestInfo);
  }

  /** The guest on a connection, if it said hello there. */
  on(connection: string): Guest | undefined {
    return this.list.find((g) => g.connection === connection);
  }

  byId(id: string): Guest | undefined {
    return this.list.find((g) => g.id === id);
  }

  /**
   * A hello with `token` on `connection`. A new token is a new guest, if there is room (a guest gone and
   * holding no seat, `seated` false, makes room); a known one is that guest back on this connection.
   */
  join(connection: string, token: string, name: string, seated: (id: string) => boolean): Joined {
    const already = this.on(connection);
    // A connection that said hello cannot come back as somebody else (a page sending hello after hello
    // with new tokens filled the table for good).
    if (already && already.token !== token)
      return { refused: `This connection joined as ${already.name} already: one browser is one guest.` };
    const guest = this.list.find((g) => g.token === token);
    if (!guest) {
      if (this.list.length >= MAX_GUESTS && !this.forgetIdle(seated))
        return { refused: `This table is full (${MAX_GUESTS} guests).` };
      const fresh: Guest = {
        id: `g${this.nextId++}`,
        token,
        name,
        connection,
        rttMs: null,
        trips: [],
        ping: null,
        missed: 0,
        awaySince: null,
      };
      this.list.push(fresh);
      return { guest: fresh, older: null };
    }
    const older = guest.connection;
    guest.connection = connection;
    guest.name = name;
    guest.missed = 0;
    guest.awaySince = null;
    return { guest, older: older !== null && older !== connection ? older : null };
  }

  /** Makes room at a full table: the first guest gone and holding no seat is forgotten (true), if any. */
  private forgetIdle(seated: (id: string) => boolean): boolean {
    const idle = this.list.find((g) => g.connection === null && !seated(g.id));
    if (!idle) return false;
    this.list.splice(this.list.indexOf(idle), 1);
    return true;
  }

  remove(guest: Guest): void {
    this.list.splice(this.list.indexOf(guest), 1);
  }

  /** A new ping for `g` sent at `now`: its number. */
  ping(g: Guest, now: number): number {
    g.ping = { n: ++this.pings, at: now };
    return g.ping.n;
  }

  /**
   * Another ping interval passed: the connections whose guests left MISSED_PINGS pings unanswered (gone),
   * and the guests to ping now (none in flight).
   */
  due(): { gone: string[]; ping: Guest[] } {
    const gone: string[] = [];
    const ping: Guest[] = [];
    for (const g of this.list) {
      if (g.connection === null) continue;
      if (missedTooMany(g)) gone.push(g.connection);
      else if (g.ping === null) ping.push(g);
    }
    return { gone, ping };
  }

  /** The answer to ping `n`: whether it measured the round trip. */
  pong(g: Guest, n: number, now: number): boolean {
    return pongIn(g, n, now);
  }

  /** A connection closed at `now`: its guest, if any, is away (its seats kept). */
  down(connection: string, now: number): Guest | undefined {
    const g = this.on(connection);
    if (g) lineDown(g, now);
    return g;
  }

  /** How long `g` has been away at `now` (-1 while its line is up). */
  awayMs(g: Guest, now: number): number {
    return g.awaySince === null ? -1 : now - g.awaySince;
  }
}
