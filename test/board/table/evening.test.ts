/**
 * An evening at a table, headless (issue 33): the board's game session at a table (autosaved), the table's battle on our
 * battle cartridge in Node, and two computer seats playing a small game to its end with nobody touching
 * anything: the computers call their digits, the table stops the readout itself (rule 2), every battle is
 * programmed on the console, started by asking the battle chart for ENTER and fought there by the battle
 * bots holding both hand controls, each result read from the machine, and the table starts the end game
 * itself (rule 21). Pauses come from a clock that fires on the next turn of the event loop: the test waits
 * for the game to end, bounded by turns, never by time.
 */
import { describe, expect, it } from 'vitest';
import {
  GameSession,
  TableBattle,
  TableComputers,
  checkInvariants,
  memoryStorage,
  memoryStore,
  newGame,
} from '../../../board/index.ts';
import { TINY_SCENARIO } from '../../harness/tiny-game.ts';
import { tableSession } from '../helpers.ts';
import { botTableConsole, nextTurn, turnOfLoop } from './bot-table-kit.ts';

describe('an evening at a table in Node', { timeout: 120_000 }, () => {
  it('two computer seats play a small game to its end, every battle fought on the console by the bots', async () => {
    const { console: c, controls, held } = botTableConsole();
    const saves = memoryStore();
    const game = tableSession(newGame(TINY_SCENARIO), saves, nextTurn);
    const storage = memoryStorage();
    const table = new TableBattle(c, game, storage);
    const said: string[] = [];
    const computers = new TableComputers(game, table, controls, nextTurn, storage, {
      pauseMs: 0,
      say: (t) => said.push(t),
    });
    // Every step of the game or the table lets the computers look again (the page does this on each redraw).
    game.subscribe(() => computers.act());
    let results = 0;
    let stage = table.state.stage;
    const botsInBattle: (string | null)[][] = [];
    table.subscribe(() => {
      if (table.state.stage === 'fighting' && stage !== 'fighting') botsInBattle.push([...held]);
      if (table.state.stage === 'result' && stage !== 'result') results++;
      stage = table.state.stage;
      computers.act();
    });

    game.act({
      type: 'setup',
      players: [
        { name: 'Ann', color: 'red' },
        { name: 'Bob', color: 'yellow' },
      ],
    });
    computers.setSeat('Ann', 'hard');
    computers.setSeat('Bob', 'easy');
    for (let turn = 0; turn < 200_000 && game.gameState()!.phase !== 'over'; turn++) await turnOfLoop();
    const end = game.gameState()!;
    expect(end.phase, `the game stopped at ${end.phase}; last said: ${said.slice(-3).join(' | ')}`).toBe('over');
    expect(checkInvariants(end)).toEqual([]);
    // Each battle recorded was fought once on the machine, with a bot on each control.
    const m = await c.read();
    expect(results).toBeGreaterThan(0);
    expect(m.battles).toBe(results);
    expect(botsInBattle).toHaveLength(results);
    for (const bots of botsInBattle) expect(bots.every((b) => b !== null)).toBe(true);
    expect(said).toContain('The computers start the end game (rule 21).');
    // The game's last battle stays on its result (the page says "that was the game's last battle"): the computer
    // that fought it does not go on from it to an entry screen with nothing to program.
    for (let turn = 0; turn < 50; turn++) await turnOfLoop();
    expect(table.state.stage).toBe('result');
    expect((await c.read()).phase).toBe('result');
    // The board's autosave holds the whole evening: a page opened on it resumes the same game, and its undo goes
    // back to the state before the last step.
    await game.settled();
    const reopened = new GameSession(saves, { table: true, clock: nextTurn });
    await reopened.resume();
    expect(reopened.gameState()).toEqual(end);
    expect(reopened.snapshot().canUndo).toBe(true);
    computers.destroy();
    game.close();
    reopened.close();
  });
});
