import { publicState } from '../../board/index.ts';
import type { GameState } from '../../board/index.ts';
import type { ViewState } from './types.ts';

/** The engine's public state, plus the zones in the board's order for drawing the zone bars. No rule is applied here. */
export function toView(s: GameState): ViewState {
  return {
    ...publicState(s),
    zones: s.scenario.zones.map((z) => ({ name: z.name, countries: z.countries.map((c) => c.name) })),
  };
}
