/**
 * The suite's sample of `npm run fuzz -- --board` (test/fuzz/board.ts says what is checked): 60
 * seeded games of 2 to 6 players, random legal, illegal and damaged events, the invariants after
 * every event and a save and load round trip every twentieth accepted event and at every phase.
 * About 17 s on a loaded two-core machine; the full run plays 2,000 games.
 */
import { describe, expect, it } from 'vitest';
import { fuzzBoard } from '../fuzz/board.ts';

describe('the board engine under random games (issue 25: the property fuzz kept in CI)', () => {
  it('keeps its invariants, refuses with sentences and saves every state it reaches', { timeout: 120_000 }, () => {
    const stats = fuzzBoard(1982, 60);
    expect(stats.failures).toEqual([]);
    // The sample is only worth its time if it reaches everything: every table size, every phase, the end.
    expect([...stats.players.keys()].sort()).toEqual([2, 3, 4, 5, 6]);
    expect([...stats.phases].sort()).toEqual([
      'awaiting-endgame',
      'endgame',
      'final-round',
      'first-player',
      'home-alliances',
      'homelands',
      'over',
      'play',
    ]);
    expect(stats.finished).toBeGreaterThanOrEqual(55);
    expect(stats.refused).toBeGreaterThan(5000);
    expect(stats.roundTrips).toBeGreaterThan(600);
  });
});
