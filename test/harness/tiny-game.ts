/**
 * The tests' one short Conquest game: Ann and Bob on a five-country board, played to a war.
 * Unit tests, e2e tests and the browser bench start from these events instead of each keeping
 * its own copy.
 */
import { applyEvent, newGame } from '../../board/index.ts';
import type { GameEvent, GameState, Scenario } from '../../board/index.ts';

const ZONE_NAMES = ['North', 'South', 'East', 'West'];

/**
 * A small board for fast games: zone i is North, South, East or West, its countries A1, A2, ... (B1, ... in the
 * second zone) with the PBUs given.
 */
export function smallBoard(name: string, pbus: readonly (readonly number[])[]): Scenario {
  return {
    name,
    zones: pbus.map((zone, i) => ({
      name: ZONE_NAMES[i],
      countries: zone.map((pbu, j) => ({ name: `${String.fromCharCode(65 + i)}${j + 1}`, pbu })),
    })),
  };
}

/** A tiny board for fast games: two zones, five countries. */
export const TINY_SCENARIO: Scenario = smallBoard('tiny', [
  [2, 6, 3],
  [1, 5],
]);

/** Ann (red) and Bob (yellow) sit down; Ann calls 9, Bob 0, the readout shows 9: Ann starts. */
export const TINY_SEATING: readonly GameEvent[] = [
  {
    type: 'setup',
    players: [
      { name: 'Ann', color: 'red' },
      { name: 'Bob', color: 'yellow' },
    ],
  },
  { type: 'first.call', player: 'Ann', digit: 9 },
  { type: 'first.call', player: 'Bob', digit: 0 },
  { type: 'first.readout', digit: 9 },
];

/**
 * Homelands A2 (Ann) and B2 (Bob), home-zone allies A1 and A3 (Ann: 2.5, bonus 2000) and B1
 * (Bob: 0.5, bonus 1000): every country is then occupied.
 */
export const TINY_HOMES: readonly GameEvent[] = [
  { type: 'homeland', player: 'Ann', country: 'A2' },
  { type: 'homeland', player: 'Bob', country: 'B2' },
  { type: 'ally.home', player: 'Ann', countries: ['A1', 'A3'] },
  { type: 'ally.home', player: 'Bob', countries: ['B1'] },
];

/** Seating and homes, then Bob passes his last attack: Ann's turn. */
export const TINY_OPENING: readonly GameEvent[] = [...TINY_SEATING, ...TINY_HOMES, { type: 'pass', player: 'Bob' }];

/** The opening, then Ann attacks B1 (Bob's home-zone ally): a war waiting for its weapons. */
export const TINY_WAR_ON_B1: readonly GameEvent[] = [...TINY_OPENING, { type: 'attack', player: 'Ann', country: 'B1' }];

/**
 * The war on B1 fought out: tanks, then subs, the attacker winning both battles; Ann holds B1 and
 * the game waits for its end game (rules 20-21).
 */
export const TINY_TO_ENDGAME: readonly GameEvent[] = [
  ...TINY_WAR_ON_B1,
  { type: 'weapon', player: 'Ann', weapon: 'tank' },
  { type: 'weapon', player: 'Bob', weapon: 'tank' },
  { type: 'battle', winner: 'attacker', energy: { attacker: 2000, defender: 1500 } },
  { type: 'weapon', player: 'Ann', weapon: 'sub' },
  { type: 'weapon', player: 'Bob', weapon: 'sub' },
  { type: 'battle', winner: 'attacker', energy: { attacker: 1800, defender: 1200 } },
];

/** A new game on `scenario` with `events` applied; throws at the first refused event. */
export function playTiny(events: readonly GameEvent[], scenario: Scenario = TINY_SCENARIO): GameState {
  let s = newGame(scenario);
  for (const e of events) {
    const r = applyEvent(s, e);
    if (!r.ok) throw new Error(`${e.type}: rule ${r.refusal.rule}: ${r.refusal.reason}`);
    s = r.state;
  }
  return s;
}
