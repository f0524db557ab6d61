/**
 * A turn whose battles the battle bots fought alone (the command line's --stick), opened at the table
 * (issue 37): with a machine injected, each is fought again and a different result refuses the turn;
 * without one the sentence says they were taken as sent (the browser's page has one: test/src/machine).
 */
import { describe, expect, it } from 'vitest';
import type { AbsentBattlePort, BattleOutcome } from '../../../board/index.ts';
import { GameSession, MailSession, memoryStore, sendTurn, serializeMailGame } from '../../../board/index.ts';
import { memoryText } from '../../../board/table/index.ts';
import { warGame } from '../mail/kit.ts';

const annWins: BattleOutcome = { winner: 'attacker', energy: { attacker: 1500, defender: 0 } };
const bobWins: BattleOutcome = { winner: 'defender', energy: { attacker: 0, defender: 900 } };
const machine =
  (o: BattleOutcome): AbsentBattlePort =>
  () => ({ fight: () => Promise.resolve(o) });

/** Ann's turn from the command line, Bob away with orders "bot": the battle fought by the bots on both controls. */
async function annTurn() {
  const g = await warGame({ Bob: { absent: 'bot', level: 'hard' } });
  const sent = await sendTurn(g, 'Ann', [{ type: 'weapon', player: 'Ann', weapon: 'tank' }], {
    battles: machine(annWins),
    stick: 'medium',
  });
  if (!sent.ok) throw new Error(sent.error);
  return { g, sent };
}

/** Bob's table with the game opened from its file, and `refight` as its machine. */
async function bobTable(game: string, refight?: AbsentBattlePort) {
  const bob = new MailSession(new GameSession(memoryStore()), memoryText(), refight && (() => refight));
  expect((await bob.open(game)).text).toMatch(/opened at turn 0; you are Bob/);
  return bob;
}

describe('battles of the battle bots, opened at the table', () => {
  it('fights each again with the machine it is given, and refuses a result that differs', async () => {
    const { g, sent } = await annTurn();
    const same = await bobTable(serializeMailGame(g), machine(annWins));
    expect((await same.openTurn(sent.text)).text).toMatch(
      /^Turn 1 from Ann opened .*; the game is at turn 1\. Its 1 battle fought by the battle bots alone ended the same when fought again here\.$/,
    );
    const other = await bobTable(serializeMailGame(g), machine(bobWins));
    const said = await other.openTurn(sent.text);
    expect(said.kind).toBe('error');
    expect(said.text).toMatch(
      /^The turn was not opened: turn 1: the battle Ann tank \d+ v Bob .* was fought again here and ended "defender wins, energy left 0 \/ 900", not "attacker wins, energy left 1500 \/ 0" as the turn says; the turn was refused\. Nothing was changed\.$/,
    );
    expect(other.record!.game.chain.number).toBe(0);
  });

  it('without a machine, says the battles were taken as sent', async () => {
    const { g, sent } = await annTurn();
    const bob = await bobTable(serializeMailGame(g));
    expect((await bob.openTurn(sent.text)).text).toMatch(
      /; the game is at turn 1\. Its 1 battle fought by the battle bots alone was taken as sent: there is no machine here to fight it again on\.$/,
    );
  });
});
