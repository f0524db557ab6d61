/**
 * A remote table in Node (issue 33): the host's page and its guests' pages as board/table runs them,
 * each on a machine of its own (net-node.ts), over the simulated network (table-network.ts), all moved
 * on one display frame at a time by `RemoteTable.frame`. The host keeps the game in the board's game
 * session (`GameSession`, autosaved as in the browser), its computer seats play there (TableComputers), and its
 * battles are fought by the table's battle chart on its machine; a guest follows the host's game and
 * sends the moves of the seats it holds, chosen by a scripted person (board/ai at a level) with a
 * battle bot on its hand control.
 */
import {
  ComputerPlayers,
  RemoteGuest,
  RemoteHost,
  TableBattle,
  TableComputers,
  GameSession,
  memoryStorage,
  memoryStore,
  newGame,
  pendingBattle,
  type GameState,
  type Level,
  type SaveStore,
} from '../../board/index.ts';
import { checkBattleMessage } from '../../rom-core/netplay/index.ts';
import { tableSession } from '../board/helpers.ts';
import { TINY_SCENARIO } from './tiny-game.ts';
import { NetNode } from './net-node.ts';
import { SteppedClock, TableNetwork, type LineOptions } from './table-network.ts';

const FRAME_MS = 1000 / 60;
export const TABLE_CODE = 'ABC234';

/** The host's page: the game session, its table's battle and computers, the remote host, its machine. */
export class HostPage {
  readonly node = new NetNode();
  readonly game: GameSession;
  readonly battle: TableBattle;
  readonly computers: TableComputers;
  readonly remote: RemoteHost;
  readonly said: string[] = [];

  constructor(
    /** The game the page opens with; null: the page resumes its autosave (`open`). */
    state: GameState | null,
    readonly net: TableNetwork,
    /** What the host's browser keeps across a reload (a reloaded page is given the same). */
    readonly storage: ReturnType<typeof memoryStorage> = memoryStorage(),
    /** The board's autosave in the host's browser (its IndexedDB). */
    readonly saves: SaveStore = memoryStore(),
    /** The machine's autosave the browser kept, restored before anything else runs (as the page does). */
    machine: Uint8Array | null = null,
  ) {
    const clock = net.clock;
    if (machine) this.node.restore(machine);
    this.game = state ? tableSession(state, saves, clock) : new GameSession(saves, { table: true, clock });
    this.battle = new TableBattle(this.node, this.game, this.storage);
    this.computers = new TableComputers(this.game, this.battle, this.node, clock, this.storage, {
      pauseMs: 0,
      say: (t) => this.said.push(t),
    });
    const ref: { remote?: RemoteHost } = {};
    const link = net.openHost(TABLE_CODE, {
      data: (connection, text) => ref.remote?.receive(connection, text),
      closed: (connection) => ref.remote?.closed(connection),
    });
    // The session the browser's board keeps: the guard on the host's own moves, a guest's move checked by its rules.
    this.remote = ref.remote = new RemoteHost(link, {
      session: {
        gameState: () => this.game.gameState(),
        subscribe: (fn) => this.game.subscribe(fn),
        guard: (refusal) => {
          this.game.guard = refusal;
        },
        actFor: (event) => this.game.actFor(event),
      },
      machine: this.node,
      battle: this.battle,
      computer: (player) => this.computers.isComputer(player),
      changed: () => this.computers.act(),
      clock,
      storage: this.storage,
      checkBattle: checkBattleMessage,
    });
    this.computers.elsewhere = (player) => this.remote.heldBy(player) !== null;
    this.computers.away = (player) => this.remote.awayFighters().some((a) => a.player === player);
    this.game.subscribe(() => this.computers.act());
    this.battle.subscribe(() => this.computers.act());
  }

  state(): GameState {
    return this.game.gameState();
  }

  close(): void {
    this.remote.close();
    this.computers.destroy();
    this.game.close();
  }
}

/** A guest's page: the host's game followed in the board's session, a person (board/ai at `level`) for the seats it holds. */
export class GuestPage {
  readonly node = new NetNode();
  readonly remote: RemoteGuest;
  /** The board's game session, as the browser's guest page keeps it: it follows the host's game and sends moves there. */
  readonly game: GameSession;
  readonly said: string[] = [];
  /** The connection the page joined on (the network's id), to make it vanish. */
  connection: string | null = null;
  /** The page's browser still answers the table but sends no report of the battle it fights (a stalled reporter). */
  silent = false;
  private followed = false;
  private person: ComputerPlayers | null = null;
  /** The players this page's person plays. */
  private seated: string[] = [];
  /** The game's log length when this page last sent a move: none again until the host's game shows it. */
  private sentAt: number | null = null;

  constructor(
    readonly net: TableNetwork,
    readonly name: string,
    readonly token: string,
  ) {
    this.game = new GameSession(memoryStore(), { clock: net.clock });
    // Wired as the browser's guest page wires its board (src/net/net-guest.ts).
    this.remote = new RemoteGuest(TABLE_CODE, name, {
      session: {
        follow: (text) => {
          this.game.follow(text);
          this.followed = true;
          if (this.sentAt !== null && this.shown(this.sentAt)) this.sentAt = null;
        },
        sendMoves: (send) => {
          this.game.remote = send ? { send } : null;
        },
        say: (notice) => {
          this.game.say(notice);
          this.said.push(notice.text);
          if (notice.kind === 'error') this.sentAt = null;
        },
      },
      machine: this.node,
      join: async (_code, events) => {
        const line = await net.join(events);
        this.connection = line.id;
        const send = line.send.bind(line);
        return {
          ...line,
          send: (text, lane) => (this.silent && text.startsWith('{"t":"watch"') ? undefined : send(text, lane)),
        };
      },
      clock: net.clock,
      token,
      changed: () => undefined,
      checkBattle: checkBattleMessage,
    });
  }

  /** The host's game as this page shows it, or null before the host sent it. */
  get state(): GameState | null {
    return this.followed ? this.game.gameState() : null;
  }

  /** A person sits at this page for `player`: their board moves at `level`, their battles steered by a bot there. */
  sit(player: string, level: Level, seed: number, from?: GuestPage): void {
    // The same person back on a reloaded page goes on as they were (their next choices are theirs still).
    this.person = from?.person ?? new ComputerPlayers([{ name: player, level }], seed);
    this.seated = [player];
    this.node.setBot(0, level, seed);
    this.node.setBot(1, level, seed + 1);
  }

  /**
   * Whether the host's game shows a move of this page's person since the log was `from` long: a person
   * waits to see their move on the board before the next (another's move coming first is not theirs).
   */
  private shown(from: number): boolean {
    const names = this.seated;
    return this.game
      .gameState()
      .log.slice(from)
      .some((line) => names.some((n) => line.startsWith(`${n} `)));
  }

  /** The person's next move, when the followed game asks one of them (sent once per step of the game). */
  move(): void {
    const state = this.state;
    if (!this.person || !state || !this.game.remote || this.sentAt !== null) return;
    // Both weapons chosen: the battle is the host's to program and start, as the computers wait for it there.
    if (pendingBattle(state)) return;
    const move = this.person.moveNow(state);
    if (!move) return;
    this.sentAt = state.log.length;
    // Through the board, as a person's click: a guest's board sends it to the host.
    this.game.act(move.event);
  }
}

/** The host, its guests, the network and the clock, moved on together a display frame at a time. */
export class RemoteTable {
  readonly clock = new SteppedClock();
  readonly net: TableNetwork;
  host: HostPage;
  readonly guests: GuestPage[] = [];
  /** The host's page vanished (vanishHost): its machine runs no more. */
  private hostGone = false;

  constructor(state: GameState, line?: LineOptions) {
    this.net = new TableNetwork(this.clock, line);
    this.host = new HostPage(state, this.net);
  }

  /** A guest's page opens and joins (a reload is a new page with the same token). */
  async join(name: string, token: string): Promise<GuestPage> {
    const page = new GuestPage(this.net, name, token);
    this.guests.push(page);
    await page.remote.connect();
    return page;
  }

  /**
   * The host's page reloads: its connections close (the guests are told, and retry), and a new page opens
   * the same table from what the browser kept: the game as its autosave has it, the guests and seats, and
   * the machine from its last autosave (a second or less old; a battle under way is taken up from there).
   */
  async reloadHost(): Promise<HostPage> {
    const old = this.host;
    await old.game.settled();
    old.close();
    await new Promise((r) => setImmediate(r));
    // The game comes back from the board's autosave and the computer seats from the same storage, as in the browser.
    this.host = new HostPage(null, this.net, old.storage, old.saves, old.node.autosaved);
    await this.host.game.resume();
    this.host.computers.act();
    // As src/table/page.ts's start: a battle the machine was restored in is taken up.
    void this.host.battle.resume();
    return this.host;
  }

  /**
   * The host's browser closes (or its line dies) without a word: its page runs no more, its connections are
   * dead, and no table is open under its code until a page opens it again.
   */
  vanishHost(): void {
    this.net.vanishHost();
    this.hostGone = true;
  }

  /** A guest's browser closes (or its line dies): its page runs no more and nobody is told. */
  vanish(page: GuestPage): void {
    if (page.connection) this.net.vanish(page.connection);
    // A closed page runs nothing more: its timers (the host's silence, joining again) go with it. Its link is
    // already cut, so closing it tells nobody.
    page.remote.close();
    this.guests.splice(this.guests.indexOf(page), 1);
  }

  /** One display frame everywhere: the machines, the messages due, the timers, the people's moves. */
  async frame(): Promise<void> {
    if (!this.hostGone) this.host.node.frame();
    for (const g of this.guests) g.node.frame();
    this.clock.advance(FRAME_MS);
    this.net.deliver();
    for (const g of this.guests) g.move();
    // Promises the frame settled (a wait on the machine, a battle's start) run before the next one.
    await new Promise((r) => setImmediate(r));
  }

  /** Runs frames until `done` holds, at most `frames` of them (then fails naming `what`). */
  async until(done: () => boolean, what: string, frames: number): Promise<number> {
    for (let n = 0; n < frames; n++) {
      if (done()) return n;
      await this.frame();
    }
    if (done()) return frames;
    throw new Error(`${frames} frames passed and ${what} did not happen`);
  }
}

/** A remote table on the tiny scenario with Ann (red) and Bob (blue) set up at the host, nobody seated yet. */
export function annAndBobTable(line?: LineOptions): RemoteTable {
  const table = new RemoteTable(newGame(TINY_SCENARIO), line);
  table.host.game.act({
    type: 'setup',
    players: [
      { name: 'Ann', color: 'red' },
      { name: 'Bob', color: 'blue' },
    ],
  });
  return table;
}
