import { describe, expect, it } from 'vitest';
import {
  keyPair,
  serializeMailGame,
  GameSession,
  sessionDocument,
  encodeEnvelope,
  memoryStore,
  MailSession,
  type TextStorage,
} from '../../../board/index.ts';
import { playTiny, TINY_OPENING } from '../../harness/tiny-game.ts';

function storage(): TextStorage & { full: boolean } {
  const m = new Map<string, string>();
  return {
    full: false,
    getItem: (k) => m.get(k) ?? null,
    setItem(k, v) {
      if (this.full) throw new DOMException('the quota is used up', 'QuotaExceededError');
      m.set(k, v);
    },
    removeItem: (k) => void m.delete(k),
  };
}

/** A board at Ann's first turn, with a game by mail started on it (Ann plays here). */
async function annStarted() {
  const c = new GameSession(memoryStore());
  const s = storage();
  const mail = new MailSession(c, s);
  const keys = { Ann: await mail.myKey(), Bob: (await keyPair()).publicKey };
  expect(await mail.start('Ann', keys)).toMatchObject({ kind: 'error', text: 'Seat the players on the board first.' });
  c.importText(encodeEnvelope({ engine: sessionDocument(playTiny(TINY_OPENING)) }));
  expect((await mail.start('Ann', keys)).text).toMatch(/is played by mail; you are Ann/);
  return { c, s, mail };
}

describe('a game by mail at the table', () => {
  it('sends the moves since the last turn, and a second browser opens it; a reload keeps the game', async () => {
    const { c, s, mail } = await annStarted();
    expect(mail.moves()).toBe(0);
    expect((await mail.send()).text).toMatch(/nothing to send/);
    c.act({ type: 'attack', player: 'Ann', country: 'B1' });
    expect(mail.moves()).toBe(1);
    // Bob's browser gets the game before the turn.
    const bobBoard = new GameSession(memoryStore());
    const bob = new MailSession(bobBoard, storage());
    expect((await bob.open(serializeMailGame(mail.record!.game))).text).toMatch(/opened at turn 0; you are Bob/);
    expect(await mail.send()).toMatchObject({
      kind: 'info',
      text: expect.stringMatching(/^Turn 1 is made \(1 move\)/),
    });
    expect(mail.moves()).toBe(0);
    expect(c.snapshot().canUndo).toBe(false);
    const said = await bob.open(` https://x.example/?a=1#/table?turn=${mail.record!.sent!.text} `);
    expect(said).toEqual({
      kind: 'info',
      text: 'Turn 1 from Ann opened, signed by Ann: 1 move; the game is at turn 1.',
    });
    expect(bobBoard.snapshot().view.log).toEqual(c.snapshot().view.log);
    // A reload: the game by mail and the moves since the last turn come back from storage.
    c.act({ type: 'weapon', player: 'Ann', weapon: 'tank' });
    const again = new MailSession(c, s);
    expect(again.record?.game.chain.number).toBe(1);
    expect(again.moves()).toBe(1);
  });

  it('a refused turn, a second game and a full storage change nothing', async () => {
    const { c, s, mail } = await annStarted();
    c.act({ type: 'attack', player: 'Ann', country: 'B1' });
    const before = { log: c.snapshot().view.log, chain: mail.record!.game.chain };
    expect((await mail.open('o2turn1.!!!')).text).toMatch(/^The turn was not opened: this turn is damaged/);
    expect((await mail.open(serializeMailGame(mail.record!.game))).text).toMatch(/kept here already/);
    expect((await mail.open('x'.repeat(5_000_000))).text).toMatch(/far more than any turn or game; it was not read/);
    s.full = true;
    expect((await mail.send()).text).toMatch(/^Your turn was not sent: the game by mail could not be kept: .*quota/);
    expect({ log: c.snapshot().view.log, chain: mail.record!.game.chain }).toEqual(before);
    expect(mail.moves()).toBe(1);
  });
});
