/**
 * `deserializeMailGame` never throws (issue 37): a stored game by mail is read as the table opens, and
 * a throw there broke the page on every load. Every damaged text gets a sentence instead.
 */
import { describe, expect, it } from 'vitest';
import { deserializeMailGame, serializeMailGame } from '../../../board/index.ts';
import { homelandsGame } from './kit.ts';

const DEEP = '['.repeat(100_000) + ']'.repeat(100_000);

/** The sentence for `text`: it must be refused, and without a throw. */
function refusal(text: string): string {
  const r = deserializeMailGame(text);
  if (r.ok) throw new Error('loaded, a refusal was expected');
  return r.error;
}

describe('a damaged game by mail', () => {
  it('nested far past any game, anywhere in it: a sentence, no stack overflow', async () => {
    const good = serializeMailGame(await homelandsGame());
    const doc = JSON.parse(good) as Record<string, unknown>;
    const deepIn = (field: string) => JSON.stringify({ ...doc, [field]: 'DEEP' }).replace('"DEEP"', DEEP);
    for (const text of [deepIn('save'), deepIn('orders'), deepIn('chain'), deepIn('extra'), DEEP]) {
      expect(refusal(text)).toBe(
        'the game by mail nests arrays and objects more than 64 deep, far past any game; nothing was loaded',
      );
    }
    // Deep inside the board's save, where its scenario is read.
    const scenarioDeep = good.replace('"zones":', `"deep":${DEEP},"zones":`);
    expect(refusal(scenarioDeep)).toMatch(/nests arrays and objects more than 64 deep/);
  });

  it('of the wrong kinds: a sentence for each', async () => {
    const doc = JSON.parse(serializeMailGame(await homelandsGame())) as Record<string, unknown>;
    const text = (over: Record<string, unknown>) => JSON.stringify({ ...doc, ...over });
    const cases: [string, RegExp][] = [
      ['null', /^not a o2conquest.mail game/],
      ['5', /^not a o2conquest.mail game/],
      ['"text"', /^not a o2conquest.mail game/],
      ['[]', /^not a o2conquest.mail game/],
      [text({ version: '1' }), /^game by mail version "1" is not this build's/],
      [text({ id: { toString: 5 } }), /^the game's id is malformed/],
      [text({ chain: { number: '0', hash: 5 } }), /chain of turns .* is malformed/],
      [text({ chain: [] }), /chain of turns .* is malformed/],
      [text({ orders: [] }), /standing orders are missing/],
      [text({ orders: { Ann: { toString: 5 } } }), /^Ann's standing orders are malformed/],
      [text({ orders: { Ann: 'wait' } }), /^Ann's standing orders are malformed/],
      [text({ save: 'a save' }), /^not a o2conquest.board save/],
      [text({ save: { format: 'o2conquest.board', version: 1, state: { toString: 5 } } }), /the save is corrupt/],
    ];
    for (const [t, why] of cases) expect(refusal(t)).toMatch(why);
    // Keys of the prototype are no players' names.
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const t = JSON.stringify({ ...doc, orders: 'ORDERS' }).replace('"ORDERS"', `{"${name}":{"absent":"wait"}}`);
      expect(refusal(t)).toMatch(`standing orders are saved for "${name}", who is not a player of this game`);
    }
    expect(refusal(undefined as never)).toBe('a game by mail is text; nothing was loaded');
  });
});
