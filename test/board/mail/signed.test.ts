/**
 * Signed turns (issue 37): with the hash chain alone, a turn edited and hashed again (tank -> plane), or
 * made by Ann "from Bob", was accepted. In a signed game every turn carries its sender's signature
 * over its hash, checked against the sender's public key kept in the game from its start.
 */
import { describe, expect, it } from 'vitest';
import type { KeyPair, MailGame, Turn } from '../../../board/index.ts';
import {
  deserializeMailGame,
  encodeTurnText,
  keyPair,
  newMailGame,
  openTurn,
  sendTurn,
  serializeMailGame,
  signHash,
  turnHash,
} from '../../../board/index.ts';
import { warOnB1 } from '../helpers.ts';
import { homelandsGame } from './kit.ts';

const tank = (player: string) => ({ type: 'weapon' as const, player, weapon: 'tank' as const });

/** Ann and Bob at war on the tiny board, each with a key pair, their public keys in the game. */
async function signedWar(): Promise<{ game: MailGame; ann: KeyPair; bob: KeyPair }> {
  const [ann, bob] = [await keyPair(), await keyPair()];
  const game = await newMailGame(warOnB1(), 'game-signed', { Ann: ann.publicKey, Bob: bob.publicKey });
  return { game, ann, bob };
}

/** `turn` with `edit` made to it, hashed again, with the signature given (by default the one it had). */
async function reworked(turn: Turn, edit: Partial<Turn>, signature = turn.signature): Promise<string> {
  const body = { ...turn, ...edit };
  const hash = await turnHash(body);
  return encodeTurnText(JSON.stringify({ ...body, hash, signature }));
}

async function refusal(game: MailGame, text: string): Promise<string> {
  const before = structuredClone(game);
  const r = await openTurn(text, game);
  expect(game).toEqual(before);
  if (r.ok) throw new Error('opened, a refusal was expected');
  return r.error;
}

describe('a signed game by mail', () => {
  it('sends turns signed by their sender, which the other copy opens as signed', async () => {
    const { game, ann } = await signedWar();
    const sent = await sendTurn(game, 'Ann', [tank('Ann')], { privateKey: ann.privateKey });
    if (!sent.ok) throw new Error(sent.error);
    expect(sent.turn.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const opened = await openTurn(sent.text, structuredClone(game));
    expect(opened).toMatchObject({ ok: true, signed: true });
    expect(opened.ok && opened.game).toEqual(sent.game);
    expect(sent.game.keys).toEqual(game.keys);
  });

  it('refuses a turn edited and hashed again, naming the sender whose signature fails', async () => {
    const { game, ann } = await signedWar();
    const sent = await sendTurn(game, 'Ann', [tank('Ann')], { privateKey: ann.privateKey });
    if (!sent.ok) throw new Error(sent.error);
    const plane = await reworked(sent.turn, { events: [{ type: 'weapon', player: 'Ann', weapon: 'plane' }] });
    expect(await refusal(game, plane)).toBe(
      "turn 1 is not signed by Ann: its signature does not match Ann's key in this game (it was changed after Ann signed it, or made by someone else in Ann's name); it was refused",
    );
    // Edited without a new hash: the hash says so first.
    const edited = await encodeTurnText(JSON.stringify({ ...sent.turn, events: [tank('Bob')] }));
    expect(await refusal(game, edited)).toMatch(/^this turn \(turn 1\) was edited after it was sent/);
  });

  it("refuses a turn made by Ann in Bob's name, whether signed with her key or not at all", async () => {
    const { game, ann } = await signedWar();
    const body = { ...(await sendUnsigned(game, 'Bob')), player: 'Bob' };
    const hash = await turnHash(body);
    const asBob = await encodeTurnText(
      JSON.stringify({ ...body, hash, signature: await signHash(ann.privateKey, hash) }),
    );
    expect(await refusal(game, asBob)).toMatch(/^turn 1 is not signed by Bob: its signature does not match Bob's key/);
    const bare = await encodeTurnText(JSON.stringify({ ...body, hash }));
    expect(await refusal(game, bare)).toBe(
      'turn 1 is not signed, but every turn of this game is signed by its sender: it cannot be told from a turn made by someone else; it was refused',
    );
    // sendTurn will not make it either.
    const r = await sendTurn(game, 'Bob', [tank('Bob')], { privateKey: ann.privateKey });
    expect(r.ok ? 'sent' : r.error).toBe("this key is not Bob's in this game (it is Ann's); nothing was sent");
    const none = await sendTurn(game, 'Bob', [tank('Bob')]);
    expect(none.ok ? 'sent' : none.error).toBe(
      "this game is signed: Bob's turn must be signed with Bob's private key; nothing was sent",
    );
    const stranger = await sendTurn(game, 'Bob', [tank('Bob')], { privateKey: (await keyPair()).privateKey });
    expect(stranger.ok ? 'sent' : stranger.error).toMatch(/it is no player's of this game/);
  });

  it('keeps its keys in its file, and refuses a file whose keys are damaged', async () => {
    const { game } = await signedWar();
    const text = serializeMailGame(game);
    const back = deserializeMailGame(text);
    expect(back.ok && back.game).toEqual(game);
    const doc = JSON.parse(text) as { keys: Record<string, string> };
    const damaged = (keys: unknown) => {
      const r = deserializeMailGame(JSON.stringify({ ...doc, keys }));
      return r.ok ? 'loaded' : r.error;
    };
    expect(damaged({ Ann: doc.keys.Ann })).toMatch(/^the game is signed, but Bob has no public key/);
    expect(damaged({ ...doc.keys, Bob: 'o2pub1.abc' })).toMatch(/Bob's public key is not one/);
    expect(damaged({ ...doc.keys, Cy: doc.keys.Ann })).toMatch(/a public key is given for "Cy", who is not a player/);
    expect(damaged({ ...doc.keys, Bob: doc.keys.Ann })).toMatch(
      /^the game is signed, but Ann and Bob give the same public key/,
    );
    expect(damaged('keys')).toMatch(/public keys must be an object/);
  });

  it('an unsigned game (as made before signing) still opens its turns, marked unsigned', async () => {
    const g = await homelandsGame();
    expect(g.keys).toBeUndefined();
    const sent = await sendTurn(g, 'Ann', [{ type: 'homeland', player: 'Ann', country: 'A2' }]);
    if (!sent.ok) throw new Error(sent.error);
    expect(sent.turn.signature).toBeUndefined();
    expect(await openTurn(sent.text, g)).toMatchObject({ ok: true, signed: false });
    expect(serializeMailGame(g)).not.toContain('"keys"');
  });
});

/** A turn body from `player` with their tank, unsigned (a forger's starting point). */
async function sendUnsigned(game: MailGame, player: string) {
  const { keys: _, ...unsigned } = game;
  const r = await sendTurn(unsigned, player, [tank(player)]);
  if (!r.ok) throw new Error(r.error);
  const { hash: _h, signature: _s, ...body } = r.turn;
  return body;
}
