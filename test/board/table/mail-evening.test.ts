/**
 * An evening by mail, headless (issue 33): Ann's table and Bob's, each a board's game session with its own
 * console, battle chart and computer seat (Ann hard, Bob easy), and the game by mail between them (board/
 * table's MailSession, signed turns). At each table the computer makes its player's moves; a battle against
 * the player who is away is fought on this table's console with the away player's battle bot on their
 * control (their standing orders "bot") and the computer's on the other; when nothing is left to do here
 * the turn is sent and the other table opens it. Pauses are turns of the event loop; the test waits for
 * states (nothing left to do, the game over), bounded by turns, never by time.
 */
import { describe, expect, it } from 'vitest';
import {
  GameSession,
  MailSession,
  TableBattle,
  TableComputers,
  checkInvariants,
  memoryStorage,
  memoryStore,
  serializeMailGame,
  type GameState,
  type Level,
} from '../../../board/index.ts';
import { memoryText } from '../../../board/table/index.ts';
import type { BotConsole } from '../../../rom-core/bot/index.ts';
import { TINY_HOMES, TINY_SEATING, playTiny } from '../../harness/tiny-game.ts';
import { tableSession } from '../helpers.ts';
import { botTableConsole, nextTurn, turnOfLoop } from './bot-table-kit.ts';

/** One player's table: the board, the console and its battle bots, the computer in their seat, the game by mail. */
class MailTable {
  readonly console: BotConsole;
  readonly game: GameSession;
  readonly battle: TableBattle;
  readonly computers: TableComputers;
  readonly mail: MailSession;
  readonly said: string[] = [];
  /** Battles fought on this console, and whether both controls had a bot then. */
  readonly fought: boolean[] = [];

  constructor(
    readonly me: string,
    level: Level,
    state: GameState | null,
  ) {
    const { console: c, controls, held } = botTableConsole();
    this.console = c;
    this.game = state
      ? tableSession(state, memoryStore(), nextTurn)
      : new GameSession(memoryStore(), { table: true, clock: nextTurn });
    const storage = memoryStorage();
    this.battle = new TableBattle(c, this.game, storage);
    this.computers = new TableComputers(this.game, this.battle, controls, nextTurn, storage, {
      pauseMs: 0,
      say: (t) => this.said.push(t),
    });
    this.mail = new MailSession(this.game, memoryText());
    // As the page wires them: the away player's bot holds their control, and their weapon comes from their orders.
    this.computers.standIn = (name) => this.mail.standIn(name);
    this.computers.elsewhere = (name) => this.mail.elsewhere(name);
    this.game.subscribe(() => {
      this.computers.act();
      void this.mail.standing().then((s) => s && this.said.push(s.text));
    });
    let stage = this.battle.state.stage;
    this.battle.subscribe(() => {
      const now = this.battle.state.stage;
      if (now === 'fighting' && stage !== 'fighting') this.fought.push(held.every((h) => h !== null));
      stage = now;
      this.computers.act();
    });
    this.computers.setSeat(me, level);
  }

  state(): GameState {
    return this.game.gameState();
  }

  /** Runs the table until nothing changes for a while with no battle on the console; false if it never settles. */
  async settle(): Promise<boolean> {
    let last = -1;
    let still = 0;
    for (let turn = 0; turn < 200_000; turn++) {
      await turnOfLoop();
      const n = this.state().log.length;
      if (n !== last || this.battle.busy) {
        last = n;
        still = 0;
      } else if (++still > 300) return true;
    }
    return false;
  }

  close(): void {
    this.computers.destroy();
    this.mail.destroy();
    this.game.close();
  }
}

describe('an evening by mail in Node', { timeout: 240_000 }, () => {
  it('Ann and Bob play a game to its end by signed turns, every battle fought on a console with the away player’s bot', async () => {
    const ann = new MailTable('Ann', 'hard', playTiny([...TINY_SEATING, ...TINY_HOMES]));
    const bob = new MailTable('Bob', 'easy', null);
    const keys = { Ann: await ann.mail.myKey(), Bob: await bob.mail.myKey() };
    // Each sets standing orders "bot" before the first turn: a battle against them is fought without waiting.
    expect((await ann.mail.start('Ann', keys)).text).toMatch(/is played by mail; you are Ann/);
    ann.mail.setOrders({ absent: 'bot', level: 'hard' });
    expect((await bob.mail.open(serializeMailGame(ann.mail.record!.game))).text).toMatch(/you are Bob/);
    bob.mail.setOrders({ absent: 'bot', level: 'easy' });

    let [here, there] = [ann, bob];
    let turns = 0;
    for (; turns < 60 && here.state().phase !== 'over'; turns++) {
      expect(await here.settle(), `${here.me}'s table settles`).toBe(true);
      const sent = await here.mail.send();
      const where = `${here.state().phase}; ${here.state().log.slice(-2).join(' / ')}; ${here.said.slice(-2).join(' / ')}`;
      expect(sent.kind, `${here.me}'s turn ${turns + 1}: ${sent.text} (${where})`).toBe('info');
      const opened = await there.mail.openTurn(here.mail.record!.sent!.text);
      expect(opened.kind, opened.text).toBe('info');
      [here, there] = [there, here];
    }
    const end = here.state();
    expect(end.phase, `the game stopped at ${end.phase} after ${turns} turns`).toBe('over');
    expect(checkInvariants(end)).toEqual([]);
    // Both tables show the same game, and every battle in it was fought on one of the two consoles with a bot on each control.
    expect(there.state().log).toEqual(end.log);
    const battles = end.log.filter((l) => /^(End-game battle|Battle) \d+/.test(l)).length;
    expect(battles).toBeGreaterThan(0);
    const fought = [...ann.fought, ...bob.fought];
    expect(fought).toHaveLength(battles);
    expect(fought.every(Boolean)).toBe(true);
    expect((await ann.console.read()).battles + (await bob.console.read()).battles).toBe(battles);
    console.log(
      `mail evening: ${turns} turns, ${battles} battles (${ann.fought.length} at Ann's table, ${bob.fought.length} at Bob's)`,
    );
    ann.close();
    bob.close();
  });
});
