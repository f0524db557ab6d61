import type { GameState } from '../model/game.ts';

/** Which state of the turn machine a rules state belongs in. */
export type MachineView =
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

export const MACHINE_VIEWS: readonly MachineView[] = [
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

export function viewOf(s: GameState): MachineView {
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
