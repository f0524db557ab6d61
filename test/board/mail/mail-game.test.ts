import { describe, expect, it } from 'vitest';
import {
  deserializeMailGame,
  newGame,
  newMailGame,
  sendTurn,
  serializeMailGame,
  startHash,
  world1982,
} from '../../../board/index.ts';
import { homelandsGame } from './kit.ts';

describe('a game by mail, saved', () => {
  it('loads back to the same game, chain and standing orders included', async () => {
    const g = await homelandsGame();
    const t = await sendTurn(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }], {
      orders: { absent: 'bot', level: 'easy' },
    });
    if (!t.ok) throw new Error(t.error);
    const loaded = deserializeMailGame(serializeMailGame(t.game));
    expect(loaded.ok ? loaded.game : loaded.error).toEqual(t.game);
  });

  it('starts its chain at the hash of its id and its starting state', async () => {
    const g = await homelandsGame();
    expect(g.chain).toEqual({ number: 0, hash: await startHash('game-one', g.state) });
    expect(g.orders).toEqual({ Ann: { absent: 'wait' }, Bob: { absent: 'wait' } });
    const other = await newMailGame(g.state, 'game-two');
    expect(other.chain.hash).not.toBe(g.chain.hash); // the same start in another game chains elsewhere
    await expect(newMailGame(newGame(world1982()), 'x')).rejects.toThrow(/set the game up first \(rule 1\)/);
  });

  it('refuses a damaged save with a sentence', async () => {
    const doc = JSON.parse(serializeMailGame(await homelandsGame()));
    const cases: [unknown, RegExp][] = [
      [{ ...doc, format: 'o2conquest.board' }, /not a o2conquest\.mail game/],
      [{ ...doc, chain: { number: -1, hash: doc.chain.hash } }, /chain of turns .* is malformed/],
      [{ ...doc, orders: { Zed: { absent: 'wait' } } }, /standing orders are saved for "Zed", who is not a player/],
      [
        { ...doc, orders: { Ann: { absent: 'bot' } } },
        /Ann's standing orders are malformed: standing orders "bot" need a level/,
      ],
      [{ ...doc, save: { ...doc.save, version: 9 } }, /save version 9 is not supported/],
    ];
    for (const [bad, why] of cases) {
      const r = deserializeMailGame(JSON.stringify(bad));
      expect(r.ok ? 'loaded' : r.error).toMatch(why);
    }
  });

  it('is left as it was when a turn is not sent', async () => {
    const g = await homelandsGame();
    const before = structuredClone(g);
    for (const events of [[{ type: 'homeland', player: 'Ann', country: 'Atlantis' }], [{ type: 'pass' }], 'moves']) {
      const r = await sendTurn(g, 'Ann', events);
      expect(r.ok).toBe(false);
    }
    expect((await sendTurn(g, 'Zed', [])).ok).toBe(false);
    expect(g).toEqual(before);
  });
});
