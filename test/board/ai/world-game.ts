/**
 * A seeded computer game of three seats (Ann hard, Bob medium, Cy easy) on the 1982 world, battles from the
 * battle model: its events in order and the state after each. The board's whole-game and redraw browser tests
 * and the board-save bench play it.
 */
import { ModelBattlePort, playComputerGame } from '../../../board/ai/index.ts';
import { world1982 } from '../../../board/index.ts';
import type { GameEvent, GameState } from '../../../board/index.ts';

export const WORLD_SEATS = [
  { name: 'Ann', level: 'hard' as const },
  { name: 'Bob', level: 'medium' as const },
  { name: 'Cy', level: 'easy' as const },
];

export async function worldGame(seed: number): Promise<{ events: GameEvent[]; states: GameState[] }> {
  const events: GameEvent[] = [];
  const states: GameState[] = [];
  await playComputerGame({
    scenario: world1982(),
    seats: WORLD_SEATS,
    seed,
    battles: new ModelBattlePort(seed),
    onEvent: (state, event) => {
      events.push(event);
      states.push(state);
    },
  });
  return { events, states };
}
