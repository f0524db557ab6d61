/**
 * The host's side of a remote table (issue 21), headless: the host keeps the game (its session is the
 * authority) and answers guests through board/table's TableHost over the link port. Every change of the
 * game goes to every guest. A battle between a seat held here and one held by a guest is fought on
 * both machines in step (the machine's netplay): the host asks its battle chart for ENTER, and once
 * the battle runs, sends the guest the machine's snapshot to start from. The browser wires the ports
 * (src/net/net-host.ts); Node tests give a simulated link and machines of their own.
 */
import { HOST, type TableHost } from './table-host.ts';
import type { GuestInfo, SeatHolder, WatchMessage } from './table-messages.ts';
import { toBase64Url } from '../mail/codec.ts';
import { every } from './ports.ts';
import type { HostLinkPort, Lane } from './ports.ts';
import { hostTable, type RemoteHostDeps } from './host-table.ts';
import { KeptEpochs, awayFighters, catchUp, fighterStarts } from './remote-battle.ts';
import { keepPairs, planBattle, programsForGuests, startHold } from './remote-battle.ts';
import type { AwayFighter, DuelFigures, RelayFigures, RemoteBattle } from './remote-battle.ts';
import { RelayWitness } from './relay-witness.ts';
import { ReportStall, withStalled, type StalledSeat } from './report-stall.ts';
import type { BattleMessage } from '../../rom-core/netplay/index.ts';
import type { Seating } from './battle-checks.ts';

/** How often the round trip to each guest is measured (and a guest that stopped answering found: board/table's MISSED_PINGS). */
export const PING_MS = 1000;
/** How often the host asks its machine whether the two machines' state hashes still agree. */
const CHECK_MS = 500;

export class RemoteHost {
  readonly table: TableHost;
  /** The line's trouble (the relay lost), for the panel. */
  problem: string | null = null;
  lastBattle: DuelFigures | null = null;
  lastRelay: RelayFigures | null = null;
  private stopChecking: () => void = () => undefined;
  private lastGame: unknown;
  /** The game state whose battle the console refused to program for guests (not tried again). */
  private refusedAt: unknown = null;
  private battle: RemoteBattle | null = null;
  /**
   * Each guest's round trip as its last battle with this machine measured it (ms): a stick's own path,
   * worker to worker, where the table's pings pass both pages' main threads. Preferred when known.
   */
  private readonly measured = new Map<string, number>();
  /** The battle's last epoch, kept across the host's reload (remote-battle.ts). */
  private readonly epochs: KeptEpochs;
  /** When a relay's report last moved on: a reporter that answers pings but stops reporting counts as away. */
  private readonly stall: ReportStall;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly link: HostLinkPort,
    private readonly deps: RemoteHostDeps,
  ) {
    const { session, machine, clock } = deps;
    this.epochs = new KeptEpochs(deps.storage);
    this.stall = new ReportStall(() => clock.now());
    this.table = hostTable(link, deps, {
      battle: (guest, message) => this.fromGuest(guest, message),
      watch: (guest, message) => this.reported(guest, message),
      welcomed: (guest) => this.welcomed(guest),
      changed: () => {
        deps.changed();
        // A guest came (back) or took a seat: a battle that waits for it may be programmed now; a seat the
        // host freed mid-battle (its guest gone for good) changes who fights it where.
        this.programForGuests();
        this.replan();
      },
    });
    session.guard((event) => this.table.hostRefusal(event));
    this.lastGame = session.gameState();
    this.cleanups.push(
      session.subscribe(() => {
        const now = session.gameState();
        if (now === this.lastGame) return;
        this.lastGame = now;
        this.table.publish();
        this.programForGuests();
      }),
      deps.battle.subscribe(() => {
        void this.follow();
        this.programForGuests();
      }),
      machine.on({
        net: (text) => {
          if (this.battle?.started) this.sendTo(this.battle.guest, text, 'battle');
        },
        netWatch: (frames) => {
          const b = this.battle;
          if (b?.started && b.kind === 'duel') {
            keepPairs(b, frames);
            this.toSpectators(b, JSON.stringify({ t: 'watch', battle: b.battle, ...frames }));
          }
        },
      }),
      () => session.guard(null),
      every(clock, () => this.table.pingAll(), PING_MS),
    );
    this.table.publish();
    // A page reloaded with a battle waiting (weapons chosen) programs it again for its guests; one reloaded
    // mid-battle may have taken the battle up from its machine's autosave before the table opened: it is
    // fought with its guests from here.
    this.programForGuests();
    void this.follow();
  }

  get code(): string {
    return this.link.code;
  }

  /** A message from a guest's connection (the link hands each one here). */
  receive(connection: string, text: string): void {
    this.table.receive(connection, text);
  }

  /** A guest's connection closed. */
  closed(connection: string): void {
    this.table.closed(connection);
  }

  seats(): SeatHolder[] {
    return this.table.seatList();
  }

  guests(): GuestInfo[] {
    return this.table.guestList();
  }

  /** The guest's name holding `player`'s seat, or null (the host's). */
  heldBy(player: string): string | null {
    const holder = this.table.holder(player);
    return holder === HOST ? null : (this.table.guestList().find((g) => g.id === holder)?.name ?? holder);
  }

  /** Whether the battle on the console is fought with a guest's browser now (its keys steer there). */
  get battling(): boolean {
    return this.battle?.started === true;
  }

  /** The fighters of the battle the table is at (under way or to program) whose guest's browser is away: it waits for them. */
  awayFighters(): AwayFighter[] {
    const battle = this.deps.battle;
    const request = battle.busy ? battle.state.request : battle.waiting;
    const players = request ? [request.attacker.player, request.defender.player] : [];
    return withStalled(
      awayFighters(players, (p) => this.table.holder(p), this.table.guestList()),
      this.stalledSeats(),
    );
  }

  /**
   * The seats of the relay under way whose reporting guest stopped reporting it (report-stall.ts), with how
   * long: the panel offers them as it does an away guest's (TableHost.overdue).
   */
  stalledSeats(): StalledSeat[] {
    const b = this.battle;
    const request = this.deps.battle.state.request;
    const ms = this.stall.stalledMs();
    if (!b?.started || b.kind !== 'relay' || !request || ms === null) return [];
    return [request.attacker.player, request.defender.player]
      .filter((p) => this.table.holder(p) === b.guest)
      .map((player) => ({ player, name: this.nameOf(b.guest), awayMs: ms, stalled: true }));
  }

  /**
   * The host fights the battle under way again from its start (a fighter's browser went away): the machines
   * stop fighting it in step (the guests told it ended), then the table drops it (nothing recorded, its
   * machine back at program entry); it is programmed again once its fighters are back. False: none waits.
   */
  async fightAgain(): Promise<boolean> {
    const away = this.awayFighters();
    if (!this.deps.battle.busy || away.length === 0) return false;
    const b = this.battle;
    if (b) {
      this.battle = null;
      b.dropped = true;
      await this.ended(b);
    }
    const who = away.map((a) => a.player).join(' and ');
    return this.deps.battle.drop(`the host fights it again once ${who} ${away.length > 1 ? 'are' : 'is'} back`);
  }

  /** A battle a guest fights is programmed here once both weapons are chosen (remote-battle.ts) and its fighters are present. */
  private programForGuests(): void {
    const battle = this.deps.battle;
    const at = this.deps.session.gameState();
    if (at === this.refusedAt || !programsForGuests(battle, this.deps.computer, (p) => this.table.holder(p))) return;
    // A page reloaded mid-battle finds the battle running on its machine (restored from its autosave): taken up, not
    // programmed again. A fighter's browser away: only that (a battle begun without them would wait at its start).
    const away = this.awayFighters().length > 0;
    void (away ? battle.resume() : battle.takeUpOrProgram()).then(() => {
      // Refused (the console runs another cartridge…): not again for this state; a person at the host can try.
      if (battle.state.stage === 'ready' && battle.state.error) this.refusedAt = at;
    });
  }

  /** Follows the table's battle: ENTER asked for a battle with a guest, the guest brought in once it runs, told when it ends. */
  private async follow(): Promise<void> {
    const { stage, request, seating } = this.deps.battle.state;
    const id = request?.id ?? 'battle';
    const plan = seating && (stage === 'enter' || stage === 'fighting') ? this.plan(id, seating) : null;
    if (plan) {
      if (!this.battle || this.battle.battle !== id) this.battle = { ...plan, epoch: this.epochs.next(id) };
      const b = this.battle;
      if (stage === 'enter' && !b.entered) {
        b.entered = true;
        // Both players are at their own keyboards: the battle starts when the host's table asks its chart for ENTER.
        this.deps.battle.enter();
      } else if (stage === 'fighting' && !b.started) {
        b.started = true;
        await this.begin(b);
        this.stopChecking = this.checking(b);
        this.deps.changed();
      }
      return;
    }
    if (this.battle && stage !== 'enter' && stage !== 'fighting') await this.ended(this.battle);
  }

  /** The table's battle left its fight: the machines run on their own, everyone is told. */
  private async ended(b: RemoteBattle): Promise<void> {
    this.battle = null;
    this.stopChecking();
    const calls = this.deps.machine.calls();
    if (b.started && b.kind === 'duel') {
      const stats = calls ? await calls.netStop() : null;
      if (!b.dropped)
        this.lastBattle = stats
          ? { ...stats, repairs: b.repairs, firstDesync: b.firstDesync ?? stats.desync, delay: b.delay }
          : null;
      if (stats?.rttMs != null) this.measured.set(b.guest, stats.rttMs);
    } else if (b.started) {
      await calls?.watchStop();
      if (b.kind === 'relay' && !b.dropped)
        this.lastRelay = { delay: b.delay, repairs: b.repairs, firstDesync: b.firstDesync };
    }
    if (b.started) this.tellEnded(b);
    this.deps.changed();
  }

  /** Every machine running `b` with this one (its fighters', its spectators') is told it ended. */
  private tellEnded(b: RemoteBattle): void {
    const end = JSON.stringify({ t: 'battle-end', battle: b.battle });
    this.sendTo(b.guest, end);
    if (b.other) this.sendTo(b.other, end);
    this.toSpectators(b, end);
  }

  /**
   * The seats of the battle under way changed hands (the host freed a seat whose guest left for good, or
   * removed the guest): the battle goes on from this machine's state as the seats now say. With both
   * seats here it goes on on this machine alone, the guests' machines told it ended; otherwise it starts
   * again between the machines that now fight it (a new epoch).
   */
  private replan(): void {
    const b = this.battle;
    const seating = this.deps.battle.state.seating;
    if (!b?.started || b.repairing || !seating) return;
    const next = this.plan(b.battle, seating);
    if (next && next.kind === b.kind && next.guest === b.guest && next.other === b.other) return;

    void this.handOver(b, next);
  }

  private async handOver(b: RemoteBattle, next: RemoteBattle | null): Promise<void> {
    b.repairing = true;
    this.stopChecking();
    const calls = this.deps.machine.calls();
    await (b.kind === 'duel' ? calls?.netStop() : calls?.watchStop());
    this.tellEnded(b);
    b.repairing = false;
    if (this.battle !== b) return;
    this.battle = next;
    if (next) {
      next.entered = true;
      next.started = true;
      next.epoch = b.epoch + 1;
      await this.begin(next);
      this.stopChecking = this.checking(next);
    }
    this.deps.changed();
  }

  /**
   * The machines start (again) from this machine's state now. A duel: the host plays its side and the
   * guest is sent the state. A relay: this machine watches, each guest is sent the state and its side.
   * Spectators run the same battle from the same state with its confirmed frames.
   */
  private async begin(b: RemoteBattle): Promise<void> {
    const calls = this.deps.machine.calls();
    if (!calls) return;
    const state = toBase64Url(
      b.kind === 'duel'
        ? await calls.netStart({ side: b.side, delay: b.delay, epoch: b.epoch, holdMs: startHold(this.rttOf(b.guest)) })
        : await calls.watchHere(b.epoch),
    );
    b.state = state;
    b.pairs = [];
    this.stall.begin();
    this.epochs.keep(b.battle, b.epoch);
    b.witness =
      b.kind === 'relay' && b.other
        ? new RelayWitness(b.epoch, b.delay, [this.nameOf(b.guest), this.nameOf(b.other)], (from, pairs) =>
            this.runFrames(b, { epoch: b.epoch, from, pairs }),
          )
        : null;
    for (const [guest, text] of fighterStarts(b)) this.sendTo(guest, text);
    for (const text of catchUp(b)) this.toSpectators(b, text);
  }

  /**
   * A guest said hello. One who joins (or comes back) while a battle others fight runs is sent its
   * start and every frame confirmed so far: its console catches up and shows the battle live. A fighter
   * of the battle who comes back (a reload, a dropped line) lost its machine's battle: the battle starts
   * again on every machine from the host's state (a new epoch), as after a desync, so it goes on.
   */
  private welcomed(guest: string): void {
    const b = this.battle;
    if (!b?.started) return;
    if (guest === b.guest || guest === b.other) {
      void this.restart(b, null);
      return;
    }
    for (const text of catchUp(b)) this.sendTo(guest, text);
  }

  /** Every guest connected now but those fighting the battle. */
  private toSpectators(b: RemoteBattle, text: string): void {
    for (const g of this.table.guestList())
      if (g.online && g.id !== b.guest && g.id !== b.other) this.sendTo(g.id, text);
  }

  /** A battle message from a guest: to this machine in a duel, on to the other guest in a relay. */
  private fromGuest(guest: string, message: BattleMessage): void {
    const b = this.battle;
    if (!b?.started) return;
    if (b.kind === 'duel' && guest === b.guest) void this.deps.machine.calls()?.netInput(JSON.stringify(message));
    else if (b.kind === 'relay' && b.other && (guest === b.guest || guest === b.other)) {
      this.sendTo(guest === b.guest ? b.other : b.guest, JSON.stringify(message), 'battle');
      this.witnessed(b, b.witness?.sent(guest === b.guest ? 0 : 1, message) ?? null);
    }
  }

  /** Frames of a relay checked against both guests' sticks: this machine runs them (the result is read here), spectators too. */
  private runFrames(b: RemoteBattle, frames: { epoch: number; from: number; pairs: number[] }): void {
    void this.deps.machine.calls()?.watchInput(frames);
    keepPairs(b, frames);
    this.toSpectators(b, JSON.stringify({ t: 'watch', battle: b.battle, ...frames }));
  }

  /** A report gave a side a stick its guest never sent: refused, said, and the battle starts again from here. */
  private witnessed(b: RemoteBattle, refusal: string | null): void {
    // Once an epoch: the repair replaces the witness with the new epoch's (what comes meanwhile is ignored).
    if (refusal === null || b.repairing) return;
    this.problem = `${this.nameOf(b.guest)}'s report of the battle was refused (${refusal}); the battle starts again on every machine from this browser's state.`;
    void this.restart(b, null);
  }

  private nameOf(guest: string): string {
    return this.table.guestList().find((g) => g.id === guest)?.name ?? 'a guest';
  }

  /** The reporting guest's confirmed frames of a relay: this machine runs them (the result is read here), spectators too. */
  private reported(guest: string, message: WatchMessage): void {
    const b = this.battle;
    if (!b?.started || b.kind === 'duel' || guest !== b.guest || message.battle !== b.battle) return;
    const { epoch, from, pairs, desync } = message;
    // One guest holding both seats decides its own battle; a relay's report is checked against both guests' sticks.
    if (b.kind === 'solo' || !b.witness) this.runFrames(b, { epoch, from, pairs });
    else this.witnessed(b, b.witness?.reported({ epoch, from, pairs }) ?? null);
    if (b.kind === 'relay' && epoch === b.epoch && this.stall.reported(from + pairs.length)) this.deps.changed();
    if (desync !== undefined && epoch === b.epoch) void this.restart(b, desync);
  }

  /** A duel's machines checked for a desync, a relay's report for a stall, every CHECK_MS; the function returned stops it. */
  private checking(b: RemoteBattle): () => void {
    if (b.kind === 'duel') return every(this.deps.clock, () => void this.check(), CHECK_MS);
    if (b.kind !== 'relay') return () => undefined;
    return every(
      this.deps.clock,
      () => {
        // A fighter's browser away holds the report too: that guest is the one waited for, not the reporter.
        const away = this.table.guestList().some((g) => !g.online && (g.id === b.guest || g.id === b.other));
        if (this.battle === b && !b.repairing && this.stall.check(away)) this.deps.changed();
      },
      CHECK_MS,
    );
  }

  /**
   * The hashes exchanged every few frames disagreed (the two machines went apart): the battle starts
   * again on both from this machine's state, which counts (the host keeps the game), and it is said.
   */
  private async check(): Promise<void> {
    const b = this.battle;
    const calls = this.deps.machine.calls();
    if (!b?.started || b.kind !== 'duel' || !calls) return;
    const stats = await calls.netStats();
    if (stats?.desync == null || this.battle !== b) return;
    await this.restart(b, stats.desync);
  }

  /**
   * The battle starts again on every machine from this machine's state (in a duel the host's own; between
   * two guests the one that runs their confirmed frames, where the result is read), a new epoch: after
   * the machines went apart at frame `desync` (counted, and said in the host's panel), or with null when
   * a fighter came back mid-battle (not a desync).
   */
  private async restart(b: RemoteBattle, desync: number | null): Promise<void> {
    if (b.repairing || this.battle !== b) return;
    b.repairing = true;
    try {
      if (desync !== null) {
        b.firstDesync ??= desync;
        b.repairs++;
      }
      b.epoch++;
      await this.begin(b);
    } finally {
      b.repairing = false;
    }
    this.deps.changed();
  }

  /** Who fights battle `id` where, as the seats say now (remote-battle.ts). */
  private plan(id: string, seating: Seating): RemoteBattle | null {
    const holder = (p: string): string => this.table.holder(p);
    return planBattle(id, seating, holder, (g) => this.rttOf(g), this.deps.delay?.() ?? null);
  }

  /** A guest's round trip: as its last battle here measured it, else as the table's pings do, or null. */
  private rttOf(guest: string): number | null {
    return this.measured.get(guest) ?? this.table.rttOf(guest);
  }

  private sendTo(guest: string, text: string, lane: Lane = 'table'): void {
    const connection = this.table.connectionOf(guest);
    if (connection !== null) this.link.send(connection, text, lane);
  }

  close(): void {
    this.stopChecking();
    for (const c of this.cleanups) c();
    const calls = this.deps.machine.calls();
    if (this.battle?.started) void (this.battle.kind === 'duel' ? calls?.netStop() : calls?.watchStop());
    this.link.close();
  }
}
