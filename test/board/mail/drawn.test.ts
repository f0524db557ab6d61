/**
 * What no sender chooses in a turn by mail (issue 37): a battle's result comes only from one of that
 * battle's two players (Cy could decide Ann's battle against Bob), and the first-player readout is
 * drawn (the last caller chose it by sending it): from the chain in an unsigned game, by commit and
 * reveal in a signed one (draw.ts: with the chain alone, the last caller could pick the call that wins).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, MailGame } from '../../../board/index.ts';
import type { Turn } from '../../../board/index.ts';
import {
  deserializeMailGame,
  encodeTurnText,
  keyPair,
  mailReadout,
  newMailGame,
  openTurn,
  pendingBattle,
  readoutDue,
  revealDue,
  sendTurn,
  serializeMailGame,
  signHash,
  turnHash,
} from '../../../board/index.ts';
import { P, play, threeOpening, tinyScenario } from '../helpers.ts';
import { craft } from './kit.ts';

/** Cy has attacked India, Ann's: both weapons are chosen, the battle Cy v Ann waits for its result. */
async function cyVersusAnn(): Promise<MailGame> {
  const s = play(
    [
      { type: 'attack', player: 'Cy', country: 'India' },
      { type: 'weapon', player: 'Cy', weapon: 'tank' },
      { type: 'weapon', player: 'Ann', weapon: 'plane' },
    ],
    threeOpening(),
  );
  return newMailGame(s, 'game-three');
}

async function refusal(game: MailGame, text: string): Promise<string> {
  const before = structuredClone(game);
  const r = await openTurn(text, game);
  expect(game).toEqual(before);
  if (r.ok) throw new Error('opened, a refusal was expected');
  return r.error;
}

describe("a battle's result by mail", () => {
  it('is refused from a player who does not fight it, and taken from either who does', async () => {
    const g = await cyVersusAnn();
    const request = pendingBattle(g.state)!;
    expect([request.attacker.player, request.defender.player]).toEqual(['Cy', 'Ann']);
    const result: GameEvent = {
      type: 'battle',
      winner: 'attacker',
      energy: { attacker: request.attacker.energy, defender: 0 },
    };
    expect(await refusal(g, (await craft(g, 'Bob', [result])).text)).toBe(
      "turn 1: event 1 (battle) is the result of Cy v Ann's battle, but this turn is Bob's: a battle's result comes from one of its two players (or the machine under their standing orders); the turn was refused",
    );
    const sent = await sendTurn(g, 'Bob', [result]);
    expect(sent.ok ? 'sent' : sent.error).toMatch(
      /this turn is Bob's: a battle's result comes from one of its two players.*; nothing was sent$/,
    );
    for (const player of ['Cy', 'Ann']) {
      const r = await openTurn((await craft(g, player, [result])).text, g);
      expect(r.ok ? r.game.state.log.at(-1) : r.error).toMatch(/Cy/);
    }
  });
});

describe('the first-player readout in an unsigned game by mail', () => {
  const setUp = () =>
    newMailGame(play([{ type: 'setup', players: ['Ann', 'Bob'].map(P) }], undefined, tinyScenario), 'game-call');
  const call = (player: string, digit: number): GameEvent => ({ type: 'first.call', player, digit });

  it('is drawn from the chain when the last call is sent, the same on every copy', async () => {
    const g = await setUp();
    const ann = await sendTurn(g, 'Ann', [call('Ann', 3)]);
    if (!ann.ok) throw new Error(ann.error);
    expect(readoutDue(ann.game.state)).toBe(false);
    const bob = await sendTurn(ann.game, 'Bob', [call('Bob', 7)]);
    if (!bob.ok) throw new Error(bob.error);
    const digit = await mailReadout(ann.turn.hash, play([call('Bob', 7)], ann.game.state));
    expect(bob.turn.events).toEqual([call('Bob', 7), { type: 'first.readout', digit }]);
    expect(bob.game.state.phase).toBe('homelands');
    const opened = await openTurn(bob.text, ann.game);
    expect(opened.ok ? opened.game : opened.error).toEqual(bob.game);
  });

  it('is refused when a turn reads another digit, whoever sends it', async () => {
    const g = await setUp();
    const ann = await sendTurn(g, 'Ann', [call('Ann', 3)]);
    if (!ann.ok) throw new Error(ann.error);
    const digit = await mailReadout(ann.turn.hash, play([call('Bob', 7)], ann.game.state));
    const other = (digit + 1) % 10;
    const forged = await craft(ann.game, 'Bob', [call('Bob', 7), { type: 'first.readout', digit: other }]);
    expect(await refusal(ann.game, forged.text)).toBe(
      `turn 2: event 2 (first.readout) reads ${other}, but by mail the readout is drawn, not chosen: it is ${digit}; the turn was refused`,
    );
    const chosen = await sendTurn(ann.game, 'Bob', [call('Bob', 7), { type: 'first.readout', digit: other }]);
    expect(chosen.ok ? 'sent' : chosen.error).toMatch(/reads \d, but by mail the readout is drawn, not chosen/);
    // The chain's own digit, sent by hand, is taken.
    const honest = await craft(ann.game, 'Bob', [call('Bob', 7), { type: 'first.readout', digit }]);
    expect((await openTurn(honest.text, ann.game)).ok).toBe(true);
  });

  it('depends on the chain and the calls, so no one digit is always drawn', async () => {
    const g = await setUp();
    const called = play([call('Ann', 3), call('Bob', 7)], g.state);
    const digits = new Set<number>();
    for (let i = 0; i < 40; i++) digits.add(await mailReadout(i.toString(16).padStart(64, '0'), called));
    expect(digits.size).toBeGreaterThan(5);
    expect(await mailReadout(g.chain.hash, called)).toBe(await mailReadout(g.chain.hash, structuredClone(called)));
  });
});

describe('the first-player readout in a signed game by mail', () => {
  const call = (player: string, digit: number): GameEvent => ({ type: 'first.call', player, digit });
  /** Ann has called 3 (committing to her secret), Bob has called 7 and revealed his; Ann's copy has opened Bob's turn. */
  async function called() {
    const [ann, bob] = [await keyPair(), await keyPair()];
    const start = play([{ type: 'setup', players: ['Ann', 'Bob'].map(P) }], undefined, tinyScenario);
    const g = await newMailGame(start, 'game-drawn', { Ann: ann.publicKey, Bob: bob.publicKey });
    const t1 = await sendTurn(g, 'Ann', [call('Ann', 3)], { privateKey: ann.privateKey });
    if (!t1.ok) throw new Error(t1.error);
    const t2 = await sendTurn(t1.game, 'Bob', [call('Bob', 7)], { privateKey: bob.privateKey });
    if (!t2.ok) throw new Error(t2.error);
    return { ann, bob, t1, t2 };
  }
  /** `turn` changed by `edit`, hashed again and signed with `privateKey`. */
  async function resigned(turn: Turn, edit: Partial<Turn>, privateKey: string): Promise<string> {
    const { hash: _h, signature: _s, ...body } = { ...turn, ...edit };
    const hash = await turnHash(body);
    return encodeTurnText(JSON.stringify({ ...body, hash, signature: await signHash(privateKey, hash) }));
  }

  it('is not drawn by the last call: it waits for every secret, then reads the digit all of them draw', async () => {
    const { ann, t1, t2 } = await called();
    expect(t1.turn.draw).toEqual({ commit: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(t2.turn.draw).toEqual({ commit: expect.any(String), reveal: expect.any(String) });
    // Bob, the last caller, cannot send the readout: he does not know Ann's secret.
    expect(t2.turn.events).toEqual([call('Bob', 7)]);
    expect(t2.game.state.phase).toBe('first-player');
    expect(revealDue(t2.game, 'Ann')).toBe(true);
    expect(revealDue(t2.game, 'Bob')).toBe(false);
    const t3 = await sendTurn(t2.game, 'Ann', [], { privateKey: ann.privateKey });
    if (!t3.ok) throw new Error(t3.error);
    expect(t3.turn.draw).toEqual({ reveal: expect.any(String) });
    const digit = t3.turn.events[0]?.type === 'first.readout' ? t3.turn.events[0].digit : -1;
    expect(t3.turn.events).toEqual([{ type: 'first.readout', digit }]);
    expect(t3.game.state.phase).toBe('homelands');
    // Bob opens the same turn and digit; the draw so far goes into the game file and back.
    expect((await openTurn(t3.text, t2.game)).ok).toBe(true);
    const fromGame = deserializeMailGame(serializeMailGame(t2.game));
    expect(fromGame.ok && fromGame.game.draws).toEqual(t2.game.draws);
  });

  it('refuses a readout before every secret is out, a call without a commitment, and a secret not committed to', async () => {
    const { ann, bob, t1, t2 } = await called();
    const early = await resigned(
      t2.turn,
      { events: [call('Bob', 7), { type: 'first.readout', digit: 7 }] },
      bob.privateKey,
    );
    expect(await refusal(t1.game, early)).toBe(
      'turn 2: event 2 (first.readout) reads 7, but the readout waits for Ann to reveal the secret committed to with their call; the turn was refused',
    );
    const bare = await resigned(t2.turn, { draw: undefined }, bob.privateKey);
    expect(await refusal(t1.game, bare)).toBe(
      "turn 2: Bob's call comes without a commitment to a secret: in a signed game the readout is drawn from every player's secret, committed to with their call, so nobody can choose it; the turn was refused",
    );
    // Ann tries secrets until one draws a digit she likes: any secret but the one committed to is refused.
    const t3 = await sendTurn(t2.game, 'Ann', [], { privateKey: ann.privateKey });
    if (!t3.ok) throw new Error(t3.error);
    const other = await resigned(t3.turn, { draw: { reveal: 'ab'.repeat(32) } }, ann.privateKey);
    expect(await refusal(t2.game, other)).toBe(
      'turn 3: the secret Ann reveals is not the one Ann committed to with their call; the turn was refused',
    );
    const tooSoon = await resigned(t1.turn, { draw: { ...t1.turn.draw, reveal: 'ab'.repeat(32) } }, ann.privateKey);
    expect(await refusal(await newMailGameOf(t1.game), tooSoon)).toMatch(
      /^turn 1: Ann reveals their secret for the readout before every player has called/,
    );
  });
});

/** The game before turn 1 of `g` (same id, start and keys). */
async function newMailGameOf(g: MailGame): Promise<MailGame> {
  const start = play([{ type: 'setup', players: ['Ann', 'Bob'].map(P) }], undefined, tinyScenario);
  return newMailGame(start, g.id, g.keys);
}
