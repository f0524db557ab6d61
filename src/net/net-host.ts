/**
 * The host's browser at a remote table (issue 21): it keeps the game (its board's engine is the
 * authority, its autosave keeps it) and answers guests over HostLink through board/net's TableHost.
 * Every change of the game goes to every guest. A battle between a seat held here and one held by a
 * guest is fought on both machines in step (the worker's netplay): this page presses ENTER for it,
 * and once the battle runs, sends the guest the machine's snapshot to start from.
 */
import { HOST, TableHost, checkSeating, serializeGame, toBase64Url } from '../../board/index.ts';
import type {
  BattleRequest,
  BattleStage,
  GuestInfo,
  Seating,
  SeatHolder,
  TableSeating,
  WatchMessage,
} from '../../board/index.ts';
import { jsonSetting } from '../platform/settings.ts';
import { checkBattleMessage } from '../../rom-core/netplay/index.ts';
import type { BoardController } from '../board-view/controller.ts';
import type { MachineHost } from '../machine/host.ts';
import type { NetplayStats } from '../worker/protocol.ts';
import { HostLink } from './peer-link.ts';

/**
 * Frames between reading a stick and the frame it acts in, from the round trip to the guest: on a
 * line where the other side's stick arrives within a frame or two, 1 frame keeps the controls
 * sharp; longer lines take 2 or 3 so fewer frames are run again (GGPO's trade).
 */
export function inputDelay(rttMs: number | null): number {
  if (rttMs === null) return 2;
  return rttMs < 50 ? 1 : rttMs < 150 ? 2 : 3;
}

/**
 * The guests and seats of the table this browser hosts, kept for its reload (board/net/table-seating.ts):
 * the table's code with them, so another table's never comes back. A kept value that fails the check
 * is dropped: the table opens with no guests.
 */
const KEPT_SEATING = jsonSetting<{ code: string; seating: TableSeating } | null>(
  'o2conquest.net.hostSeating',
  null,
  (v) => {
    const o = v as { code?: unknown; seating?: unknown } | null;
    if (typeof o?.code !== 'string') return undefined;
    const checked = checkSeating(o.seating);
    return checked.ok ? { code: o.code, seating: checked.seating } : undefined;
  },
);

/** How often the round trip to each guest is measured. */
const PING_MS = 3000;

export interface NetHostDeps {
  controller: BoardController;
  machine: MachineHost;
  /** Whether a seat is played by a computer here. */
  computer(player: string): boolean;
  /** Seats, guests or the line changed: the page redraws its panel. */
  changed(): void;
  /** Asks the table's battle chart to press ENTER (board's TableBattle.enter); false when no battle waits for it. */
  enter(): boolean;
}

interface NetBattle {
  /**
   * 'duel': this page holds one side, `guest` the other; 'relay': two guests fight it (`guest` the left
   * side, which reports the confirmed frames, `other` the right), this page passes their messages on and
   * its machine runs the reported frames for the result; 'solo': one guest holds both seats and fights
   * it on its own machine, reporting every frame as a relay's left side does.
   */
  kind: 'duel' | 'relay' | 'solo';
  battle: string;
  guest: string;
  other: string | null;
  entered: boolean;
  started: boolean;
  /** This page's side, and the start of the battle the machines count frames from (one more after each repair). */
  side: 0 | 1;
  epoch: number;
  /** Desyncs repaired so far, and the first frame of the first one. */
  repairs: number;
  firstDesync: number | null;
  /** A repair is under way (the machines start again): what comes meanwhile does not start another. */
  repairing: boolean;
  /** The input delay the battle runs with (from the round trip when it began). */
  delay: number;
  /**
   * The machine's state this epoch started from (base64url) and every stick pair confirmed since, for
   * a spectator who joins while the battle runs: it is sent both and catches up.
   */
  state: string;
  pairs: number[];
}

/** Stick pairs a watch message carries at most (board/net's check). */
const WATCH_CHUNK = 4096;

/** How often the host asks its machine whether the two machines' state hashes still agree. */
const CHECK_MS = 500;

export class NetHost {
  readonly table: TableHost;
  problem: string | null = null;
  /** The last network battle's figures (frames, rollbacks, desync), for the host's panel, and its repairs. */
  lastBattle: (NetplayStats & { repairs: number; firstDesync: number | null; delay: number }) | null = null;
  /** The last battle between two guests (their machines' figures stay with them): its input delay and repairs. */
  lastRelay: { delay: number; repairs: number; firstDesync: number | null } | null = null;
  private checker: ReturnType<typeof setInterval> | undefined;
  private lastGame: unknown;
  private battle: NetBattle | null = null;
  private readonly cleanups: (() => void)[] = [];

  private constructor(
    private readonly link: HostLink,
    private readonly deps: NetHostDeps,
    table: (host: NetHost) => TableHost,
  ) {
    this.table = table(this);
    const { controller, machine } = deps;
    controller.guard = (event) => this.table.hostRefusal(event);
    this.lastGame = controller.gameState();
    this.cleanups.push(
      controller.subscribe(() => {
        const now = controller.gameState();
        if (now === this.lastGame) return;
        this.lastGame = now;
        this.table.publish();
      }),
      machine.on({
        net: (text) => {
          if (this.battle?.started) this.sendTo(this.battle.guest, text);
        },
        netWatch: (frames) => {
          const b = this.battle;
          if (b?.started && b.kind === 'duel') {
            this.keepPairs(b, frames);
            this.toSpectators(b, JSON.stringify({ t: 'watch', battle: b.battle, ...frames }));
          }
        },
      }),
      () => {
        controller.guard = null;
      },
    );
    const pinger = setInterval(() => this.table.pingAll(), PING_MS);
    this.cleanups.push(() => clearInterval(pinger));
  }

  /** Opens the table under `code` (rejects with a sentence: the relay cannot be reached, the code is taken). */
  static async open(code: string, deps: NetHostDeps): Promise<NetHost> {
    const ref: { host?: NetHost } = {};
    const link = await HostLink.open(code, {
      data: (connection, text) => ref.host?.table.receive(connection, text),
      closed: (connection) => ref.host?.table.closed(connection),
      problem: (text) => {
        if (!ref.host) return;
        ref.host.problem = text;
        deps.changed();
      },
    });
    const kept = KEPT_SEATING.get();
    const self = new NetHost(
      link,
      deps,
      (host) =>
        new TableHost(
          {
            send: (connection, message) => link.send(connection, JSON.stringify(message)),
            players: () => deps.controller.gameState()?.players.map((p) => p.name) ?? [],
            computer: (player) => deps.computer(player),
            act: (event) => deps.controller.actFor(event),
            game: () => {
              const state = deps.controller.gameState();
              return state ? serializeGame(state) : '';
            },
            checkBattle: checkBattleMessage,
            battle: (guest, message) => host.fromGuest(guest, message),
            watch: (guest, message) => host.reported(guest, message),
            welcomed: (guest) => host.welcomed(guest),
            changed: () => deps.changed(),
            drop: (connection) => link.drop(connection),
            keep: (seating) => KEPT_SEATING.set({ code, seating }),
            now: () => performance.now(),
          },
          kept?.code === code ? kept.seating : undefined,
        ),
    );
    ref.host = self;
    self.table.publish();
    return self;
  }

  get code(): string {
    return this.link.code;
  }

  seats(): SeatHolder[] {
    return this.table.seatList();
  }

  guests(): GuestInfo[] {
    return this.table.guestList();
  }

  /** The guest's name holding `player`'s seat, or null (this browser's). */
  heldBy(player: string): string | null {
    const holder = this.table.holder(player);
    return holder === HOST ? null : (this.table.guestList().find((g) => g.id === holder)?.name ?? holder);
  }

  /**
   * How this battle is fought across browsers: a duel with one guest (one seat here, one there), a
   * relay between two guests, solo at the one guest holding both seats (two people at its keyboard),
   * or null (both seats here: fought on this machine as at a table with one keyboard).
   */
  private planFor(id: string, seating: Seating): NetBattle | null {
    const red = this.table.holder(seating.red);
    const blue = this.table.holder(seating.blue);
    const base = {
      battle: id,
      entered: false,
      started: false,
      epoch: 0,
      repairs: 0,
      firstDesync: null,
      repairing: false,
      state: '',
      pairs: [],
    };
    const rtt = (g: string): number | null => this.table.rttOf(g);
    if (red === HOST && blue !== HOST)
      return { ...base, kind: 'duel', guest: blue, other: null, side: 0, delay: inputDelay(rtt(blue)) };
    if (blue === HOST && red !== HOST)
      return { ...base, kind: 'duel', guest: red, other: null, side: 1, delay: inputDelay(rtt(red)) };
    if (red !== HOST && red === blue) return { ...base, kind: 'solo', guest: red, other: null, side: 0, delay: 0 };
    if (red !== HOST && blue !== HOST && red !== blue) {
      // Their messages go through this page: the line between them is both round trips.
      const a = rtt(red);
      const b = rtt(blue);
      return {
        ...base,
        kind: 'relay',
        guest: red,
        other: blue,
        side: 0,
        delay: inputDelay(a === null || b === null ? null : a + b),
      };
    }
    return null;
  }

  /** Whether the battle on the console is fought with a guest's browser now (its keys steer there). */
  get battling(): boolean {
    return this.battle?.started === true;
  }

  /** Follows the table's battle: ENTER pressed here for a battle with a guest, the guest brought in once it runs. */
  async battleStage(stage: BattleStage, request: BattleRequest | null, seating: Seating | null): Promise<void> {
    const api = this.deps.machine.runtime?.api;
    if (!api) return;
    const id = request?.id ?? 'battle';
    const plan = seating && (stage === 'enter' || stage === 'fighting') ? this.planFor(id, seating) : null;
    if (plan) {
      if (!this.battle || this.battle.battle !== id) this.battle = plan;
      const b = this.battle;
      if (stage === 'enter' && !b.entered) {
        b.entered = true;
        // Both players are at their own keyboards: the battle starts when the host's table asks its chart for ENTER.
        this.deps.enter();
      } else if (stage === 'fighting' && !b.started) {
        b.started = true;
        await this.begin(b);
        if (b.kind === 'duel') this.checker = setInterval(() => void this.check(), CHECK_MS);
        this.deps.changed();
      }
      return;
    }
    if (this.battle && stage !== 'enter' && stage !== 'fighting') {
      const b = this.battle;
      this.battle = null;
      clearInterval(this.checker);
      if (b.started && b.kind === 'duel') {
        const stats = await api.netStop();
        this.lastBattle = stats
          ? { ...stats, repairs: b.repairs, firstDesync: b.firstDesync ?? stats.desync, delay: b.delay }
          : null;
      } else if (b.started) {
        await api.watchStop();
        if (b.kind === 'relay') this.lastRelay = { delay: b.delay, repairs: b.repairs, firstDesync: b.firstDesync };
      }
      if (b.started) {
        const end = JSON.stringify({ t: 'battle-end', battle: b.battle });
        this.sendTo(b.guest, end);
        if (b.other) this.sendTo(b.other, end);
        this.toSpectators(b, end);
      }
      this.deps.changed();
    }
  }

  /**
   * The machines start (again) from this machine's state now. A duel: this page plays its side and the
   * guest is sent the state. A relay: this machine watches, each guest is sent the state and its side.
   * Spectators run the same battle from the same state with its confirmed frames.
   */
  private async begin(b: NetBattle): Promise<void> {
    const api = this.deps.machine.runtime?.api;
    if (!api) return;
    const state = toBase64Url(
      b.kind === 'duel'
        ? await api.netStart({ side: b.side, delay: b.delay, epoch: b.epoch })
        : await api.watchHere(b.epoch),
    );
    b.state = state;
    b.pairs = [];
    const start = (side: 0 | 1, report: boolean): string =>
      JSON.stringify({ t: 'battle-start', battle: b.battle, state, side, delay: b.delay, epoch: b.epoch, report });
    if (b.kind === 'duel') this.sendTo(b.guest, start(b.side === 0 ? 1 : 0, false));
    else if (b.kind === 'solo')
      this.sendTo(b.guest, JSON.stringify({ t: 'solo-start', battle: b.battle, state, epoch: b.epoch }));
    else {
      this.sendTo(b.guest, start(0, true));
      if (b.other) this.sendTo(b.other, start(1, false));
    }
    this.toSpectators(b, JSON.stringify({ t: 'watch-start', battle: b.battle, state, epoch: b.epoch }));
  }

  /** Keeps a battle's confirmed frames in order (a late spectator is sent them all); a gap or another epoch is not kept. */
  private keepPairs(b: NetBattle, frames: { epoch: number; from: number; pairs: number[] }): void {
    if (frames.epoch !== b.epoch || frames.from > b.pairs.length) return;
    for (let i = b.pairs.length - frames.from; i < frames.pairs.length; i++) b.pairs.push(frames.pairs[i]);
  }

  /**
   * A guest said hello. One who joins (or comes back) while a battle others fight runs is sent its
   * start and every frame confirmed so far: its console catches up and shows the battle live. A fighter
   * of the battle who comes back (a reload, a dropped line) lost its machine's battle: the battle starts
   * again on every machine from this page's state (a new epoch), as after a desync, so it goes on.
   */
  private welcomed(guest: string): void {
    const b = this.battle;
    if (!b?.started) return;
    if (guest === b.guest || guest === b.other) {
      void this.rejoin(b);
      return;
    }
    this.sendTo(guest, JSON.stringify({ t: 'watch-start', battle: b.battle, state: b.state, epoch: b.epoch }));
    for (let from = 0; from < b.pairs.length; from += WATCH_CHUNK) {
      const pairs = b.pairs.slice(from, from + WATCH_CHUNK);
      this.sendTo(guest, JSON.stringify({ t: 'watch', battle: b.battle, epoch: b.epoch, from, pairs }));
    }
  }

  /** Every guest connected now but those fighting the battle. */
  private toSpectators(b: NetBattle, text: string): void {
    for (const g of this.table.guestList())
      if (g.online && g.id !== b.guest && g.id !== b.other) this.sendTo(g.id, text);
  }

  /** A battle message from a guest: to this machine in a duel, on to the other guest in a relay. */
  private fromGuest(guest: string, message: object): void {
    const b = this.battle;
    if (!b?.started) return;
    if (b.kind === 'duel' && guest === b.guest) void this.deps.machine.runtime?.api.netInput(JSON.stringify(message));
    else if (b.kind === 'relay' && b.other && (guest === b.guest || guest === b.other))
      this.sendTo(guest === b.guest ? b.other : b.guest, JSON.stringify(message));
  }

  /** The reporting guest's confirmed frames of a relay: this machine runs them (the result is read here), spectators too. */
  private reported(guest: string, message: WatchMessage): void {
    const b = this.battle;
    if (!b?.started || b.kind === 'duel' || guest !== b.guest || message.battle !== b.battle) return;
    const { epoch, from, pairs, desync } = message;
    void this.deps.machine.runtime?.api.watchInput({ epoch, from, pairs });
    this.keepPairs(b, message);
    this.toSpectators(b, JSON.stringify({ t: 'watch', battle: b.battle, epoch, from, pairs }));
    if (desync !== undefined && epoch === b.epoch) void this.repair(b, desync);
  }

  /**
   * The hashes exchanged every few frames disagreed (the two machines went apart): the battle starts
   * again on both from this machine's state, which counts (the host keeps the game), and it is said.
   */
  private async check(): Promise<void> {
    const b = this.battle;
    const api = this.deps.machine.runtime?.api;
    if (!b?.started || b.kind !== 'duel' || !api) return;
    const stats = await api.netStats();
    if (stats?.desync == null || this.battle !== b) return;
    await this.repair(b, stats.desync);
  }

  /**
   * The two machines fighting `b` went apart at `frame`: both start again from this machine's state
   * (in a duel this page's own machine; between two guests the one that runs their confirmed frames,
   * which is where the result is read), a new epoch, and it is said in the host's panel.
   */
  private async repair(b: NetBattle, frame: number): Promise<void> {
    if (b.repairing || this.battle !== b) return;
    b.repairing = true;
    try {
      b.firstDesync ??= frame;
      b.repairs++;
      b.epoch++;
      await this.begin(b);
    } finally {
      b.repairing = false;
    }
    this.deps.changed();
  }

  /** A fighter came back mid-battle: the battle goes on from this machine's state on every machine (not a desync). */
  private async rejoin(b: NetBattle): Promise<void> {
    if (b.repairing || this.battle !== b) return;
    b.repairing = true;
    try {
      b.epoch++;
      await this.begin(b);
    } finally {
      b.repairing = false;
    }
    this.deps.changed();
  }

  private sendTo(guest: string, text: string): void {
    const connection = this.table.connectionOf(guest);
    if (connection !== null) this.link.send(connection, text);
  }

  close(): void {
    clearInterval(this.checker);
    for (const c of this.cleanups) c();
    if (this.battle?.started)
      void (this.battle.kind === 'duel'
        ? this.deps.machine.runtime?.api.netStop()
        : this.deps.machine.runtime?.api.watchStop());
    this.link.close();
  }
}
