import type { Weapon } from './game.ts';

export interface SetupPlayer {
  name: string;
  color: string;
}

export type GameEvent =
  | {
      type: 'setup';
      players: SetupPlayer[];
      chips?: { '1000': number; '500': number; '100': number };
      banker?: string;
      clockMinutes?: number;
      targetRecord?: number;
    }
  | { type: 'first.call'; player: string; digit: number }
  | { type: 'first.readout'; digit: number }
  | { type: 'homeland'; player: string; country: string }
  | { type: 'ally.home'; player: string; countries: string[] }
  | { type: 'ally.buy'; player: string; country: string }
  | { type: 'attack'; player: string; country: string }
  | { type: 'weapon'; player: string; weapon: Weapon }
  | {
      type: 'battle';
      winner: 'attacker' | 'defender' | 'both-destroyed';
      energy: { attacker: number; defender: number };
    }
  | { type: 'pass'; player: string }
  | { type: 'alliance.form'; players: string[] }
  | { type: 'alliance.break'; player: string }
  | { type: 'endgame.start' }
  | { type: 'clock.expired' }
  /** The banker is out of the game: another player takes over the war chest. */
  | { type: 'banker'; player: string };

export type GameEventType = GameEvent['type'];

export const EVENT_TYPES: readonly GameEventType[] = [
  'setup',
  'first.call',
  'first.readout',
  'homeland',
  'ally.home',
  'ally.buy',
  'attack',
  'weapon',
  'battle',
  'pass',
  'alliance.form',
  'alliance.break',
  'endgame.start',
  'clock.expired',
  'banker',
];

/** Why an event was refused: the manual's rule number and a sentence for the players. */
export interface Refusal {
  rule: string;
  reason: string;
}

export type RuleResult<T> = { ok: true; state: T } | { ok: false; refusal: Refusal };
