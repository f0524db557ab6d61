/**
 * The host's table of guests and seats (board/table's TableHost) as a remote host runs it: wired to the
 * link (each message as JSON text on the table's lane), the game session (a guest's move checked by
 * the rules), the table's battle (a seat fighting now is busy) and the clock, with the seating kept in
 * the browser's storage across the host's reload.
 */
import { TableHost } from './table-host.ts';
import { checkSeating } from './table-seating.ts';
import type { TableSeating } from './table-seating.ts';
import type { BattleCheck, WatchMessage, GuestMessage } from './table-messages.ts';
import { serializeGame } from '../rules/snapshot.ts';
import type { HostLinkPort, HostSession, NetMachine, TableClock, TableStorage } from './ports.ts';
import { busySeat } from './remote-battle.ts';
import type { TableBattle } from './table-battle.ts';
import { tableMoveRefusal } from './table-moment.ts';

export interface RemoteHostDeps {
  session: HostSession;
  machine: NetMachine;
  /** The table's battle: the host follows its stages and asks it for ENTER. */
  battle: TableBattle;
  /** Whether a seat is played by a computer here. */
  computer(player: string): boolean;
  /** Seats, guests or the line changed: the page redraws its panel. */
  changed(): void;
  clock: TableClock;
  /** The battle messages' check (rom-core/netplay's checkBattleMessage: board reaches rom-core's types only). */
  checkBattle: BattleCheck;
  /** Keeps the guests and seats for the host's reload (with the table's code, so another table's never comes back). */
  storage: TableStorage;
  /** The input delay the host's player set (0-8 frames), or null: chosen from the round trip (`inputDelay`). */
  delay?: () => number | null;
}

/** What the remote host does with what the table hears. */
export interface HostTableEvents {
  /** A battle message from a guest (checked). */
  battle(guest: string, message: Extract<GuestMessage, { t: 'battle' }>): void;
  /** A reporting guest's confirmed frames. */
  watch(guest: string, message: WatchMessage): void;
  welcomed(guest: string): void;
  changed(): void;
}

export function hostTable(link: HostLinkPort, deps: RemoteHostDeps, on: HostTableEvents): TableHost {
  const { session, clock } = deps;
  const kept = deps.storage.slot<{ code: string; seating: TableSeating } | null>(
    'o2conquest.net.hostSeating',
    null,
    (v) => {
      const o = v as { code?: unknown; seating?: unknown } | null;
      if (typeof o?.code !== 'string') return undefined;
      const checked = checkSeating(o.seating);
      return checked.ok ? { code: o.code, seating: checked.seating } : undefined;
    },
  );
  const before = kept.get();
  return new TableHost(
    {
      send: (connection, message) => link.send(connection, JSON.stringify(message)),
      players: () => session.gameState()?.players.map((p) => p.name) ?? [],
      computer: (player) => deps.computer(player),
      busySeat: (player) => busySeat(deps.battle, player),
      // A guest's click is a person's click at this table: weapons stay fixed while their battle is on the console.
      act: (event) => tableMoveRefusal(event, deps.battle.busy, deps.computer) ?? session.actFor(event),
      game: () => {
        const state = session.gameState();
        return state ? serializeGame(state) : '';
      },
      checkBattle: deps.checkBattle,
      battle: (guest, message) => on.battle(guest, message),
      watch: (guest, message) => on.watch(guest, message),
      welcomed: (guest) => on.welcomed(guest),
      changed: () => on.changed(),
      drop: (connection) => link.drop(connection),
      keep: (seating) => kept.set({ code: link.code, seating }),
      now: () => clock.now(),
    },
    before?.code === link.code ? before.seating : undefined,
  );
}
