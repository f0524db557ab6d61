/**
 * The host's side of a remote table (issue 21): the host's browser keeps the game and is its
 * authority. Guests say hello with a secret token (kept in their browser, so a guest who reloads or
 * drops comes back to its seats), claim free seats, and send board moves; each move is checked for
 * the seat it is made from, then by the same rules engine as a move made at the host, and the game
 * as accepted goes to every browser. Spectators are guests holding no seat.
 *
 * Platform-free: the page wires `send` to the network and `act` to the board, and hands every message
 * received to `receive` with the connection it came on.
 */
import type { GameEvent } from '../model/events.ts';
import { seatKey, seatRefusal } from './event-seats.ts';
import type { TableSeating } from './table-seating.ts';
import {
  MAX_GUESTS,
  parseGuestMessage,
  type BattleCheck,
  type GuestInfo,
  type GuestMessage,
  type HostMessage,
  type SeatHolder,
} from './table-messages.ts';

/** The holder id of the host's own browser (its people and its computer seats). */
export const HOST = 'host';

/** Messages a connection may send in a burst, and how many more it earns a second (battle sticks included). */
export const FLOOD_BURST = 120;
export const FLOOD_PER_SECOND = 90;
/**
 * Pings in a row a guest may leave unanswered before its connection counts as gone: a browser that closed
 * or lost its line says nothing (PeerJS gives no close for a dead peer), so silence is the only sign.
 * The host's page pings every few seconds: a departure shows within about this many pings.
 */
export const MISSED_PINGS = 3;

export interface TableHostPorts {
  /** Sends to one connection. */
  send(connection: string, message: HostMessage): void;
  /** The game's players now (none before its setup). */
  players(): string[];
  /** Whether a seat is played by a computer at the host (not free to claim). */
  computer(player: string): boolean;
  /** Makes a move at the board (a guest's, checked for its seat): null when accepted, else the engine's sentence. */
  act(event: GameEvent): string | null;
  /** The game as it is now, for a guest (the engine's snapshot text). */
  game(): string;
  /** A battle message from a guest (the network battle's sticks and hashes). */
  battle?(guest: string, message: Extract<GuestMessage, { t: 'battle' }>): void;
  /** A guest's confirmed frames of a battle between two guests. */
  watch?(guest: string, message: Extract<GuestMessage, { t: 'watch' }>): void;
  /** A guest said hello (new, or back after a reload or a dropped line) and was sent the game. */
  welcomed?(guest: string): void;
  /** Told when seats or guests change (the host's page redraws). */
  changed?(): void;
  /** A connection that stopped answering pings counts as gone: the page closes it (its guest keeps its seats). */
  drop?(connection: string): void;
  /** The guests and their seats changed: the host's page keeps them for its reload (table-seating.ts). */
  keep?(seating: TableSeating): void;
  /** The battle messages' check (rom-core/netplay's checkBattleMessage). */
  checkBattle: BattleCheck;
  /** The clock for the flood guard, in milliseconds. */
  now(): number;
}

interface Guest {
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
interface Bucket {
  tokens: number;
  at: number;
  dropped: number;
  told: boolean;
}

export class TableHost {
  private readonly guests: Guest[] = [];
  /** Seats held by guests: the seat's key -> the guest's id. A seat not here is the host's. */
  private readonly seats = new Map<string, string>();
  private readonly buckets = new Map<string, Bucket>();
  private seq = 0;
  private nextId = 1;
  private pings = 0;
  /** Messages refused, with why (the host's page may show the last ones). */
  readonly refused: string[] = [];

  /**
   * `kept`: the guests and seats of this table before the host's page reloaded; each guest gets its
   * seats back when it says hello again with its token (it retries until the table is back).
   */
  constructor(
    private readonly ports: TableHostPorts,
    kept?: TableSeating,
  ) {
    if (!kept) return;
    this.nextId = kept.nextId;
    for (const g of kept.guests) this.guests.push({ ...g, connection: null, rttMs: null, ping: null, missed: 0 });
    for (const [seat, id] of kept.seats) this.seats.set(seat, id);
  }

  /** The guests and their seats, for the host's page to keep (see the constructor). */
  seating(): TableSeating {
    return {
      v: 1,
      nextId: this.nextId,
      guests: this.guests.map((g) => ({ id: g.id, token: g.token, name: g.name })),
      seats: [...this.seats],
    };
  }

  /** Who holds `player`'s seat: HOST or a guest's id. */
  holder(player: string): string {
    return this.seats.get(seatKey(player)) ?? HOST;
  }

  /** The guests that said hello, and whether each is connected now. */
  guestList(): GuestInfo[] {
    return this.guests.map((g) => ({
      id: g.id,
      name: g.name,
      online: g.connection !== null,
      rttMs: g.rttMs === null ? null : Math.round(g.rttMs),
    }));
  }

  seatList(): SeatHolder[] {
    return this.ports.players().map((player) => ({ player, holder: this.holder(player) }));
  }

  /** The guest on a connection, if it said hello. */
  guestOn(connection: string): Guest | undefined {
    return this.guests.find((g) => g.connection === connection);
  }

  /** Why the host's own page may not make `event` (a guest holds the seat), or null. */
  hostRefusal(event: GameEvent): string | null {
    if (!this.guests.length) return null;
    const why = seatRefusal(event, HOST, (p) => this.holder(p), 'this browser');
    if (why === null || why.startsWith('only the host')) return null;
    const seat = why.match(/^(.*)'s seat/)?.[1];
    const guest = seat ? this.guests.find((g) => g.id === this.holder(seat)) : undefined;
    return guest ? `${seat}'s seat is held by ${guest.name}'s browser: ${seat} plays there` : why;
  }

  /** A message arrived on `connection`. Anything wrong is refused with a sentence and changes nothing. */
  receive(connection: string, text: unknown): void {
    if (!this.admit(connection)) return;
    const parsed = parseGuestMessage(text, this.ports.checkBattle);
    if (!parsed.ok) {
      this.refuse(connection, `A message was refused: ${parsed.error}.`);
      return;
    }
    const m = parsed.message;
    if (m.t === 'hello') {
      this.hello(connection, m.token, m.name);
      return;
    }
    const guest = this.guestOn(connection);
    if (!guest) {
      this.refuse(connection, 'A message was refused: say hello first (the page does this as it joins).');
      return;
    }
    switch (m.t) {
      case 'claim':
        return this.claim(guest, m.player);
      case 'release':
        return this.release(guest, m.player);
      case 'move':
        return this.move(guest, m.id, m.event);
      case 'pong':
        return this.pong(guest, m.n);
      case 'watch':
        this.ports.watch?.(guest.id, m);
        return;
      case 'battle':
        this.ports.battle?.(guest.id, m);
        return;
    }
  }

  /**
   * Measures the round trip to every guest connected (the page does this every few seconds). A guest that
   * left MISSED_PINGS pings in a row unanswered is gone: shown offline, its connection dropped, its seats kept.
   */
  pingAll(): void {
    for (const g of this.guests) {
      if (g.connection === null) continue;
      if (g.ping !== null && ++g.missed >= MISSED_PINGS) {
        const gone = g.connection;
        this.closed(gone);
        this.ports.drop?.(gone);
        continue;
      }
      this.ping(g, g.connection);
    }
  }

  private ping(g: Guest, connection: string): void {
    g.ping = { n: ++this.pings, at: this.ports.now() };
    this.ports.send(connection, { t: 'ping', n: g.ping.n });
  }

  /** A guest's round trip in milliseconds, or null before one was measured. */
  rttOf(guestId: string): number | null {
    return this.guests.find((g) => g.id === guestId)?.rttMs ?? null;
  }

  private pong(guest: Guest, n: number): void {
    if (guest.ping?.n !== n) return;
    const rtt = this.ports.now() - guest.ping.at;
    guest.ping = null;
    guest.missed = 0;
    // A running mean: one slow answer does not swing the battle's input delay.
    guest.rttMs = guest.rttMs === null ? rtt : guest.rttMs * 0.7 + rtt * 0.3;
    this.ports.changed?.();
  }

  /** A connection closed: its guest keeps its seats until it comes back (or the host frees them). */
  closed(connection: string): void {
    const guest = this.guestOn(connection);
    this.buckets.delete(connection);
    if (!guest) return;
    guest.connection = null;
    // Its last round trip is no news of it any more; the ping in flight will get no answer here.
    guest.rttMs = null;
    guest.ping = null;
    guest.missed = 0;
    this.publish();
  }

  /** The host frees a seat (its guest left for good): it is the host's again. */
  free(player: string): void {
    if (this.seats.delete(seatKey(player))) this.publish();
  }

  /** Sends the game and the seats to every connected guest (after every change of the game). */
  publish(): void {
    const message: HostMessage = {
      t: 'game',
      seq: ++this.seq,
      game: this.ports.game(),
      seats: this.seatList(),
      guests: this.guestList(),
    };
    for (const g of this.guests) if (g.connection !== null) this.ports.send(g.connection, message);
    this.ports.keep?.(this.seating());
    this.ports.changed?.();
  }

  /** The guest's id on a connection (to send it battle messages), or undefined. */
  connectionOf(guestId: string): string | null {
    return this.guests.find((g) => g.id === guestId)?.connection ?? null;
  }

  private hello(connection: string, token: string, name: string): void {
    let guest = this.guests.find((g) => g.token === token);
    if (!guest) {
      if (this.guests.length >= MAX_GUESTS) {
        this.refuse(connection, `This table is full (${MAX_GUESTS} guests).`);
        return;
      }
      guest = { id: `g${this.nextId++}`, token, name, connection, rttMs: null, ping: null, missed: 0 };
      this.guests.push(guest);
    } else {
      // The same browser back (a reload, a dropped line): the newest connection is the one that counts.
      guest.connection = connection;
      guest.name = name;
      guest.missed = 0;
    }
    this.ports.send(connection, { t: 'welcome', you: guest.id });
    this.publish();
    this.ports.welcomed?.(guest.id);
    // Only the newcomer is pinged now: a hello must not count as a ping the others left unanswered.
    this.ping(guest, connection);
  }

  private claim(guest: Guest, player: string): void {
    const real = this.ports.players().find((p) => seatKey(p) === seatKey(player));
    if (!real)
      return this.refuse(
        guest.connection!,
        `There is no seat for "${player.slice(0, 64)}" in this game${this.ports.players().length ? '' : ' yet (the host sets the game up first)'}.`,
      );
    const holder = this.holder(real);
    if (holder === guest.id) return;
    if (holder !== HOST)
      return this.refuse(
        guest.connection!,
        `${real}'s seat is already held by ${this.guests.find((g) => g.id === holder)?.name ?? 'another guest'}.`,
      );
    if (this.ports.computer(real))
      return this.refuse(
        guest.connection!,
        `${real}'s seat is played by the computer at the host; the host makes it a person's seat first.`,
      );
    this.seats.set(seatKey(real), guest.id);
    this.publish();
  }

  private release(guest: Guest, player: string): void {
    if (this.seats.get(seatKey(player)) !== guest.id)
      return this.refuse(guest.connection!, `${player.slice(0, 64)}'s seat is not yours to give back.`);
    this.seats.delete(seatKey(player));
    this.publish();
  }

  private move(guest: Guest, id: number, event: GameEvent): void {
    const why = seatRefusal(event, guest.id, (p) => this.holder(p), 'your browser');
    if (why) return this.answer(guest, id, false, `Refused: ${why}.`);
    const refusal = this.ports.act(event);
    if (refusal) return this.answer(guest, id, false, `Refused: ${refusal}.`);
    this.answer(guest, id, true, 'Done.');
    // The host's page publishes the game once its board has taken the move (its change is seen there).
  }

  private answer(guest: Guest, id: number, ok: boolean, text: string): void {
    if (!ok) this.note(text);
    if (guest.connection !== null) this.ports.send(guest.connection, { t: 'answer', id, ok, text });
  }

  private refuse(connection: string, text: string): void {
    this.note(text);
    this.ports.send(connection, { t: 'notice', text });
  }

  private note(text: string): void {
    this.refused.push(text);
    if (this.refused.length > 20) this.refused.shift();
  }

  /**
   * The flood guard: a connection earns FLOOD_PER_SECOND messages a second up to FLOOD_BURST; beyond
   * that its messages are dropped (counted, and said once), never queued without bound.
   */
  private admit(connection: string): boolean {
    const now = this.ports.now();
    let b = this.buckets.get(connection);
    if (!b) {
      b = { tokens: FLOOD_BURST, at: now, dropped: 0, told: false };
      this.buckets.set(connection, b);
    }
    b.tokens = Math.min(FLOOD_BURST, b.tokens + ((now - b.at) / 1000) * FLOOD_PER_SECOND);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      b.told = false;
      return true;
    }
    b.dropped++;
    if (!b.told) {
      b.told = true;
      this.refuse(
        connection,
        `Messages are coming too fast; ${b.dropped} dropped (at most ${FLOOD_PER_SECOND} a second).`,
      );
    }
    return false;
  }

  /** Messages dropped by the flood guard on a connection (tests, the host's page). */
  dropped(connection: string): number {
    return this.buckets.get(connection)?.dropped ?? 0;
  }
}
