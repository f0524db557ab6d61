/** The tiny game kit plays as the tests that start from it expect (the e2e ones run it in Node too). */
import { describe, expect, it } from 'vitest';
import { TINY_OPENING, TINY_TO_ENDGAME, TINY_WAR_ON_B1, playTiny } from './tiny-game.ts';

describe('tiny game kit', () => {
  it('the opening leaves Ann to move; the war on B1 waits for weapons', () => {
    expect(playTiny(TINY_OPENING).turn).toBe('Ann');
    expect(playTiny(TINY_WAR_ON_B1).war).toMatchObject({ attacker: 'Ann', defender: 'Bob' });
  });

  it('two attacker wins on B1 bring the end game (the board-game e2e save)', () => {
    expect(playTiny(TINY_TO_ENDGAME).phase).toBe('awaiting-endgame');
  });

  it('names a refused event and its rule', () => {
    expect(() => playTiny([...TINY_OPENING, { type: 'pass', player: 'Bob' }])).toThrow(/^pass: rule /);
  });
});
