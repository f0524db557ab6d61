import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MailGame } from '../../../board/index.ts';
import { decodeTurnText, openTurn, sendTurn, MAX_TURN_BYTES, MAX_TURN_CHARS, TURN_TAG } from '../../../board/index.ts';
import { craft, encodeJson, homelandsGame } from './kit.ts';

/** Opens `text` on `game` and expects a refusal matching `why`; the game must be exactly as it was. */
async function refused(game: MailGame, text: string, why: RegExp): Promise<string> {
  const before = structuredClone(game);
  const r = await openTurn(text, game);
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('accepted');
  expect(r.error).toMatch(why);
  expect(game).toEqual(before);
  return r.error;
}

async function sent(game: MailGame, player: string, events: unknown[]) {
  const r = await sendTurn(game, player, events);
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe('a turn by mail, sent and opened', () => {
  it('opens on the other copy to the very game the sender has, and the chain goes on', async () => {
    const ann = await homelandsGame();
    const bob = structuredClone(ann);
    const t1 = await sent(ann, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }]);
    expect(t1.text.startsWith(TURN_TAG)).toBe(true);
    expect(t1.text).toMatch(/^[A-Za-z0-9._-]+$/); // fits a link's #fragment as it is
    const o1 = await openTurn(t1.text, bob);
    if (!o1.ok) throw new Error(o1.error);
    expect(o1.game).toEqual(t1.game);
    expect(o1.game.chain).toEqual({ number: 1, hash: t1.turn.hash });
    expect(o1.game.state.countries.A2.owners).toEqual(['Ann']);
    const t2 = await sent(o1.game, 'Bob', [{ type: 'homeland', player: 'Bob', country: 'B2' }]);
    const o2 = await openTurn(t2.text, t1.game);
    if (!o2.ok) throw new Error(o2.error);
    expect(o2.game).toEqual(t2.game);
    expect(o2.turn.previous).toBe(t1.turn.hash);
  });

  it("is taken from a pasted link too, and keeps the sender's standing orders", async () => {
    const g = await homelandsGame();
    const t = await sendTurn(g, 'Ann', [], { orders: { absent: 'bot', level: 'hard' } });
    if (!t.ok) throw new Error(t.error);
    const o = await openTurn(`https://example.org/o2conquest/#turn=${t.text}`, g);
    if (!o.ok) throw new Error(o.error);
    expect(o.game.orders).toEqual({ Ann: { absent: 'bot', level: 'hard' }, Bob: { absent: 'wait' } });
  });
});

describe('a turn is refused with a sentence, and the game is left as it was', () => {
  it('when one byte of an event was changed after it was sent (the old hash kept)', async () => {
    const g = await homelandsGame();
    const { turn } = await craft(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }]);
    const json = JSON.stringify(turn);
    const edited = json.replace('"A2"', '"A3"');
    expect(edited).not.toBe(json);
    await refused(g, await encodeJson(edited), /^this turn \(turn 1\) was edited after it was sent/);
    // Unedited, the same turn opens.
    expect((await openTurn(await encodeJson(json), g)).ok).toBe(true);
  });

  it('when it was already applied (sent twice)', async () => {
    const g = await homelandsGame();
    const t = await sent(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }]);
    await refused(t.game, t.text, /^this turn \(turn 1\) was already applied \(this game is at turn 1\)/);
  });

  it('when a turn before it is missing', async () => {
    const g = await homelandsGame();
    const t1 = await sent(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }]);
    const t2 = await sent(t1.game, 'Bob', [{ type: 'homeland', player: 'Bob', country: 'B2' }]);
    await refused(g, t2.text, /^turn 1 is missing before this one \(turn 2\)/);
    const t3 = await sent(t2.game, 'Ann', [{ type: 'ally.home', player: 'Ann', countries: [] }]);
    await refused(g, t3.text, /^turns 1 to 2 are missing before this one \(turn 3\)/);
  });

  it('when it was made from another copy of the game (same number, another turn before it)', async () => {
    const g = await homelandsGame();
    const a = await sent(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }]);
    const other = await sent(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A1' }]);
    const next = await sent(other.game, 'Bob', [{ type: 'homeland', player: 'Bob', country: 'B2' }]);
    await refused(a.game, next.text, /^turn 2 does not follow turn 1 of this game/);
  });

  it('when it is for another game', async () => {
    const g = await homelandsGame();
    const { text } = await craft(g, 'Ann', [], { game: 'another-game' });
    await refused(g, text, /^this turn is for another game \(another-game\), not this one \(game-one\)/);
  });

  it("when an event is another player's move", async () => {
    const g = await homelandsGame();
    const events = [
      { type: 'homeland', player: 'Ann', country: 'A2' },
      { type: 'homeland', player: 'Bob', country: 'B2' },
    ] as const;
    const { text } = await craft(g, 'Ann', [...events]);
    await refused(g, text, /^turn 1: event 2 \(homeland by Bob on B2\) is Bob's move, but this turn is Ann's/);
    const r = await sendTurn(g, 'Ann', [...events]);
    expect(r.ok ? 'sent' : r.error).toMatch(/event 2 \(homeland by Bob on B2\) is Bob's move.*nothing was sent$/);
  });

  it('when an event is refused by the rules, naming the event and the rule', async () => {
    const g = await homelandsGame();
    const { text } = await craft(g, 'Ann', [
      { type: 'homeland', player: 'Ann', country: 'A2' },
      { type: 'homeland', player: 'Ann', country: 'B2' },
    ]);
    const error = await refused(
      g,
      text,
      /^turn 1 from Ann: event 2 \(homeland by Ann on B2\) is refused by rule \w+: .+; the turn was refused$/,
    );
    expect(error).not.toContain('event 1 ');
  });

  it('when the sender is no player of the game', async () => {
    const g = await homelandsGame();
    const { text } = await craft(g, 'Zed', []);
    await refused(g, text, /^this turn was sent by Zed, who is not a player of this game/);
  });

  it('when its text is longer than any turn, before anything is decoded', async () => {
    const g = await homelandsGame();
    await refused(g, TURN_TAG + 'A'.repeat(MAX_TURN_CHARS), /characters long, more than the 200000 a turn may be/);
  });

  it('when it unpacks to more than a turn can hold (a zip bomb), without unpacking it all', async () => {
    const g = await homelandsGame();
    const bomb = await encodeJson(`{"pad":"${'0'.repeat(MAX_TURN_BYTES * 8)}"}`);
    expect(bomb.length).toBeLessThan(MAX_TURN_CHARS);
    await refused(g, bomb, /unpacks to more than 1048576 bytes.*refused unread/);
  });

  it('when it is no turn, damaged, or not JSON', async () => {
    const g = await homelandsGame();
    await refused(g, 'hello', /^this is not a turn of Conquest of the World by mail/);
    await refused(g, `${TURN_TAG}abc$def`, /holds characters a turn never does/);
    await refused(g, `${TURN_TAG}${'_'.repeat(40)}`, /does not unpack|not to a turn/);
    await refused(g, await encodeJson('{"format": '), /unpacks, but not to a turn \(no valid JSON text\)/);
  });

  it('when a field is missing, extra or of the wrong kind', async () => {
    const g = await homelandsGame();
    const { turn } = await craft(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }]);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...turn, format: 'x' }, /not tagged "o2conquest.turn"/],
      [{ ...turn, version: 2 }, /version 2 is not this build's/],
      [{ ...turn, extra: 1 }, /a field "extra" that a turn does not have/],
      [{ ...turn, number: 0 }, /"number" must be a whole number from 1/],
      [{ ...turn, previous: 'abc' }, /"previous" must be the hash/],
      [{ ...turn, hash: undefined }, /"hash" must be the turn's hash/],
      [{ ...turn, events: {} }, /"events" must be a list/],
      [
        { ...turn, events: [{ type: 'conquer', player: 'Ann' }] },
        /event 1 has the type "conquer", which is no event of the game/,
      ],
      [{ ...turn, events: [{ type: 'pass', player: 'Ann', chips: 5 }] }, /event 1 \(pass\) has a field "chips"/],
      [
        { ...turn, events: [{ type: 'homeland', player: 'Ann', country: ['A2'] }] },
        /event 1 \(homeland\) needs "country" as a text/,
      ],
      [
        { ...turn, orders: { absent: 'bot', level: 'expert' } },
        /standing orders "bot" need a level: easy, medium, hard \(got "expert"\)/,
      ],
      [{ ...turn, orders: { absent: 'later' } }, /"orders": standing orders are/],
    ];
    for (const [doc, why] of cases) await refused(g, await encodeJson(JSON.stringify(doc)), why);
    // Nested 100,000 deep: refused with its sentence, not a stack overflow.
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    await refused(
      g,
      await encodeJson(JSON.stringify(turn).replace('"A2"', deep)),
      /event 1 \(homeland\) needs "country" as a text/,
    );
  });

  it('whatever character of its text is changed: refused, or (a change that changes nothing) the same turn', async () => {
    const g = await homelandsGame();
    const t = await sent(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }]);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    await fc.assert(
      fc.asyncProperty(fc.nat(t.text.length - 1), fc.nat(alphabet.length - 1), async (at, c) => {
        const changed = t.text.slice(0, at) + alphabet[c] + t.text.slice(at + 1);
        fc.pre(changed !== t.text);
        const before = structuredClone(g);
        const r = await openTurn(changed, g);
        expect(g).toEqual(before);
        if (r.ok) {
          // Only bits the format ignores could change: the content, and so the game, are the sent turn's.
          expect(r.turn).toEqual(t.turn);
          expect(r.game).toEqual(t.game);
        }
      }),
      { numRuns: 150, seed: 21 },
    );
  });
});

describe('decodeTurnText', () => {
  it('gives back the JSON of what was encoded', async () => {
    const r = await decodeTurnText(await encodeJson('{"a":[1,2,"é"]}'));
    expect(r).toEqual({ ok: true, value: { a: [1, 2, 'é'] } });
  });
});
