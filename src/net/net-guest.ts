/**
 * A guest's browser at a remote table (issue 21): board/table's RemoteGuest (the whole guest side,
 * headless) over PeerJS (GuestLink), the board's controller (which follows the host's game and sends
 * its moves there) and the console's worker. Its token, kept in this browser, gives it back its seats
 * after a reload or a dropped line. This file only wires them.
 */
import { RemoteGuest, realClock, type GameSession } from '../../board/index.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import { setting } from '../platform/settings.ts';
import { checkBattleMessage } from '../../rom-core/netplay/index.ts';
import { netMachine } from './net-machine.ts';
import { GuestLink } from './peer-link.ts';

/** This browser's secret at remote tables (the host knows it by it). */
const TOKEN = setting<string>('o2conquest.net.token', '', (t) => (/^[A-Za-z0-9_-]{16,64}$/.test(t) ? t : undefined));
/** The name this browser goes by at remote tables. */
export const GUEST_NAME = setting<string>('o2conquest.net.name', '', (t) => t.slice(0, 40));

function token(): string {
  let t = TOKEN.get();
  if (!t) {
    t = Array.from(crypto.getRandomValues(new Uint8Array(18)), (b) => (b % 36).toString(36)).join('');
    TOKEN.set(t);
  }
  return t;
}

export interface NetGuestDeps {
  controller: GameSession;
  machine: MachineHost;
  /** Seats, guests, the line or a battle changed: the page redraws. */
  changed(): void;
}

export type NetGuest = RemoteGuest;

export function netGuest(code: string, name: string, deps: NetGuestDeps): NetGuest {
  const { controller } = deps;
  return new RemoteGuest(code, name, {
    session: {
      follow: (game) => controller.follow(game),
      sendMoves: (send) => {
        controller.remote = send ? { send } : null;
      },
      say: (notice) => controller.say(notice),
    },
    machine: netMachine(deps.machine),
    join: (code, events) => GuestLink.join(code, events),
    clock: realClock,
    checkBattle: checkBattleMessage,
    token: token(),
    changed: deps.changed,
  });
}
