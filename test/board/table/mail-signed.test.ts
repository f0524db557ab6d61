/**
 * Signed turns at the table (issue 37): the table's game by mail signs as the command line does. Each
 * browser keeps its key pair (Web Crypto, board/mail's format); a game starts only with every player's
 * public key; each turn sent is signed; a re-hashed or impersonated turn is refused with the sentence
 * naming what failed and the game goes on; a key file moves between the command line and a browser;
 * an old unsigned game still opens, said to be unsigned.
 */
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../board/index.ts';
import {
  decodeTurnText,
  encodeTurnText,
  keyFileText,
  keyPair,
  newMailGame,
  readKeyFileText,
  sendTurn,
  serializeMailGame,
  signHash,
  turnHash,
  GameSession,
  sessionDocument,
  encodeEnvelope,
  memoryStore,
  MailSession,
} from '../../../board/index.ts';
import { playTiny, TINY_OPENING } from '../../harness/tiny-game.ts';

function storage() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

/** A browser at the table: its board and its game by mail. */
function browser() {
  const board = new GameSession(memoryStore());
  const s = storage();
  return { board, s, mail: new MailSession(board, s) };
}

async function turnOf(text: string): Promise<Turn> {
  const d = await decodeTurnText(text);
  if (!d.ok) throw new Error(d.error);
  return d.value as Turn;
}

/** Ann's browser starts a signed game with Bob's public key; Bob's opens it. */
async function signedGame() {
  const ann = browser();
  const bob = browser();
  ann.board.importText(encodeEnvelope({ engine: sessionDocument(playTiny(TINY_OPENING)) }));
  const keys = { Ann: await ann.mail.myKey(), Bob: await bob.mail.myKey() };
  expect((await ann.mail.start('Ann', { Ann: keys.Ann, Bob: '' })).text).toMatch(
    /^The game by mail was not started: every player's public key is needed \(Bob has none yet\)/,
  );
  expect((await ann.mail.start('Ann', { Ann: keys.Ann, Bob: 'o2pub1.nope' })).text).toMatch(
    /not started: Bob's public key is not one/,
  );
  expect((await ann.mail.start('Ann', { Ann: keys.Bob, Bob: (await keyPair()).publicKey })).text).toMatch(
    /not started: Ann's public key is not one this browser holds the private key of/,
  );
  // Bob giving Ann's key (copied from her panel) is refused: Ann's browser could sign Bob's turns too.
  expect((await ann.mail.start('Ann', { Ann: keys.Ann, Bob: ` ${keys.Ann}` })).text).toBe(
    'The game by mail was not started: Ann and Bob give the same public key: each player gives their own (made by "mail key" or their table\'s panel), or one of them could sign the other\'s turns.',
  );
  expect(ann.mail.record).toBeNull();
  expect((await ann.mail.start('Ann', keys)).text).toMatch(/is played by mail; you are Ann/);
  expect(ann.mail.record!.game.keys).toEqual(keys);
  // Bob's browser holds Bob's key: it takes Bob's seat by itself.
  expect((await bob.mail.open(serializeMailGame(ann.mail.record!.game))).text).toMatch(
    /opened at turn 0; you are Bob .* It is signed: your turns are signed with your key/,
  );
  return { ann, bob, keys };
}

describe('signed turns at the table', () => {
  it('signs every turn sent; a re-hashed and an impersonated turn are refused and the game goes on', async () => {
    const { ann, bob } = await signedGame();
    ann.board.act({ type: 'attack', player: 'Ann', country: 'B1' });
    expect((await ann.mail.send()).text).toMatch(/^Turn 1 is made/);
    const text = ann.mail.record!.sent!.text;
    const turn = await turnOf(text);
    expect(turn.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const logBefore = bob.board.snapshot().view.log;

    // Edited after it was sent (another country) and hashed again: the signature no longer fits.
    const body = { ...turn, events: [{ type: 'attack', player: 'Ann', country: 'B2' }] } as Turn;
    const rehashed = await encodeTurnText(JSON.stringify({ ...body, hash: await turnHash(body) }));
    expect((await bob.mail.open(rehashed)).text).toBe(
      "The turn was not opened: turn 1 is not signed by Ann: its signature does not match Ann's key in this game (it was changed after Ann signed it, or made by someone else in Ann's name); it was refused. Nothing was changed.",
    );
    // Made "from Ann" by someone holding another key (here a stranger's), signed with it.
    const stranger = await keyPair();
    const forged = { ...turn, signature: await signHash(stranger.privateKey, turn.hash) };
    expect((await bob.mail.open(await encodeTurnText(JSON.stringify(forged)))).text).toMatch(
      /^The turn was not opened: turn 1 is not signed by Ann/,
    );
    // With no signature at all.
    const { signature: _, ...bare } = turn;
    expect((await bob.mail.open(await encodeTurnText(JSON.stringify(bare)))).text).toMatch(
      /turn 1 is not signed, but every turn of this game is signed by its sender/,
    );
    expect(bob.board.snapshot().view.log).toEqual(logBefore);
    expect(bob.mail.record!.game.chain.number).toBe(0);

    // The genuine turn opens, and the game goes on: Bob answers with a turn of his, signed by him.
    expect((await bob.mail.open(text)).text).toBe(
      'Turn 1 from Ann opened, signed by Ann: 1 move; the game is at turn 1.',
    );
    bob.board.act({ type: 'weapon', player: 'Bob', weapon: 'sub' });
    expect((await bob.mail.send()).text).toMatch(/^Turn 2 is made/);
    expect((await ann.mail.open(bob.mail.record!.sent!.text)).text).toMatch(/^Turn 2 from Bob opened, signed by Bob/);
  });

  it('sends nothing for a player whose key this browser does not hold', async () => {
    const { bob } = await signedGame();
    bob.mail.setMe('Ann');
    bob.board.act({ type: 'attack', player: 'Ann', country: 'B1' });
    expect((await bob.mail.send()).text).toBe(
      'Your turn was not sent: this game is signed, and this browser does not hold Ann\'s private key: change "I am", or import Ann\'s key file ("Import a key file").',
    );
    expect(bob.mail.record!.sent).toBeNull();
  });

  it("exports a key file the command line reads, and imports the command line's key file", async () => {
    const { ann, keys } = await signedGame();
    const out = await ann.mail.exportKey();
    expect(out.said.text).toMatch(/Anyone who has this key file can sign turns in your name/);
    expect(out.name).toBe('Ann.o2key.json');
    expect(await readKeyFileText(out.text)).toMatchObject({ ok: true, player: 'Ann', publicKey: keys.Ann });

    // Cy plays from the command line ("board mail key"); then from a browser with his key file imported.
    const cy = await keyPair();
    const c = browser();
    c.board.importText(encodeEnvelope({ engine: sessionDocument(playTiny(TINY_OPENING)) }));
    const game = await newMailGame(c.board.gameState()!, 'game-cy', { Ann: cy.publicKey, Bob: keys.Bob });
    expect((await c.mail.importKey('{"format":"o2conquest.mailkey"}')).text).toMatch(
      /^The key was not imported: this is not a key file made by "mail key"/,
    );
    expect((await c.mail.importKey(keyFileText('Ann', cy))).text).toBe('The key of Ann is kept in this browser.');
    expect((await c.mail.open(serializeMailGame(game))).text).toMatch(/you are Ann/);
    c.board.act({ type: 'attack', player: 'Ann', country: 'B1' });
    expect((await c.mail.send()).text).toMatch(/^Turn 1 is made/);
    // The command line's copy opens it (board/mail's sendTurn and openTurn, the CLI's own path).
    const cli = await sendTurn(game, 'Ann', [{ type: 'attack', player: 'Ann', country: 'B1' }], {
      privateKey: cy.privateKey,
    });
    expect(cli.ok && cli.game.state).toEqual(c.mail.record!.game.state);
  });

  it('opens an old unsigned game, said to be unsigned, and its turns as before', async () => {
    const ann = browser();
    ann.board.importText(encodeEnvelope({ engine: sessionDocument(playTiny(TINY_OPENING)) }));
    const game = await newMailGame(ann.board.gameState()!, 'old-game');
    const bob = browser();
    expect((await bob.mail.open(serializeMailGame(game))).text).toMatch(
      /It is an unsigned game: its turns carry no signature/,
    );
    const sent = await sendTurn(game, 'Ann', [{ type: 'attack', player: 'Ann', country: 'B1' }]);
    if (!sent.ok) throw new Error(sent.error);
    expect((await bob.mail.open(sent.text)).text).toBe(
      'Turn 1 from Ann opened (an unsigned game: nothing shows who made it): 1 move; the game is at turn 1.',
    );
    bob.board.act({ type: 'weapon', player: 'Bob', weapon: 'tank' });
    expect((await bob.mail.send()).text).toMatch(/^Turn 2 is made/);
  });
});
