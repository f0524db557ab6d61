/** The tiny game kit plays as the tests that start from it expect (the e2e ones run it in Node too). */
import { describe, expect, it } from 'vitest';
import { TINY_OPENING, TINY_WAR_ON_B1, playTiny } from './tiny-game.ts';

describe('tiny game kit', () => {
  it('the opening leaves Ann to move; the war on B1 waits for weapons', () => {
    expect(playTiny(TINY_OPENING).turn).toBe('Ann');
    expect(playTiny(TINY_WAR_ON_B1).war).toMatchObject({ attacker: 'Ann', defender: 'Bob' });
  });

  it('two attacker wins on B1 bring the end game (the board-game e2e save)', () => {
    const s = playTiny([
      ...TINY_WAR_ON_B1,
      { type: 'weapon', player: 'Ann', weapon: 'tank' },
      { type: 'weapon', player: 'Bob', weapon: 'tank' },
      { type: 'battle', winner: 'attacker', energy: { attacker: 2000, defender: 1500 } },
      { type: 'weapon', player: 'Ann', weapon: 'sub' },
      { type: 'weapon', player: 'Bob', weapon: 'sub' },
      { type: 'battle', winner: 'attacker', energy: { attacker: 1800, defender: 1200 } },
    ]);
    expect(s.phase).toBe('awaiting-endgame');
  });

  it('names a refused event and its rule', () => {
    expect(() => playTiny([...TINY_OPENING, { type: 'pass', player: 'Bob' }])).toThrow(/^pass: rule /);
  });
});
