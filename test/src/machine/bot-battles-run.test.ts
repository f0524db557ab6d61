/**
 * The browser's machine for a turn's battles of the battle bots (issue 37), run here in Node as its
 * worker runs it: a turn sent from the command line with --stick opens with its battle fought again
 * to the same result, and the same turn with a result edited is refused with the command line's own
 * sentence, the game kept as it was.
 */
import { describe, expect, it } from 'vitest';
import type { BattleOutcome, Turn } from '../../../board/index.ts';
import {
  encodeTurnText,
  GameSession,
  MailSession,
  memoryStore,
  openTurn,
  sendTurn,
  serializeMailGame,
  turnHash,
} from '../../../board/index.ts';
import { memoryText } from '../../../board/table/index.ts';
import { machineAbsentBattles } from '../../../board/cli/mail-battles.ts';
import { BotBattlesRunner, turnBotBattles } from '../../../src/machine/bot-battles-run.ts';
import { battleCart, openBios } from '../../rom-core/roms/carts/scenarios.ts';
import { warGame } from '../../board/mail/kit.ts';

const roms = () => ({ bios: openBios(), cart: battleCart() });

/** Ann's turn from the command line (her stick a medium bot), Bob away with orders "bot" (hard); and the same turn with a result edited. */
async function annTurns() {
  const g = await warGame({ Bob: { absent: 'bot', level: 'hard' } });
  const sent = await sendTurn(g, 'Ann', [{ type: 'weapon', player: 'Ann', weapon: 'tank' }], {
    battles: machineAbsentBattles('medium'),
    stick: 'medium',
  });
  if (!sent.ok) throw new Error(sent.error);
  // The winner kept (the turn's later events still follow), with one unit of energy less; hashed again (unsigned game).
  const edited = structuredClone(sent.turn) as Turn;
  const at = edited.botBattles![0].event;
  const e = edited.events[at] as Extract<Turn['events'][number], { type: 'battle' }>;
  const side = e.winner === 'defender' ? 'defender' : 'attacker';
  e.energy[side] -= 1;
  const { hash: _h, ...body } = edited;
  const forged = await encodeTurnText(JSON.stringify({ ...body, hash: await turnHash(body) }));
  return { g, sent, forged, outcome: sent.turn.events[at] as BattleOutcome & { type: 'battle' } };
}

describe("the browser's machine for the battle bots' battles", { timeout: 120_000 }, () => {
  it('opens an honest turn, its battle fought again to the same result, and refuses an edited one with the command line’s sentence', async () => {
    const { g, sent, forged } = await annTurns();
    const bob = new MailSession(new GameSession(memoryStore()), memoryText(), () => turnBotBattles(roms()));
    expect((await bob.open(serializeMailGame(g))).text).toMatch(/opened at turn 0; you are Bob/);
    const cli = await openTurn(forged, g, { refight: machineAbsentBattles(null) });
    expect(cli.ok).toBe(false);
    const refused = await bob.openTurn(forged);
    expect(refused).toEqual({
      kind: 'error',
      text: `The turn was not opened: ${cli.ok ? '' : cli.error}. Nothing was changed.`,
    });
    expect(bob.record!.game).toEqual(g);
    const opened = await bob.openTurn(sent.text);
    expect(opened.text).toMatch(
      /^Turn 1 from Ann opened .*; the game is at turn 1\. Its 1 battle fought by the battle bots alone ended the same when fought again here\.$/,
    );
    expect(bob.record!.game).toEqual(sent.game);
  });

  it('fights each turn on a new machine: the same battle twice gives the same result', async () => {
    const { g, sent, outcome } = await annTurns();
    const battles: Parameters<BotBattlesRunner['refight']>[0][] = [];
    const noted = () => {
      const port = turnBotBattles(roms());
      return (b: (typeof battles)[number]) => (battles.push(b), port(b));
    };
    const opened = await openTurn(sent.text, g, { refight: noted() });
    expect(opened.ok).toBe(true);
    const runner = new BotBattlesRunner();
    await expect(runner.refight(battles[0], null)).rejects.toThrow('no machine was started for this turn');
    const { type: _t, ...want } = outcome;
    expect(await runner.refight(battles[0], roms())).toEqual(want);
    expect(await runner.refight(battles[0], roms())).toEqual(want);
  });
});
