/**
 * What no sender chooses in a turn by mail (issue 37): a battle's result comes only from one of that
 * battle's two players (Cy could decide Ann's battle against Bob), and the first-player readout is
 * drawn from the chain (the last caller chose it by sending it).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, MailGame } from '../../../board/index.ts';
import { mailReadout, newMailGame, openTurn, pendingBattle, readoutDue, sendTurn } from '../../../board/index.ts';
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

describe('the first-player readout by mail', () => {
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
      `turn 2: event 2 (first.readout) reads ${other}, but by mail the readout is drawn from the chain, not chosen: it is ${digit}; the turn was refused`,
    );
    const chosen = await sendTurn(ann.game, 'Bob', [call('Bob', 7), { type: 'first.readout', digit: other }]);
    expect(chosen.ok ? 'sent' : chosen.error).toMatch(/reads \d, but by mail the readout is drawn from the chain/);
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
