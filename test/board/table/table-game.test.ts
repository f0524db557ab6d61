/**
 * The game's chart at a table (tableGameMachine): it runs a battle chart for each battle as soon as both
 * weapons are chosen, which waits in `ready` until the table programs it on a console (or the result is
 * typed in, a `battle` event to the game). A failed try waits again with its reason; a step that leaves
 * the battle as it was keeps the fight under way; any other drops it. The readout chart waits the same way.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  battleChartOf,
  chartError,
  chartStage,
  programBattle,
  readoutChartOf,
  runReadout,
  tableGameMachine,
} from '../../../board/index.ts';
import type { BattleOutcome, BattleRequest, Programmed, StagedBattlePort } from '../../../board/index.ts';
import { play, tinyScenario, warOnB1 } from '../helpers.ts';

/** The war on B1 with Ann's tank chosen: Bob's weapon makes the battle. */
function war() {
  return play([{ type: 'weapon', player: 'Ann', weapon: 'tank' }], warOnB1(), tinyScenario);
}

/** With `bankerless`, nobody holds the war chest yet, so a `banker` step is legal mid-war (rule 1C). */
function table(bankerless = false) {
  const state = war();
  if (bankerless) state.banker = null;
  return createActor(tableGameMachine, { input: { state } }).start();
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A console whose result the test hands over (`finish`); the entry is typed and ENTER comes at once. */
function consolePort(fail: string | null = null) {
  let finish: (o: BattleOutcome) => void = () => undefined;
  let signal: AbortSignal | null = null;
  const port: StagedBattlePort = {
    fight: () => Promise.reject(new Error('fought stage by stage')),
    program: async (): Promise<Programmed> => {
      if (fail) throw new Error(fail);
      return 'entry';
    },
    pressEnter: async () => undefined,
    started: async () => undefined,
    result: (_r: BattleRequest, s: AbortSignal) => {
      signal = s;
      return new Promise<BattleOutcome>((resolve) => (finish = resolve));
    },
    confirmProblem: () => null,
    confirmed: (_r, a) => a,
  };
  return { port, finish: (o: BattleOutcome) => finish(o), signal: () => signal };
}

describe("a table's battles on the game's chart", () => {
  it('the battle chart waits in ready once both weapons are chosen; a result typed in is recorded by the game', async () => {
    const actor = table();
    expect(battleChartOf(actor)).toBeNull();
    actor.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    const chart = battleChartOf(actor)!;
    expect(chartStage(chart)).toBe('ready');
    expect(chart.getSnapshot().context.request).toMatchObject({
      attacker: { player: 'Ann', weapon: 'tank' },
      defender: { player: 'Bob', weapon: 'plane' },
    });
    actor.send({ type: 'battle', winner: 'attacker', energy: { attacker: 2000, defender: 0 } });
    const snap = await waitFor(actor, (s) => (s.context.state.war?.battles.length ?? 0) === 1 || !s.context.state.war);
    expect(snap.context.history.at(-1)!.war!.battles).toEqual([]);
    expect(snap.context.state.log.at(-1)).toMatch(/Ann/);
    expect(chart.getSnapshot().status).toBe('stopped');
  });

  it('programmed on a console, the outcome read is recorded; a failed try waits again, with its reason', async () => {
    const actor = table();
    actor.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    const chart = battleChartOf(actor)!;
    await expect(programBattle(chart, consolePort('the console is gone').port)).resolves.toBeNull();
    expect(chartStage(chart)).toBe('ready');
    expect(chartError(chart)).toBe('the console is gone');
    const c = consolePort();
    const fought = programBattle(chart, c.port);
    await settle();
    expect(chartStage(chart)).toBe('fighting');
    c.finish({ winner: 'defender', energy: { attacker: 0, defender: 2100 } });
    await expect(fought).resolves.toEqual({ winner: 'defender', energy: { attacker: 0, defender: 2100 } });
    await waitFor(actor, (s) => (s.context.state.war?.battles.length ?? 0) === 1 || !s.context.state.war);
  });

  it('a step that leaves the battle as it was (a banker) keeps the fight under way; a weapon changed drops it', async () => {
    const actor = table(true);
    actor.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    const c = consolePort();
    const fought = programBattle(battleChartOf(actor)!, c.port);
    await settle();
    actor.send({ type: 'banker', player: 'Bob' });
    expect(actor.getSnapshot().context.lastRefusal).toBeNull();
    expect(actor.getSnapshot().context.state.banker).toBe('Bob');
    await settle();
    expect(c.signal()!.aborted).toBe(false);
    c.finish({ winner: 'defender', energy: { attacker: 2000, defender: 2100 } });
    await expect(fought).resolves.toEqual({ winner: 'defender', energy: { attacker: 2000, defender: 2100 } });
    await waitFor(actor, (s) => s.context.state.war?.battles.length === 1);
    // The next battle: an undo while it is fought drops that fight (its result can never be taken).
    actor.send({ type: 'weapon', player: 'Ann', weapon: 'sub' });
    const state = actor.getSnapshot().context.state;
    if (state.war && state.war.weapons.defender === null) actor.send({ type: 'weapon', player: 'Bob', weapon: 'tank' });
    const next = consolePort();
    const again = programBattle(battleChartOf(actor)!, next.port);
    await settle();
    actor.send({ type: 'undo' });
    await expect(again).resolves.toBeNull();
    expect(next.signal()!.aborted).toBe(true);
  });

  it('the readout chart waits until the table runs it; a failed read waits again; a digit typed by hand ends it', async () => {
    const fresh = createActor(tableGameMachine, { input: { scenario: tinyScenario } }).start();
    fresh.send({
      type: 'setup',
      players: [
        { name: 'Ann', color: 'red' },
        { name: 'Bob', color: 'blue' },
      ],
    });
    expect(readoutChartOf(fresh)).toBeNull();
    fresh.send({ type: 'first.call', player: 'Ann', digit: 3 });
    fresh.send({ type: 'first.call', player: 'Bob', digit: 7 });
    const chart = readoutChartOf(fresh)!;
    expect(chart.getSnapshot().value).toBe('ready');
    await expect(runReadout(chart, async () => Promise.reject(new Error('nobody stopped it')))).resolves.toBeNull();
    expect(chart.getSnapshot().context.error?.message).toBe('nobody stopped it');
    await expect(runReadout(chart, async () => 7)).resolves.toBe(7);
    await waitFor(fresh, (s) => s.context.state.phase !== 'first-player');
    expect(fresh.getSnapshot().context.state.log.join('\n')).toMatch(/7/);
    // Typed by hand instead: the readout chart is stopped with the step.
    const other = createActor(tableGameMachine, { input: { scenario: tinyScenario } }).start();
    other.send({
      type: 'setup',
      players: [
        { name: 'Ann', color: 'red' },
        { name: 'Bob', color: 'blue' },
      ],
    });
    other.send({ type: 'first.call', player: 'Ann', digit: 3 });
    other.send({ type: 'first.call', player: 'Bob', digit: 7 });
    const waiting = readoutChartOf(other)!;
    other.send({ type: 'first.readout', digit: 3 });
    expect(waiting.getSnapshot().status).toBe('stopped');
    expect(other.getSnapshot().context.state.phase).not.toBe('first-player');
  });
});
