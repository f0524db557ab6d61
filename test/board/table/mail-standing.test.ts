import { describe, expect, it } from 'vitest';
import { newMailGame, openTurn, sendTurn, botLevel, sendWithStanding, splitStanding } from '../../../board/index.ts';
import type { GameEvent, MailGame } from '../../../board/index.ts';
import { playTiny, TINY_OPENING } from '../../harness/tiny-game.ts';

/** Ann attacked B1 with a tank and sent turn 1 with standing orders "bot" (hard): Bob's turn. */
async function bobsTurn(): Promise<MailGame> {
  const game = await newMailGame(playTiny(TINY_OPENING), 'standing-test');
  const sent = await sendTurn(
    game,
    'Ann',
    [
      { type: 'attack', player: 'Ann', country: 'B1' },
      { type: 'weapon', player: 'Ann', weapon: 'tank' },
    ],
    { orders: { absent: 'bot', level: 'hard' } },
  );
  if (!sent.ok) throw new Error(sent.error);
  return sent.game;
}

const BOB_SUB: GameEvent = { type: 'weapon', player: 'Bob', weapon: 'sub' };
const WON: GameEvent = { type: 'battle', winner: 'defender', energy: { attacker: 900, defender: 1500 } };

describe('standing orders "bot" at the table', () => {
  it('names the away players whose bot fights, never the one playing here', async () => {
    const game = await bobsTurn();
    expect(botLevel(game, 'Bob', 'Ann')).toBe('hard');
    expect(botLevel(game, 'Ann', 'Ann')).toBeNull();
    expect(botLevel(game, 'Ann', 'Bob')).toBeNull();
  });

  it('says which battle is due before it is fought, with the weapons chosen', async () => {
    const game = await bobsTurn();
    const r = await sendWithStanding(game, 'Bob', [BOB_SUB], { absent: 'wait' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.due).toMatchObject({
      attacker: { player: 'Ann', weapon: 'tank' },
      defender: { player: 'Bob', weapon: 'sub' },
    });
    expect(r.error).toMatch(/the battle Ann v Bob is due, and Ann's battle bot \(hard\) fights it/);
  });

  it("sends the battle fought here as the standing orders' battle, and the bot's next weapon as they choose it", async () => {
    const game = await bobsTurn();
    const first = await sendWithStanding(game, 'Bob', [BOB_SUB, WON], { absent: 'wait' });
    if (!first.ok) throw new Error(first.error);
    const events = first.sent.turn.events;
    expect(events.slice(0, 2)).toEqual([BOB_SUB, WON]);
    // The war goes on: Ann's next weapon, chosen by her standing orders, ends the turn.
    expect(events).toHaveLength(3);
    expect(events[2]).toMatchObject({ type: 'weapon', player: 'Ann' });
    // The board then holds that weapon too: it is left to the standing orders, which choose it again.
    expect(splitStanding(game, 'Bob', events)).toEqual({
      kept: [BOB_SUB],
      outcomes: [{ winner: 'defender', energy: { attacker: 900, defender: 1500 } }],
    });
    const again = await sendWithStanding(game, 'Bob', events, { absent: 'wait' });
    expect(again.ok && again.sent.turn.events).toEqual(events);
    // Ann opens it on her copy: the turn's battle and her bot's weapon are accepted.
    const opened = await openTurn(first.sent.text, game);
    expect(opened.ok).toBe(true);
  });
});
