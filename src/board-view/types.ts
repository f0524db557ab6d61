// What the view draws and sends. Events are the engine's (board/model/events.ts); the state drawn is the engine's
// public state (board/rules/public-state.ts), read as it is. Players are named by their names.
import type { BattleRecord, PublicState, Weapon } from '../../board/index.ts';

export type { GameEvent, GameEventType, Weapon } from '../../board/index.ts';
export const WEAPONS: readonly Weapon[] = ['tank', 'sub', 'plane'];

export type BattleWinner = BattleRecord['winner'];

/** What the view draws: the game session's view (board/table/game-view.ts). */
export type { ViewState, ViewZone, SendResult, LegalAction, Refusal } from '../../board/index.ts';
export type ViewPlayer = PublicState['players'][number];
export type ViewCountry = PublicState['countries'][string] & { name: string };
export type CountryStatus = ViewCountry['status'];
export type ViewWar = NonNullable<PublicState['war']>;
export type ViewEndgameMatch = NonNullable<NonNullable<PublicState['endgame']>['match']>;
