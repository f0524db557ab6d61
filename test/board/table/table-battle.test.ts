/**
 * The table's battle, headless (board/table/table-battle.ts), on our battle cartridge in Node: the game's
 * chart waits for each battle, the table programs it through the battle chart, a person's ENTER (from the
 * table or the console's own keyboard) starts it, the result read from the machine is recorded and said,
 * a reload mid-battle takes the running battle up, and an undo mid-battle records nothing.
 */
import { describe, expect, it } from 'vitest';
import { TableBattle, memoryStorage, type BattleStage } from '../../../board/index.ts';
import type { SteppedConsole } from '../../../rom-core/roms/carts/stepped-console.ts';
import { machineConsole, tableGame, until as untilTurns, warOnB1 } from '../helpers.ts';
import { readMailbox } from '../../../rom-core/roms/carts/mailbox.ts';

/** Lets the console run until `done` holds; bounded by turns, not time. */
const until = (done: () => boolean, what: string): Promise<void> => untilTurns(done, what, 20_000);

/** The stages a table passes, each once in a row. */
function stages(table: TableBattle): BattleStage[] {
  const seen: BattleStage[] = [table.state.stage];
  table.subscribe(() => {
    if (seen.at(-1) !== table.state.stage) seen.push(table.state.stage);
  });
  return seen;
}

const phase = async (c: SteppedConsole): Promise<string> => (await c.read()).phase;

/** Ann's tank against Bob's plane, programmed and started on the console: the battle runs (the reload tests' start). */
async function battleUnderWay(yieldEvery = 20) {
  const c = machineConsole({ yieldEvery });
  const storage = memoryStorage();
  const before = tableGame(warOnB1());
  const first = new TableBattle(c, before, storage);
  before.send({ type: 'weapon', player: 'Ann', weapon: 'tank' });
  before.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
  const fought = first.program();
  await until(() => first.state.stage === 'enter', 'the entry');
  first.enter();
  await until(() => first.state.stage === 'fighting', 'the battle running');
  return { c, storage, before, first, fought };
}

describe('TableBattle (the battle as the table runs it)', { timeout: 120_000 }, () => {
  it("programs the battle, presses ENTER only when a player asks, records the machine's result and says it", async () => {
    const c = machineConsole({ yieldEvery: 20 });
    const game = tableGame(warOnB1());
    const table = new TableBattle(c, game, memoryStorage());
    const seen = stages(table);
    await table.program();
    expect(table.state.error).toMatch(/Choose both weapons first/);
    game.send({ type: 'weapon', player: 'Ann', weapon: 'tank' });
    game.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    expect(table.enter()).toBe(false);
    const fought = table.program();
    await until(() => table.state.stage === 'enter', 'the entry waiting for ENTER');
    // Nobody pressed ENTER: the entry stays on the screen.
    const entry = await c.waitFor(() => true, 'a frame');
    expect(entry).toMatchObject({ phase: 'entry', red: { weapon: 'T', energy: 2500 }, blue: { weapon: 'P' } });
    expect(table.enter()).toBe(true);
    await fought;
    expect(seen).toEqual(['ready', 'programming', 'enter', 'fighting', 'result']);
    const war = game.gameState()!.war!;
    const m = await c.read();
    expect(war.battles).toEqual([
      {
        winner: 'attacker',
        weapons: { attacker: 'tank', defender: 'plane' },
        energy: { attacker: m.red.energy, defender: m.blue.energy },
      },
    ]);
    expect(table.state.words).toMatch(/Ann/);
    await table.next();
    expect(table.state.stage).toBe('ready');
    expect(await phase(c)).toBe('entry');
  });

  it("a person's ENTER on the console's own keyboard starts it too (the chart sees the battle run)", async () => {
    const c = machineConsole({ yieldEvery: 20 });
    const game = tableGame(warOnB1());
    const table = new TableBattle(c, game, memoryStorage());
    game.send({ type: 'weapon', player: 'Ann', weapon: 'tank' });
    game.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    const fought = table.program();
    await until(() => table.state.stage === 'enter', 'the entry waiting for ENTER');
    await c.type(['ENTER']);
    await fought;
    expect(table.state.stage).toBe('result');
    expect(game.gameState()!.war!.battles).toHaveLength(1);
  });

  it('after a reload mid-battle (a new table on the same machine and storage) takes the running battle up and records it once', async () => {
    const { c, storage, before, first, fought: gone } = await battleUnderWay();
    // The page goes away; the machine (its autosave) and storage stay. The game comes back from its autosave.
    first.cancel();
    await gone;
    const saved = before.gameState()!;
    expect(saved.war!.battles).toHaveLength(0);
    expect(await phase(c)).toBe('battle');
    const after = tableGame(saved);
    const second = new TableBattle(c, after, storage);
    const typed = c.queue.total;
    await second.resume();
    expect(c.queue.total).toBe(typed);
    expect(second.state.stage).toBe('result');
    expect(after.gameState()!.war!.battles).toHaveLength(1);
    expect((await c.read()).battles).toBe(1);
  });

  it('after a reload just as the battle ended (the game kept from before its result): the result on the screen is recorded, not fought again', async () => {
    const { c, storage, before, first, fought } = await battleUnderWay();
    // The game's autosave as it was while the battle ran: the page reloads before it keeps the result.
    const saved = before.gameState()!;
    await fought;
    expect(first.state.stage).toBe('result');
    const shown = await c.read();
    expect(shown).toMatchObject({ phase: 'result', battles: 1 });
    const after = tableGame(saved);
    const second = new TableBattle(c, after, storage);
    const typed = c.queue.total;
    await second.resume();
    expect(c.queue.total).toBe(typed);
    expect(second.state.stage).toBe('result');
    expect(after.gameState()!.war!.battles).toEqual(before.gameState()!.war!.battles);
    expect((await c.read()).battles).toBe(1);
  });

  it('a reload at every 50 ms (3 frames) over the last 200 ms of a battle, and once its result is kept: recorded exactly once, as fought', async () => {
    // The battle once, to its end: the frame the cartridge left the battle, and what it recorded.
    const ref = await battleUnderWay(1);
    let end = -1;
    await until(() => {
      if (end < 0 && readMailbox(ref.c.machine.eram).phase !== 'battle') end = ref.c.machine.frameNumber;
      return end >= 0;
    }, 'the battle to end');
    await ref.fought;
    const fought = ref.before.gameState()!.war!.battles;
    expect(fought).toHaveLength(1);
    const outcomes: string[] = [];
    // Headless, the table keeps the result in the frame the battle ends: past it no frame runs, so one
    // reload stands for every moment after (the browser's gap between worker and page is not modelled here).
    for (let at = end - 12; at <= end + 3; at += 3) {
      const { c, storage, before, first, fought: gone } = await battleUnderWay(1);
      await until(() => c.machine.frameNumber >= at || first.state.stage === 'result', `frame ${at}`);
      // The page goes at this frame: its game as kept then (before the result, or with it), the machine on.
      const saved = before.gameState()!;
      const reloadAt = c.machine.frameNumber;
      first.cancel();
      await gone.catch(() => undefined);
      const after = tableGame(saved);
      const second = new TableBattle(c, after, storage);
      await second.resume();
      await until(() => after.gameState()!.war!.battles.length > 0 || after.gameState()!.war === null, 'the result');
      outcomes.push(`${reloadAt - end}: ${saved.war!.battles.length} kept, ${second.state.stage}`);
      expect(after.gameState()!.war!.battles, `reloaded ${at - end} frames from the end`).toEqual(fought);
      expect((await c.read()).battles).toBe(1);
    }
    console.log(
      `battle ended at frame ${end}; reloads (frames from the end: result kept, then): ${outcomes.join('; ')}`,
    );
    // Both sides of the end were crossed: reloads before the result was kept, and after.
    expect(outcomes.some((o) => o.includes(' 0 kept'))).toBe(true);
    expect(outcomes.some((o) => o.includes(' 1 kept'))).toBe(true);
  });

  it('an undo mid-battle drops it: nothing recorded, the table ready again, the next program restarts the cartridge', async () => {
    const c = machineConsole({ yieldEvery: 20 });
    const game = tableGame(warOnB1());
    const table = new TableBattle(c, game, memoryStorage());
    game.send({ type: 'weapon', player: 'Ann', weapon: 'tank' });
    game.send({ type: 'weapon', player: 'Bob', weapon: 'tank' });
    const fought = table.program();
    await until(() => table.state.stage === 'enter', 'the entry');
    table.enter();
    await until(() => table.state.stage === 'fighting', 'the battle running');
    game.send({ type: 'undo' });
    await fought;
    expect(table.state.stage).toBe('ready');
    expect(game.gameState()!.war!.battles).toHaveLength(0);
    expect(game.battleChart()).toBeNull();
    // Bob chooses again: the battle left running on the machine is not this one's (RESET, typed afresh).
    game.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    const again = table.program();
    await until(() => table.state.stage === 'enter', 'the new entry');
    expect((await c.read()).blue.weapon).toBe('P');
    table.enter();
    await again;
    expect(game.gameState()!.war!.battles).toHaveLength(1);
  });

  it('keeps who takes the right-hand control across a reload', () => {
    const c = machineConsole();
    const storage = memoryStorage();
    const a = new TableBattle(c, tableGame(warOnB1()), storage);
    a.swap('Ann');
    const b = new TableBattle(c, tableGame(warOnB1()), storage);
    expect(b.port.controlOf('Ann')).toBe('right');
    expect(b.port.controlOf('Bob')).toBe('left');
  });
});
