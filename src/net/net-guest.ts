/**
 * A guest's browser at a remote table (issue 21): its board shows the host's game and sends its
 * moves there (BoardController.remote/follow); it holds the seats it claimed. Its token, kept in this
 * browser, gives it back those seats after a reload or a dropped line. A battle the host starts with
 * one of its seats is fought on this page's machine, in step with the host's (the worker's netplay).
 * When the host goes away the game waits, and this page tries again until the host is back.
 */
import { fromBase64Url, parseHostMessage } from '../../board/index.ts';
import type { GuestInfo, HostMessage, SeatHolder } from '../../board/index.ts';
import { checkBattleMessage } from '../../rom-core/netplay/index.ts';
import type { BoardController } from '../board-view/controller.ts';
import type { MachineHost } from '../machine/host.ts';
import type { ConsoleRuntime } from '../machine/runtime.ts';
import { errorText } from '../machine/host.ts';
import { setting } from '../platform/settings.ts';
import { GuestLink } from './peer-link.ts';

/** This browser's secret at remote tables (the host knows it by it). */
const TOKEN = setting<string>('o2conquest.net.token', '', (t) => (/^[A-Za-z0-9_-]{16,64}$/.test(t) ? t : undefined));
/** The name this browser goes by at remote tables. */
export const GUEST_NAME = setting<string>('o2conquest.net.name', '', (t) => t.slice(0, 40));
/** Between tries to reach a host that went away. */
const RETRY_MS = 2000;

function token(): string {
  let t = TOKEN.get();
  if (!t) {
    t = Array.from(crypto.getRandomValues(new Uint8Array(18)), (b) => (b % 36).toString(36)).join('');
    TOKEN.set(t);
  }
  return t;
}

/** The host's machine snapshot from a message (base64url); a sentence when it is not. */
function snapshotBytes(text: string): Uint8Array {
  const bytes = fromBase64Url(text);
  if (!bytes) throw new Error('the machine state in the message is not base64url');
  return bytes;
}

export interface NetGuestDeps {
  controller: BoardController;
  machine: MachineHost;
  /** Seats, guests, the line or a battle changed: the page redraws. */
  changed(): void;
}

export type GuestLine = 'joining' | 'joined' | 'away';

export class NetGuest {
  you: string | null = null;
  seats: SeatHolder[] = [];
  guests: GuestInfo[] = [];
  line: GuestLine = 'joining';
  /** Why the line is down, or the last refusal from the host. */
  problem: string | null = null;
  /** The network battle this page fights in (its side), or null. */
  battle: { id: string; side: 0 | 1; report: boolean; both?: boolean } | null = null;
  /** The battle this page watches (others fight it), or null. */
  watching: string | null = null;
  private link: GuestLink | null = null;
  private moves = 0;
  private seq = -1;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    readonly code: string,
    private readonly name: string,
    private readonly deps: NetGuestDeps,
  ) {
    deps.controller.remote = { send: (event) => this.send({ t: 'move', id: ++this.moves, event }) };
    this.cleanups.push(
      deps.machine.on({
        net: (text) => {
          if (this.battle) this.link?.send(text);
        },
        // In a battle between two guests, the reporting one's confirmed frames go to the host, whose machine reads the result.
        netWatch: (frames) => {
          if (this.battle?.report) this.link?.send(JSON.stringify({ t: 'watch', battle: this.battle.id, ...frames }));
        },
      }),
      () => {
        deps.controller.remote = null;
      },
    );
  }

  /** Joins (and after a drop, joins again until the host is back). */
  async connect(): Promise<void> {
    if (this.closed) return;
    this.line = this.link ? 'away' : this.line;
    try {
      const link = await GuestLink.join(this.code, {
        data: (text) => this.receive(text),
        closed: () => this.lost("the host's browser left; the game waits for it (trying again)"),
      });
      if (this.closed) {
        link.close();
        return;
      }
      this.link = link;
      this.line = 'joined';
      this.problem = null;
      link.send(JSON.stringify({ t: 'hello', token: token(), name: this.name }));
    } catch (e) {
      this.lost(errorText(e));
    }
    this.deps.changed();
  }

  private lost(why: string): void {
    this.link?.close();
    this.link = null;
    if (this.battle) void this.endBattle();
    if (this.closed) return;
    this.line = 'away';
    this.problem = why;
    this.deps.changed();
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), RETRY_MS);
  }

  claim(player: string): void {
    this.send({ t: 'claim', player });
  }

  release(player: string): void {
    this.send({ t: 'release', player });
  }

  /** The seats this browser holds. */
  mine(): string[] {
    return this.seats.filter((s) => s.holder === this.you).map((s) => s.player);
  }

  private send(message: object): void {
    if (!this.link) {
      this.deps.controller.say({
        kind: 'error',
        text: 'Not sent: the line to the host is down (the page is trying again).',
      });
      return;
    }
    this.link.send(JSON.stringify(message));
  }

  private receive(text: string): void {
    const r = parseHostMessage(text, checkBattleMessage);
    if (!r.ok) {
      this.problem = `A message from the host was refused: ${r.error}.`;
      this.deps.changed();
      return;
    }
    this.take(r.message);
  }

  private take(m: HostMessage): void {
    const { controller, machine } = this.deps;
    switch (m.t) {
      case 'welcome':
        this.you = m.you;
        break;
      case 'game':
        if (m.seq <= this.seq) return;
        this.seq = m.seq;
        this.seats = m.seats;
        this.guests = m.guests;
        if (m.game) {
          try {
            controller.follow(m.game);
          } catch (e) {
            this.problem = `The host's game could not be shown: ${errorText(e)}.`;
          }
        }
        break;
      case 'answer':
        controller.say(m.ok ? { kind: 'info', text: 'The host took the move.' } : { kind: 'error', text: m.text });
        return;
      case 'notice':
        controller.say({ kind: 'error', text: m.text });
        return;
      case 'ping':
        this.link?.send(JSON.stringify({ t: 'pong', n: m.n }));
        return;
      case 'battle-start':
        void this.startBattle(m.battle, m.state, m.side, m.delay, m.epoch, m.report);
        return;
      case 'watch-start':
        void this.startWatching(m.battle, m.state, m.epoch);
        return;
      case 'solo-start':
        void this.startSolo(m.battle, m.state, m.epoch);
        return;
      case 'watch':
        if (this.watching === m.battle)
          void machine.runtime?.api.watchInput({ epoch: m.epoch, from: m.from, pairs: m.pairs });
        return;
      case 'battle-end':
        if (this.battle?.id === m.battle) void this.endBattle();
        if (this.watching === m.battle) {
          this.watching = null;
          void machine.runtime?.api.watchStop();
          this.deps.changed();
        }
        return;
      case 'battle':
        if (this.battle) void machine.runtime?.api.netInput(JSON.stringify(m));
        return;
    }
    this.deps.changed();
  }

  /**
   * The console's API once its machine runs: a page just loaded (a guest who reloaded mid-battle) may
   * still be starting it when the host's battle start arrives, which must not be dropped.
   */
  private machineApi(): Promise<ConsoleRuntime['api'] | undefined> {
    const machine = this.deps.machine;
    if (machine.runtime) return Promise.resolve(machine.runtime.api);
    return new Promise((resolve) => {
      const off = machine.on({
        booted: () => {
          off();
          resolve(machine.runtime?.api);
        },
      });
    });
  }

  /** The host starts the battle (or, after a desync, starts it again from its state: a later epoch). */
  private async startBattle(
    id: string,
    state: string,
    side: 0 | 1,
    delay: number,
    epoch: number,
    report: boolean,
  ): Promise<void> {
    const api = await this.machineApi();
    if (!api) return;
    try {
      await api.netStart({ state: snapshotBytes(state), side, delay, epoch });
      this.battle = { id, side, report };
      this.problem = null;
    } catch (e) {
      this.problem = `The battle could not start on this console: ${errorText(e)}.`;
    }
    this.deps.changed();
  }

  /** This page holds both seats: it fights the battle alone from the host's state and reports every frame. */
  private async startSolo(id: string, state: string, epoch: number): Promise<void> {
    const api = await this.machineApi();
    if (!api) return;
    try {
      await api.soloStart(snapshotBytes(state), epoch);
      this.battle = { id, side: 0, report: true, both: true };
      this.problem = null;
    } catch (e) {
      this.problem = `The battle could not start on this console: ${errorText(e)}.`;
    }
    this.deps.changed();
  }

  /** Another guest's battle with the host, run here from the host's state with its confirmed frames. */
  private async startWatching(id: string, state: string, epoch: number): Promise<void> {
    const api = await this.machineApi();
    if (!api) return;
    // Watching from now: the frames that follow this start (a late joiner's are sent right after it)
    // reach the worker after the start, in order, so none is dropped while it begins.
    this.watching = id;
    try {
      await api.watchStart(snapshotBytes(state), epoch);
    } catch (e) {
      if (this.watching === id) this.watching = null;
      this.problem = `The battle could not be shown on this console: ${errorText(e)}.`;
    }
    this.deps.changed();
  }

  private async endBattle(): Promise<void> {
    this.battle = null;
    await this.deps.machine.runtime?.api.netStop();
    this.deps.changed();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    for (const c of this.cleanups) c();
    if (this.battle) void this.deps.machine.runtime?.api.netStop();
    if (this.watching) void this.deps.machine.runtime?.api.watchStop();
    this.link?.close();
  }
}
