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
import { AllianceProposals } from './alliance-proposals.ts';
import { FLOOD_PER_SECOND, FloodGuard } from './flood-guard.ts';
import { TableChat, type ChatLine } from './table-chat.ts';
import { claimVerdict } from './seat-claim.ts';
import type { Guest } from './guest-line.ts';
import { GuestRoster } from './guest-roster.ts';
import type { TableHostPorts } from './table-host-ports.ts';
import { parseGuestMessage, type GuestInfo, type HostMessage, type SeatHolder } from './table-messages.ts';

export { AWAY_OFFER_MS, MISSED_PINGS, TRIPS_KEPT } from './guest-line.ts';
export type { TableHostPorts } from './table-host-ports.ts';

/** The holder id of the host's own browser (its people and its computer seats). */
export const HOST = 'host';

export class TableHost {
  private readonly roster: GuestRoster;
  /** Seats held by guests: the seat's key -> the guest's id. A seat not here is the host's. */
  private readonly seats = new Map<string, string>();
  private readonly flood = new FloodGuard();
  /** Seats the host keeps for its own keyboard, by key: no guest may take them. */
  private readonly kept = new Set<string>();
  /** Tokens of guests the host removed: their hello is refused. */
  private readonly barred = new Set<string>();
  /** Alliances proposed across browsers, waiting for every holder of their seats to agree (rule 18). */
  private readonly proposals = new AllianceProposals();
  /** The table's chat line: its last lines, and each speaker's allowance. */
  private readonly chat = new TableChat();
  private lastGame = '';
  private seq = 0;
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
    this.roster = new GuestRoster(kept, ports.now());
    if (!kept) return;
    for (const [seat, id] of kept.seats) this.seats.set(seat, id);
    for (const seat of kept.kept ?? []) this.kept.add(seat);
    for (const token of kept.barred ?? []) this.barred.add(token);
  }

  /** The guests and their seats, for the host's page to keep (see the constructor). */
  seating(): TableSeating {
    return {
      v: 1,
      nextId: this.roster.nextId,
      guests: this.roster.kept(),
      seats: [...this.seats],
      kept: [...this.kept],
      barred: [...this.barred].slice(-64),
    };
  }

  /** Who holds `player`'s seat: HOST or a guest's id. */
  holder(player: string): string {
    return this.seats.get(seatKey(player)) ?? HOST;
  }

  /** The guests that said hello, and whether each is connected now. */
  guestList(): GuestInfo[] {
    return this.roster.infos();
  }

  seatList(): SeatHolder[] {
    return this.ports.players().map((player) => {
      const holder = this.holder(player);
      return holder === HOST && this.kept.has(seatKey(player)) ? { player, holder, kept: true } : { player, holder };
    });
  }

  /** Whether the host keeps `player`'s seat for its own keyboard. */
  isKept(player: string): boolean {
    return this.kept.has(seatKey(player));
  }

  /** The host keeps a seat for its own keyboard (no guest may take it), or opens it to guests again. */
  keep(player: string, on: boolean): void {
    const key = seatKey(player);
    if (on === this.kept.has(key)) return;
    if (on) this.kept.add(key);
    else this.kept.delete(key);
    this.publish();
  }

  /**
   * The host removes a guest: its seats are the host's again, its connection is closed and its token
   * barred, so its page cannot say hello again (a stranger who joined, one filling the table).
   */
  remove(guestId: string): void {
    const guest = this.roster.byId(guestId);
    if (!guest) return;
    if (guest.connection !== null) {
      this.ports.send(guest.connection, { t: 'notice', text: 'The host removed you from this table.' });
      this.flood.forget(guest.connection);
      this.ports.drop?.(guest.connection);
    }
    for (const [seat, id] of [...this.seats]) if (id === guestId) this.seats.delete(seat);
    this.roster.remove(guest);
    this.barred.add(guest.token);
    this.chat.forget(guest.id);
    this.publish();
  }

  /** The guest on a connection, if it said hello. */
  guestOn(connection: string): Guest | undefined {
    return this.roster.on(connection);
  }

  /** Why the host's own page may not make `event` (a guest holds the seat), or null. */
  hostRefusal(event: GameEvent): string | null {
    if (!this.roster.list.length) return null;
    if (event.type === 'alliance.form') return this.agree(HOST, event.players);
    const why = seatRefusal(event, HOST, (p) => this.holder(p), 'this browser');
    if (why === null || why.startsWith('only the host')) return null;
    const seat = why.match(/^(.*)'s seat/)?.[1];
    const guest = seat ? this.roster.byId(this.holder(seat)) : undefined;
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
      case 'chat':
        this.said(guest.id, guest.name, m.text, guest.connection);
        return;
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
    const { gone, ping } = this.roster.due();
    for (const connection of gone) {
      this.closed(connection);
      this.ports.drop?.(connection);
    }
    for (const g of ping) if (g.connection !== null) this.ping(g, g.connection);
  }

  private ping(g: Guest, connection: string): void {
    this.ports.send(connection, { t: 'ping', n: this.roster.ping(g, this.ports.now()) });
  }

  /** A guest's round trip in milliseconds, or null before one was measured. */
  rttOf(guestId: string): number | null {
    return this.roster.byId(guestId)?.rttMs ?? null;
  }

  private pong(guest: Guest, n: number): void {
    if (this.roster.pong(guest, n, this.ports.now())) this.ports.changed?.();
  }

  /** A connection closed: its guest keeps its seats until it comes back (or the host frees them). */
  closed(connection: string): void {
    const guest = this.roster.down(connection, this.ports.now());
    this.flood.forget(connection);
    if (guest) this.publish();
  }

  /**
   * The seats whose guest has been away at least `ms` by the host's clock (AWAY_OFFER_MS: the panel offers
   * them to a computer or to be freed), with the guest's name and how long.
   */
  overdue(ms: number): { player: string; name: string; awayMs: number }[] {
    const now = this.ports.now();
    return this.ports.players().flatMap((player) => {
      const id = this.seats.get(seatKey(player));
      const g = id === undefined ? undefined : this.roster.byId(id);
      const awayMs = g ? this.roster.awayMs(g, now) : -1;
      return g && awayMs >= ms ? [{ player, name: g.name, awayMs }] : [];
    });
  }

  /** The host frees a seat (its guest left for good): it is the host's again. */
  free(player: string): void {
    if (this.seats.delete(seatKey(player))) this.publish();
  }

  /** Sends the game and the seats to every connected guest (after every change of the game). */
  publish(): void {
    const game = this.ports.game();
    // A step of the game since: an alliance proposed before it is proposed no more.
    if (game !== this.lastGame) {
      this.lastGame = game;
      this.proposals.clear();
    }
    const message: HostMessage = {
      t: 'game',
      seq: ++this.seq,
      game,
      seats: this.seatList(),
      guests: this.guestList(),
    };
    for (const g of this.roster.list) if (g.connection !== null) this.ports.send(g.connection, message);
    this.ports.keep?.(this.seating());
    this.ports.changed?.();
  }

  /** The guest's id on a connection (to send it battle messages), or undefined. */
  connectionOf(guestId: string): string | null {
    return this.roster.byId(guestId)?.connection ?? null;
  }

  private hello(connection: string, token: string, name: string): void {
    if (this.barred.has(token)) return this.refuse(connection, 'The host removed this browser from this table.');
    const joined = this.roster.join(connection, token, name, (id) => [...this.seats.values()].includes(id));
    if ('refused' in joined) return this.refuse(connection, joined.refused);
    const { guest, older } = joined;
    // The same browser back on a new connection while an older one is open: another page of that browser (a
    // second tab), told so it stops sending on a line the host no longer reads (its battle's sticks went
    // nowhere and the battle waited for good). Not dropped here: a line dropped at once loses what was sent.
    if (older !== null) this.ports.send(older, { t: 'replaced' });
    this.ports.send(connection, { t: 'welcome', you: guest.id });
    // What was said before it joined (or while it reloaded): a guest shows each numbered line once.
    for (const line of this.chat.lines()) this.ports.send(connection, { t: 'chat', ...line });
    this.publish();
    this.ports.welcomed?.(guest.id);
    // Only the newcomer is pinged now: a hello must not count as a ping the others left unanswered.
    this.ping(guest, connection);
  }

  private claim(guest: Guest, player: string): void {
    const v = claimVerdict(guest.id, player, {
      players: this.ports.players(),
      holder: (p) => this.holder(p),
      guestName: (id) => this.roster.byId(id)?.name,
      computer: (p) => this.ports.computer(p),
      kept: (p) => this.kept.has(seatKey(p)),
      busy: (p) => this.ports.busySeat?.(p) ?? null,
    });
    if ('refused' in v) return this.refuse(guest.connection!, v.refused);
    if ('already' in v) return;
    this.seats.set(seatKey(v.take), guest.id);
    this.publish();
  }

  private release(guest: Guest, player: string): void {
    if (this.seats.get(seatKey(player)) !== guest.id)
      return this.refuse(guest.connection!, `${player.slice(0, 64)}'s seat is not yours to give back.`);
    const busy = this.ports.busySeat?.(player);
    if (busy) return this.refuse(guest.connection!, busy);
    this.seats.delete(seatKey(player));
    this.publish();
  }

  private move(guest: Guest, id: number, event: GameEvent): void {
    const why = seatRefusal(event, guest.id, (p) => this.holder(p), 'your browser');
    if (why) return this.answer(guest, id, false, `Refused: ${why}.`);
    if (event.type === 'alliance.form') {
      const waiting = this.agree(guest.id, event.players);
      if (waiting) return this.answer(guest, id, true, waiting);
    }
    const refusal = this.ports.act(event);
    if (refusal) return this.answer(guest, id, false, `Refused: ${refusal}.`);
    this.answer(guest, id, true, 'Done.');
    // The host's page publishes the game once its board has taken the move (its change is seen there).
  }

  /**
   * Rule 16: an alliance is every player's in it. Across browsers, each browser holding one of its seats
   * forms the same alliance to agree (the host's page for the host's seats); the last to agree makes it.
   * Null when every holder has agreed (the move goes on to the rules), else whose agreement it waits for.
   */
  private agree(holder: string, players: readonly string[]): string | null {
    const why = this.proposals.propose(
      holder,
      players,
      (p) => this.holder(p),
      (h, text) => {
        const connection = h === HOST ? null : this.connectionOf(h);
        if (connection !== null) this.ports.send(connection, { t: 'notice', text });
      },
    );
    if (why) this.ports.changed?.();
    return why;
  }

  /** The host's browser says a line at the table's chat: null when said, else why not. */
  say(text: string): string | null {
    return this.said(HOST, 'The host', text, null);
  }

  /** The chat's last lines, oldest first. */
  chatLines(): readonly ChatLine[] {
    return this.chat.lines();
  }

  /** A line said (by a guest on `connection`, or the host's browser with null): to every guest, or refused to its speaker. */
  private said(speaker: string, from: string, text: string, connection: string | null): string | null {
    const line = this.chat.say(speaker, from, text, this.ports.now());
    if (typeof line === 'string') {
      if (connection !== null) this.ports.send(connection, { t: 'notice', text: line });
      return line;
    }
    for (const g of this.roster.list) if (g.connection !== null) this.ports.send(g.connection, { t: 'chat', ...line });
    this.ports.changed?.();
    return null;
  }

  /** The alliances proposed across browsers and waiting for agreement (the host's page may show them). */
  proposed(): string[][] {
    return this.proposals.list();
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

  /** The flood guard lets a message through, or drops it (said once per flood). */
  private admit(connection: string): boolean {
    const verdict = this.flood.admit(connection, this.ports.now());
    if (verdict === 'tell')
      this.refuse(
        connection,
        `Messages are coming too fast; ${this.flood.dropped(connection)} dropped (at most ${FLOOD_PER_SECOND} a second).`,
      );
    return verdict === 'ok';
  }

  /** Messages dropped by the flood guard on a connection (tests, the host's page). */
  dropped(connection: string): number {
    return this.flood.dropped(connection);
  }
}
