import type { Scenario } from '../model/scenario.ts';
import world from './world-1982.json' with { type: 'json' };

/** The board as printed in 1982: 43 countries, 11 zones, in the map's order. */
export function world1982(): Scenario {
  return structuredClone(world as Scenario);
}
