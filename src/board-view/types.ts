// What the view draws and sends. Events are the engine's (board/model/events.ts); the state drawn is the engine's
// public state (board/rules/public-state.ts), read as it is. Players are named by their names.
import type { BattleRecord, PublicState, Weapon } from '../../board/index.ts';

export type { GameEvent, GameEventType, Weapon } from '../../board/index.ts';
export const WEAPONS: readonly Weapon[] = ['tank', 'sub', 'plane'];

export type BattleWinner = BattleRecord['winner'];

/**
 * What the view draws: the engine's public state (`publicState`, the same object the CLI prints and the computer
 * players read) plus the board's zones in the scenario's order, which the public state keys by country only.
 */
export type ViewState = PublicState & { zones: ViewZone[] };
export type ViewPlayer = PublicState['players'][number];
export type ViewCountry = PublicState['countries'][string] & { name: string };
export type CountryStatus = ViewCountry['status'];
export interface ViewZone {
  name: string;
  countries: string[];
}
export type ViewWar = NonNullable<PublicState['war']>;
export type ViewEndgameMatch = NonNullable<NonNullable<PublicState['endgame']>['match']>;

/** One kind of action the engine would accept now, with the choices it would accept (`legalActions`). */
export interface LegalAction {
  type: string;
  player: string | null;
  choices: (string | number)[];
}

export interface Refusal {
  rule: string;
  reason: string;
}

export type SendResult = { ok: true } | { ok: false; refusal: Refusal };
