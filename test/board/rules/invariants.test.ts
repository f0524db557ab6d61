import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../../board/index.ts';
import { play, threeOpening } from '../helpers.ts';

describe('the invariants of each phase', () => {
  const opening = threeOpening();

  it('hold in a game as the rules leave it', () => {
    expect(checkInvariants(opening)).toEqual([]);
  });

  it('a purchase count is 1 or 0 (rule 9A), not -5 or 1e9', () => {
    expect(checkInvariants({ ...opening, buysLeft: -5 })).toContainEqual(
      expect.stringMatching(/"buysLeft" is -5; a player may buy one alliance at a time/),
    );
    expect(checkInvariants({ ...opening, buysLeft: 1e9 })).toContainEqual(
      expect.stringMatching(/"buysLeft" is 1000000000/),
    );
  });

  it('the end game has a confrontation, play has someone holding the option, a set-up game a banker', () => {
    expect(checkInvariants({ ...opening, phase: 'endgame' })).toContainEqual(
      expect.stringMatching(/"endgame" has no confrontation in the endgame phase/),
    );
    expect(checkInvariants({ ...opening, turn: null })).toContainEqual(
      expect.stringMatching(/"turn" must name a player still in the game in the play phase/),
    );
    expect(checkInvariants({ ...opening, banker: null })).toContainEqual(
      expect.stringMatching(/"banker": nobody keeps the war chest in the play phase/),
    );
    const war = play([{ type: 'attack', player: 'Cy', country: 'India' }], opening);
    expect(checkInvariants({ ...war, phase: 'awaiting-endgame' })).toContainEqual(
      expect.stringMatching(/"war": there is a war in the awaiting-endgame phase/),
    );
  });
});
