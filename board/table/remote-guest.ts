/**
 * A guest's side of a remote table (issue 21), headless: its board shows the host's game and sends its
 * moves there; it holds the seats it claimed. Its token (kept by its browser) gives it back those seats
 * after a reload or a dropped line. A battle the host starts with one of its seats is fought on this
 * guest's machine, in step with the host's (the machine's netplay). When the host goes away the game
 * waits, and the guest tries again until the host is back. The browser wires the ports
 * (src/net/net-guest.ts); Node tests give a simulated link and machines of their own.
 */
import { parseHostMessage } from './table-messages.ts';
import type { BattleCheck, GuestInfo, HostMessage, SeatHolder } from './table-messages.ts';
import { fromBase64Url } from '../mail/codec.ts';
import { every } from './ports.ts';
import type { GuestConnection, GuestJoin, GuestSession, NetConsole, NetMachine, TableClock } from './ports.ts';
import { PING_MS } from './remote-host.ts';
import { CHAT_KEPT, chatText, type ChatLine } from './table-chat.ts';

/** Between tries to reach a host that went away. */
export const RETRY_MS = 2000;
/**
 * The host pings every second (PING_MS): a host silent this long is gone (its browser closed or its
 * line died, which PeerJS does not tell), shown away within five seconds as the host shows a guest (issue
 * 34), and joined again until it is back.
 */
export const HOST_SILENT_MS = 5000;

/** The host's machine snapshot from a message (base64url); a sentence when it is not. */
function snapshotBytes(text: string): Uint8Array {
  const bytes = fromBase64Url(text);
  if (!bytes) throw new Error('the machine state in the message is not base64url');
  return bytes;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export interface RemoteGuestDeps {
  session: GuestSession;
  machine: NetMachine;
  join: GuestJoin;
  clock: TableClock;
  /** The battle messages' check (rom-core/netplay's checkBattleMessage: board reaches rom-core's types only). */
  checkBattle: BattleCheck;
  /** This browser's secret at remote tables (the host knows it by it). */
  token: string;
  /** Seats, guests, the line or a battle changed: the page redraws. */
  changed(): void;
}

export type GuestLineState = 'joining' | 'joined' | 'away';

export class RemoteGuest {
  you: string | null = null;
  seats: SeatHolder[] = [];
  guests: GuestInfo[] = [];
  line: GuestLineState = 'joining';
  /** Why the line is down, or the last refusal from the host. */
  problem: string | null = null;
  /** The network battle this guest fights in (its side), or null. */
  battle: { id: string; side: 0 | 1; report: boolean; both?: boolean } | null = null;
  /** The battle this guest watches (others fight it), or null. */
  watching: string | null = null;
  /** The table's chat as this guest has seen it since it last joined, oldest first. */
  chat: ChatLine[] = [];
  private link: GuestConnection | null = null;
  private moves = 0;
  private seq = -1;
  private closed = false;
  private cancelRetry: () => void = () => undefined;
  /** When the host was last heard from (the clock's ms). */
  private heard = 0;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    readonly code: string,
    private readonly name: string,
    private readonly deps: RemoteGuestDeps,
  ) {
    deps.session.sendMoves((event) => this.send({ t: 'move', id: ++this.moves, event }));
    this.cleanups.push(
      deps.machine.on({
        net: (text) => {
          if (this.battle) this.link?.send(text, 'battle');
        },
        // In a battle between two guests, the reporting one's confirmed frames go to the host, whose machine reads the result.
        netWatch: (frames) => {
          if (this.battle?.report) this.link?.send(JSON.stringify({ t: 'watch', battle: this.battle.id, ...frames }));
        },
      }),
      () => deps.session.sendMoves(null),
      every(
        deps.clock,
        () => {
          if (this.link && deps.clock.now() - this.heard > HOST_SILENT_MS)
            this.lost("the host's browser stopped answering; the game waits for it (trying again)");
        },
        PING_MS,
      ),
    );
  }

  /** Joins (and after a drop, joins again until the host is back). */
  async connect(): Promise<void> {
    if (this.closed) return;
    this.line = this.link ? 'away' : this.line;
    try {
      const link = await this.deps.join(this.code, {
        data: (text) => this.receive(text),
        closed: () => this.lost("the host's browser left; the game waits for it (trying again)"),
      });
      if (this.closed) {
        link.close();
        return;
      }
      this.link = link;
      this.heard = this.deps.clock.now();
      this.line = 'joined';
      this.problem = null;
      link.send(JSON.stringify({ t: 'hello', token: this.deps.token, name: this.name }));
    } catch (e) {
      this.lost(errorText(e));
    }
    this.deps.changed();
  }

  private lost(why: string): void {
    this.link?.close();
    this.link = null;
    if (this.closed) return;
    // A battle this guest fights stays on its machine, waiting (it runs no further than its prediction
    // window without the host's sticks): playing on alone would fork it from the host's, which keeps the
    // game. The host's machine starts it again for both when it is back (a new battle start replaces it).
    if (this.battle)
      why =
        "the host's browser left mid-battle; the battle waits for it and starts again from the host's machine when it is back";
    if (this.watching) {
      this.watching = null;
      void this.deps.machine.calls()?.watchStop();
    }
    this.line = 'away';
    this.problem = why;
    this.deps.changed();
    this.cancelRetry();
    this.cancelRetry = this.deps.clock.later(() => void this.connect(), RETRY_MS);
  }

  /** Another page of this browser joined the table: this one steps aside for good (a reload takes it back). */
  private replaced(): void {
    this.close();
    this.link = null;
    this.line = 'away';
    this.problem =
      'This table is open in another page of this browser, which plays here now; reload this page to play here instead.';
    this.deps.changed();
  }

  claim(player: string): void {
    this.send({ t: 'claim', player });
  }

  release(player: string): void {
    this.send({ t: 'release', player });
  }

  /** Says a line at the table's chat: null when sent, else why not (the host may still refuse it: too fast). */
  say(text: string): string | null {
    const c = chatText(text);
    if (!c.ok) return `Not said: ${c.error}.`;
    if (!this.link) return 'Not said: the line to the host is down (the page is trying again).';
    this.link.send(JSON.stringify({ t: 'chat', text: c.text }));
    return null;
  }

  /** The seats this guest holds. */
  mine(): string[] {
    return this.seats.filter((s) => s.holder === this.you).map((s) => s.player);
  }

  private send(message: object): void {
    if (!this.link) {
      this.deps.session.say({
        kind: 'error',
        text: 'Not sent: the line to the host is down (the page is trying again).',
      });
      return;
    }
    this.link.send(JSON.stringify(message));
  }

  private receive(text: string): void {
    this.heard = this.deps.clock.now();
    const r = parseHostMessage(text, this.deps.checkBattle);
    if (!r.ok) {
      this.problem = `A message from the host was refused: ${r.error}.`;
      this.deps.changed();
      return;
    }
    this.take(r.message);
  }

  private take(m: HostMessage): void {
    const { session, machine } = this.deps;
    switch (m.t) {
      case 'welcome':
        this.you = m.you;
        // A welcome starts the host's count of game messages again (a host reloaded counts from 0): one kept from
        // before would drop every game message until the new count passed it (the board froze at the guest).
        this.seq = -1;
        // The host sends what it kept of the chat next (after its own reload, it kept nothing).
        this.chat = [];
        break;
      case 'chat':
        if (this.chat.length && m.n <= this.chat[this.chat.length - 1].n) return;
        this.chat.push({ n: m.n, from: m.from, text: m.text });
        if (this.chat.length > CHAT_KEPT) this.chat.shift();
        break;
      case 'game':
        if (m.seq <= this.seq) return;
        this.seq = m.seq;
        this.seats = m.seats;
        this.guests = m.guests;
        if (m.game) {
          try {
            session.follow(m.game);
          } catch (e) {
            this.problem = `The host's game could not be shown: ${errorText(e)}.`;
          }
        }
        break;
      case 'answer':
        // 'Done.' is the host's plain yes; another sentence with a yes says what follows (an alliance waiting for agreement).
        session.say(
          m.ok
            ? { kind: 'info', text: m.text === 'Done.' ? 'The host took the move.' : m.text }
            : { kind: 'error', text: m.text },
        );
        return;
      case 'notice':
        session.say({ kind: 'error', text: m.text });
        return;
      case 'ping':
        this.link?.send(JSON.stringify({ t: 'pong', n: m.n }));
        return;
      case 'replaced':
        this.replaced();
        return;
      case 'battle-start':
        void this.start({ id: m.battle, side: m.side, report: m.report }, m.state, (calls, state) =>
          calls.netStart({ state, side: m.side, delay: m.delay, epoch: m.epoch }),
        );
        return;
      case 'solo-start':
        // This guest holds both seats: it fights the battle alone from the host's state and reports every frame.
        void this.start({ id: m.battle, side: 0, report: true, both: true }, m.state, (calls, state) =>
          calls.soloStart(state, m.epoch),
        );
        return;
      case 'watch-start':
        void this.startWatching(m.battle, m.state, m.epoch);
        return;
      case 'watch':
        if (this.watching === m.battle)
          void machine.calls()?.watchInput({ epoch: m.epoch, from: m.from, pairs: m.pairs });
        return;
      case 'battle-end':
        if (this.battle?.id === m.battle) void this.endBattle();
        if (this.watching === m.battle) {
          this.watching = null;
          void machine.calls()?.watchStop();
          this.deps.changed();
        }
        return;
      case 'battle':
        if (this.battle) void machine.calls()?.netInput(JSON.stringify(m));
        return;
    }
    this.deps.changed();
  }

  /**
   * The host starts a battle this guest fights (or, after a desync or a return, starts it again from its
   * state: a later epoch): the machine starts it once it runs (a page just loaded may still be starting
   * it, and the start must not be dropped).
   */
  private async start(
    battle: NonNullable<RemoteGuest['battle']>,
    text: string,
    run: (calls: NetConsole, state: Uint8Array) => unknown,
  ): Promise<void> {
    const calls = await this.deps.machine.ready();
    if (!calls) return;
    try {
      await run(calls, snapshotBytes(text));
      this.battle = battle;
      this.problem = null;
    } catch (e) {
      this.problem = `The battle could not start on this console: ${errorText(e)}.`;
    }
    this.deps.changed();
  }

  /** Another guest's battle with the host, run here from the host's state with its confirmed frames. */
  private async startWatching(id: string, state: string, epoch: number): Promise<void> {
    const calls = await this.deps.machine.ready();
    if (!calls) return;
    // Watching from now: the frames that follow this start (a late joiner's are sent right after it)
    // reach the machine after the start, in order, so none is dropped while it begins.
    this.watching = id;
    try {
      await calls.watchStart(snapshotBytes(state), epoch);
    } catch (e) {
      if (this.watching === id) this.watching = null;
      this.problem = `The battle could not be shown on this console: ${errorText(e)}.`;
    }
    this.deps.changed();
  }

  private async endBattle(): Promise<void> {
    this.battle = null;
    await this.deps.machine.calls()?.netStop();
    this.deps.changed();
  }

  close(): void {
    this.closed = true;
    this.cancelRetry();
    for (const c of this.cleanups) c();
    const calls = this.deps.machine.calls();
    if (this.battle) void calls?.netStop();
    if (this.watching) void calls?.watchStop();
    this.link?.close();
  }
}
