/**
 * The game by mail kept in this browser is read as the table opens: whatever is stored there, reading
 * it never throws (issue 37: `"me": {"toString": 5}` or a deeply nested game broke the page for good),
 * an unreadable record is set aside under a key of its own with a sentence, and damaged moves are not
 * dropped without a word.
 */
import { describe, expect, it } from 'vitest';
import {
  newMailGame,
  serializeMailGame,
  GameSession,
  memoryStore,
  MailSession,
  loadMail,
  memoryText,
} from '../../../board/index.ts';
import { playTiny, TINY_OPENING } from '../../harness/tiny-game.ts';

const KEY = 'o2conquest.mail.game';
const DEEP = '['.repeat(100_000) + ']'.repeat(100_000);

async function record(over: Record<string, unknown> = {}): Promise<string> {
  const game = serializeMailGame(await newMailGame(playTiny(TINY_OPENING), 'g1'));
  return JSON.stringify({ game, me: 'Ann', orders: { absent: 'wait' }, events: [], sent: null, ...over });
}

describe('a damaged game by mail kept in this browser', () => {
  it('is refused with a sentence, set aside and no longer read at start', async () => {
    const cases: [string, RegExp][] = [
      [await record({ me: { toString: 5 } }), /does not say which player plays here/],
      [await record({ me: 5 }), /does not say which player plays here/],
      [await record({ me: 'Zed' }), /does not say which player plays here/],
      [await record({ game: JSON.stringify({ deep: 'DEEP' }).replace('"DEEP"', DEEP) }), /nests arrays and objects/],
      [await record({ game: 5 }), /damaged \(no game\)/],
      [DEEP, /damaged \(no game\)/],
      ['null', /damaged \(no game\)/],
      ['{"toString":5}', /damaged \(no game\)/],
    ];
    for (const [text, why] of cases) {
      const s = memoryText({ [KEY]: text, [`${KEY}.unreadable-1`]: 'an older one' });
      const r = loadMail(s);
      expect(r).toMatch(why);
      expect(r).toMatch(/; it was set aside in this browser's storage as "o2conquest\.mail\.game\.unreadable-2"$/);
      expect(s.m.get(`${KEY}.unreadable-2`)).toBe(text);
      expect(s.m.get(`${KEY}.unreadable-1`)).toBe('an older one');
      expect(s.m.has(KEY)).toBe(false);
      expect(loadMail(s)).toBeNull();
    }
  });

  it('with damaged moves or orders: loads the game, says so, and keeps a copy', async () => {
    const text = await record({ events: [{ type: 'pass', player: 'Ann', toString: 5 }], orders: { absent: 'later' } });
    const s = memoryText({ [KEY]: text });
    const r = loadMail(s);
    if (typeof r !== 'object' || r === null) throw new Error(String(r));
    expect(r.events).toEqual([]);
    expect(r.orders).toEqual({ absent: 'wait' });
    expect(r.damaged).toMatch(/^In the game by mail kept in this browser, your standing orders to send were damaged/);
    expect(r.damaged).toMatch(
      /the moves since the last turn were damaged \(event 1 \(pass\) has a field "toString".*\) and are not replayed; it was set aside in this browser's storage as "o2conquest\.mail\.game\.unreadable-1"$/,
    );
    expect(s.m.get(`${KEY}.unreadable-1`)).toBe(text);
    expect(s.m.get(KEY)).toBe(text);
  });

  it('opens the table with the sentence shown, the game by mail loaded when it can be', async () => {
    const broken = new MailSession(
      new GameSession(memoryStore()),
      memoryText({ [KEY]: await record({ me: { toString: 5 } }) }),
    );
    expect(broken.record).toBeNull();
    expect(broken.loadProblem).toMatch(
      /does not say which player plays here; it was set aside .*; it was not loaded\.$/,
    );
    const moves = memoryText({ [KEY]: await record({ events: 'lost' }) });
    const kept = new MailSession(new GameSession(memoryStore()), moves);
    expect(kept.record?.me).toBe('Ann');
    expect(kept.loadProblem).toMatch(/the moves since the last turn were damaged \("events" must be a list/);
  });
});
