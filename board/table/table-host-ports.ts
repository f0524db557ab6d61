/** What the host's side of a remote table (table-host.ts) is given by the page that runs it. */
import type { GameEvent } from '../model/events.ts';
import type { TableSeating } from './table-seating.ts';
import type { BattleCheck, GuestMessage, HostMessage } from './table-messages.ts';

export interface TableHostPorts {
  /** Sends to one connection. */
  send(connection: string, message: HostMessage): void;
  /** The game's players now (none before its setup). */
  players(): string[];
  /** Whether a seat is played by a computer at the host (not free to claim). */
  computer(player: string): boolean;
  /** Why `player`'s seat cannot change hands now (it fights the battle on the machines), or null. */
  busySeat?(player: string): string | null;
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
