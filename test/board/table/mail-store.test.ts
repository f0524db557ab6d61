import { describe, expect, it } from 'vitest';
import { newMailGame, loadMail, saveMail } from '../../../board/index.ts';
import { playTiny, TINY_OPENING } from '../../harness/tiny-game.ts';

function memory() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('the game by mail kept in this browser', () => {
  it('keeps the game, the player, the orders, the moves since the last turn and the last turn sent', async () => {
    const s = memory();
    const game = await newMailGame(playTiny(TINY_OPENING), 'g1');
    const events = [{ type: 'attack' as const, player: 'Ann', country: 'B1' }];
    expect(
      saveMail(
        { game, me: 'Ann', orders: { absent: 'bot', level: 'hard' }, events, sent: { number: 1, text: 'x' } },
        s,
      ),
    ).toBeNull();
    const back = loadMail(s);
    expect(back).toMatchObject({ me: 'Ann', orders: { absent: 'bot', level: 'hard' }, events, sent: { number: 1 } });
    expect(typeof back === 'object' && back?.game.chain).toEqual(game.chain);
    expect(saveMail(null, s)).toBeNull();
    expect(loadMail(s)).toBeNull();
  });

  it('says why a damaged record is not loaded, and why a full storage kept nothing', () => {
    const s = memory();
    s.m.set('o2conquest.mail.game', '{nope');
    expect(loadMail(s)).toMatch(/damaged \(not JSON\)/);
    s.m.set('o2conquest.mail.game', JSON.stringify({ game: '{"format":"other"}', me: 'Ann' }));
    expect(loadMail(s)).toMatch(/could not be read: not a o2conquest.mail game/);
    const full = {
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(saveMail(null, undefined)).toMatch(/storage is refused/);
    expect(saveMail({ game: null as never, me: '', orders: { absent: 'wait' }, events: [], sent: null }, full)).toMatch(
      /refused it/,
    );
  });
});
