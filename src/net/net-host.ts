/**
 * The host's browser at a remote table (issue 21): board/table's RemoteHost (the whole host side,
 * headless) over PeerJS (HostLink), the board's controller, the console's worker and this browser's
 * storage. This file only wires them.
 */
import { INPUT_DELAY } from './net-settings.ts';
import { RemoteHost, realClock, type TableBattle, type TableStorage, type GameSession } from '../../board/index.ts';
import { checkBattleMessage } from '../../rom-core/netplay/index.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import { netMachine } from './net-machine.ts';
import { HostLink } from './peer-link.ts';

export { inputDelay } from '../../board/index.ts';

export interface NetHostDeps {
  controller: GameSession;
  machine: MachineHost;
  /** The table's battle: the host follows it and asks it for ENTER for a battle with a guest. */
  battle: TableBattle;
  /** Whether a seat is played by a computer here. */
  computer(player: string): boolean;
  /** Seats, guests or the line changed: the page redraws its panel. */
  changed(): void;
  /** Where the guests and seats are kept for the host's reload. */
  storage: TableStorage;
}

export type NetHost = RemoteHost;

/** Opens the table under `code` (rejects with a sentence: the relay cannot be reached, the code is taken). */
export async function openNetHost(code: string, deps: NetHostDeps): Promise<NetHost> {
  const ref: { host?: RemoteHost } = {};
  const link = await HostLink.open(code, {
    data: (connection, text) => ref.host?.receive(connection, text),
    closed: (connection) => ref.host?.closed(connection),
    problem: (text) => {
      if (!ref.host) return;
      ref.host.problem = text;
      deps.changed();
    },
  });
  const { controller } = deps;
  ref.host = new RemoteHost(link, {
    session: {
      gameState: () => controller.gameState(),
      subscribe: (fn) => controller.subscribe(fn),
      guard: (refusal) => {
        controller.guard = refusal;
      },
      actFor: (event) => controller.actFor(event),
    },
    machine: netMachine(deps.machine),
    battle: deps.battle,
    computer: deps.computer,
    changed: deps.changed,
    clock: { now: () => performance.now(), later: realClock.later },
    storage: deps.storage,
    checkBattle: checkBattleMessage,
    delay: () => INPUT_DELAY.get(),
  });
  return ref.host;
}
