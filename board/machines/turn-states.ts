import type { GameState } from '../model/game.ts';

/** Which state of the turn machine a rules state belongs in. */
export type TurnState =
  | 'setup'
  | 'firstPlayer'
  | 'homelands'
  | 'homeAlliances'
  | 'play.turn'
  | 'play.war'
  | 'finalRound.turn'
  | 'finalRound.war'
  | 'awaitingEndgame'
  | 'endgame'
  | 'over';

export const TURN_STATES: readonly TurnState[] = [
  'setup',
  'firstPlayer',
  'homelands',
  'homeAlliances',
  'play.turn',
  'play.war',
  'finalRound.turn',
  'finalRound.war',
  'awaitingEndgame',
  'endgame',
  'over',
];

export function turnStateOf(s: GameState): TurnState {
  switch (s.phase) {
    case 'setup':
      return 'setup';
    case 'first-player':
      return 'firstPlayer';
    case 'homelands':
      return 'homelands';
    case 'home-alliances':
      return 'homeAlliances';
    case 'play':
      return s.war ? 'play.war' : 'play.turn';
    case 'final-round':
      return s.war ? 'finalRound.war' : 'finalRound.turn';
    case 'awaiting-endgame':
      return 'awaitingEndgame';
    case 'endgame':
      return 'endgame';
    case 'over':
      return 'over';
  }
}
