/**
 * The remote table's network and time, simulated in one Node thread: a clock the test's loop moves on
 * one display frame at a time (the pings, checks and retries of board/table fire from it), and the
 * connections between a host and its guests as PeerJS gives them, each with two lanes: the table's,
 * reliable and ordered (a lost message is sent again after a while and holds up every later one on it),
 * and the battle's, unordered and lossy (a lost message is gone, each comes when it comes). A guest's browser can vanish (closed, its line dead: nobody is
 * told, as PeerJS tells nobody of a dead peer) and a new page can join with the same token (a reload).
 */
import type { GuestConnection, HostLinkPort, Lane, TableClock } from '../../board/index.ts';
import { prng } from './prng.ts';

/** Time that moves only when the test says (milliseconds), with the timers board/table set on it. */
export class SteppedClock implements TableClock {
  private t = 0;
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  now(): number {
    return this.t;
  }

  later(fn: () => void, ms: number): () => void {
    const timer = { at: this.t + ms, seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((x) => x !== timer);
    };
  }

  /**
   * Moves on `ms`, firing each timer due, in order. A timer set while they fire waits for the next
   * advance (one set for "now", as a pause of 0 is, would otherwise fire again and again in this one).
   */
  advance(ms: number): void {
    const end = this.t + ms;
    const before = this.seq;
    for (;;) {
      const due = this.timers
        .filter((x) => x.at <= end && x.seq < before)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.t = end;
  }
}

export interface LineOptions {
  /** One way, in milliseconds. */
  delayMs: number;
  /** Each message's delay varies by up to this much either way. */
  jitterMs: number;
  /** The share of messages lost on the way (each sent again after `resendMs`). */
  loss: number;
  /** A lost message's resend comes this much later (a reliable channel's retransmission timeout). */
  resendMs: number;
  seed: number;
}

export const CLEAN_LINE: LineOptions = { delayMs: 5, jitterMs: 0, loss: 0, resendMs: 0, seed: 1 };

/**
 * One direction of one lane of a connection. Ordered (the table's lane): each message no sooner than the
 * one before it, a lost one sent again. Unordered (the battle's): a lost message is gone, the rest come
 * each at its own time.
 */
class Pipe {
  private queue: { at: number; text: string }[] = [];
  private last = 0;
  dead = false;
  sent = 0;
  resent = 0;
  lost = 0;

  constructor(
    private readonly o: LineOptions,
    private readonly rand: () => number,
    private readonly clock: SteppedClock,
    private readonly ordered = true,
  ) {}

  send(text: string): void {
    if (this.dead) return;
    this.sent++;
    let at = this.clock.now() + this.o.delayMs + (this.rand() * 2 - 1) * this.o.jitterMs;
    if (!this.ordered) {
      if (this.rand() < this.o.loss) this.lost++;
      else this.queue.push({ at, text });
      return;
    }
    while (this.rand() < this.o.loss) {
      at += this.o.resendMs;
      this.resent++;
    }
    this.last = Math.max(this.last, at);
    this.queue.push({ at: this.last, text });
  }

  due(): string[] {
    if (this.dead) return [];
    const now = this.clock.now();
    if (!this.ordered) {
      const due = this.queue.filter((q) => q.at <= now).sort((a, b) => a.at - b.at);
      this.queue = this.queue.filter((q) => q.at > now);
      return due.map((q) => q.text);
    }
    let n = 0;
    while (n < this.queue.length && this.queue[n].at <= now) n++;
    return this.queue.splice(0, n).map((q) => q.text);
  }
}

interface Connection {
  id: string;
  toHost: Pipe;
  toGuest: Pipe;
  /** The battle's lane, each way. */
  battleToHost: Pipe;
  battleToGuest: Pipe;
  guest: { data(text: string): void; closed(): void };
}

/** The table's network: one host, any number of guests' connections. */
export class TableNetwork {
  private readonly connections: Connection[] = [];
  private host: { data(connection: string, text: string): void; closed(connection: string): void } | null = null;
  private nextId = 1;
  private readonly rand: () => number;

  constructor(
    readonly clock: SteppedClock,
    private line: LineOptions = CLEAN_LINE,
  ) {
    this.rand = prng(line.seed);
  }

  /** The line every connection made from now on has (a worse or better network). */
  setLine(line: LineOptions): void {
    this.line = line;
  }

  /** The host's end under `code`; `data` and `closed` are told what guests send and when they leave. */
  openHost(
    code: string,
    events: { data(connection: string, text: string): void; closed(connection: string): void },
  ): HostLinkPort {
    this.host = events;
    return {
      code,
      send: (connection, text, lane) => {
        const c = this.find(connection);
        (lane === 'battle' ? c?.battleToGuest : c?.toGuest)?.send(text);
      },
      drop: (connection) => {
        const c = this.find(connection);
        if (!c) return;
        this.cut(c);
        c.guest.closed();
      },
      close: () => {
        for (const c of [...this.connections]) {
          this.cut(c);
          c.guest.closed();
        }
        this.host = null;
      },
    };
  }

  /** A guest's page joins: its line to the host (refused when no host is there). */
  join(events: { data(text: string): void; closed(): void }): Promise<GuestConnection & { id: string }> {
    if (!this.host) return Promise.reject(new Error('no table is open under this code'));
    const c: Connection = {
      id: `c${this.nextId++}`,
      toHost: new Pipe(this.line, this.rand, this.clock),
      toGuest: new Pipe(this.line, this.rand, this.clock),
      battleToHost: new Pipe(this.line, this.rand, this.clock, false),
      battleToGuest: new Pipe(this.line, this.rand, this.clock, false),
      guest: events,
    };
    this.connections.push(c);
    return Promise.resolve({
      id: c.id,
      send: (text: string, lane?: Lane) => (lane === 'battle' ? c.battleToHost : c.toHost).send(text),
      close: () => {
        if (!this.connections.includes(c)) return;
        this.cut(c);
        this.host?.closed(c.id);
      },
    });
  }

  /** The host's browser closed or lost its line: every connection dies, nobody is told, and no table is open. */
  vanishHost(): void {
    for (const c of [...this.connections]) this.cut(c);
    this.host = null;
  }

  /** A guest's browser closed or lost its line: nothing more goes either way, and nobody is told. */
  vanish(connection: string): void {
    const c = this.find(connection);
    if (c) this.cut(c);
  }

  /** Hands over every message due by now, in order on each connection. */
  deliver(): void {
    for (const c of [...this.connections]) {
      for (const text of [...c.toHost.due(), ...c.battleToHost.due()]) this.host?.data(c.id, text);
      for (const text of [...c.toGuest.due(), ...c.battleToGuest.due()]) c.guest.data(text);
    }
  }

  /** Messages sent and sent again (lost once or more) over every connection so far. */
  figures(): { sent: number; resent: number; lost: number } {
    let sent = 0;
    let resent = 0;
    let lost = 0;
    for (const c of this.connections)
      for (const p of [c.toHost, c.toGuest, c.battleToHost, c.battleToGuest]) {
        sent += p.sent;
        resent += p.resent;
        lost += p.lost;
      }
    return { sent, resent, lost };
  }

  private find(id: string): Connection | undefined {
    return this.connections.find((c) => c.id === id);
  }

  private cut(c: Connection): void {
    for (const p of [c.toHost, c.toGuest, c.battleToHost, c.battleToGuest]) p.dead = true;
    const i = this.connections.indexOf(c);
    if (i >= 0) this.connections.splice(i, 1);
  }
}
