/**
 * A table's battles on the chart: the chart invokes each battle as soon as both weapons are chosen, and
 * the battle waits in the table's port (a StepGate) until its result is typed in or it is fought on
 * another port. A failed fight leaves it waiting; a step that leaves the battle as it was keeps it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { BattleCancelledError, ManualBattlePort, StepGate, battleActor, battleMachine } from '../../board/index.ts';
import type { BattleOutcome, BattlePort } from '../../board/index.ts';
import { play, tinyScenario, warOnB1 } from './helpers.ts';

/** The war on B1 with Ann's tank chosen: Bob's weapon makes the battle. */
function war() {
  return play([{ type: 'weapon', player: 'Ann', weapon: 'tank' }], warOnB1(), tinyScenario);
}

/** With `bankerless`, nobody holds the war chest yet, so a `banker` step is legal mid-war (rule 1C). */
function table(port: ManualBattlePort, bankerless = false) {
  const state = war();
  if (bankerless) state.banker = null;
  return createActor(battleMachine.provide({ actors: { battle: battleActor(port) } }), { input: { state } }).start();
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('StepGate', () => {
  it('a failed run leaves the step waiting with its reason; a second run gives the output', async () => {
    const gate = new StepGate<string, number>((input, reason) => new Error(`${input}: ${reason}`));
    const out = gate.wait('x');
    expect(
      await gate.run(async () => {
        throw new Error('the console did not answer');
      }),
    ).toBeNull();
    expect(gate.error).toBe('the console did not answer');
    expect(gate.step).toEqual({ input: 'x', running: false });
    expect(await gate.run(async (input) => input.length + 6)).toBe(7);
    await expect(out).resolves.toBe(7);
    expect(gate.step).toBeNull();
    expect(gate.error).toBeNull();
  });

  it('nothing is given while a run is under way; an abort drops the step and stops the run', async () => {
    const gate = new StepGate<string, number>((input, reason) => new Error(`${input}: ${reason}`));
    const ctl = new AbortController();
    const out = gate.wait('x', ctl.signal);
    let runSignal: AbortSignal | null = null;
    const run = gate.run((_, signal) => {
      runSignal = signal;
      return new Promise<number>(() => undefined);
    });
    expect(gate.give(3)).toBe(false);
    ctl.abort('undone');
    await expect(out).rejects.toThrow('x: undone');
    expect(runSignal!.aborted).toBe(true);
    expect(gate.step).toBeNull();
    void run;
  });
});

describe("a table's battles on the battle chart", () => {
  it('the battle waits in the port once both weapons are chosen; a result typed in is recorded by the chart', async () => {
    const port = new ManualBattlePort();
    const actor = table(port);
    expect(port.pending).toBeNull();
    actor.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    expect(port.pending).toMatchObject({
      attacker: { player: 'Ann', weapon: 'tank' },
      defender: { player: 'Bob', weapon: 'plane' },
    });
    expect(port.enter({ winner: 'attacker', energy: { attacker: 2000, defender: 0 } })).toEqual({ ok: true });
    const snap = await waitFor(
      actor,
      (s) => (s.context.state.war?.battles.length ?? 0) === 1 || s.context.state.war === null,
    );
    expect(snap.context.history.at(-1)!.war!.battles).toEqual([]);
    expect(snap.context.state.log.at(-1)).toMatch(/Ann/);
  });

  it('a step that leaves the battle as it was (a banker) keeps the fight under way; a weapon changed drops it', async () => {
    const port = new ManualBattlePort();
    const actor = table(port, true);
    actor.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    let signal: AbortSignal | null = null;
    let finish: (o: BattleOutcome) => void = () => undefined;
    const machine: BattlePort = {
      fight: (_r, s) => {
        signal = s ?? null;
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
    };
    const fought = port.run(machine);
    expect(port.running).toBe(true);
    actor.send({ type: 'banker', player: 'Bob' });
    expect(actor.getSnapshot().context.lastRefusal).toBeNull();
    expect(actor.getSnapshot().context.state.banker).toBe('Bob');
    await settle();
    expect(signal!.aborted).toBe(false);
    expect(port.running).toBe(true);
    finish({ winner: 'defender', energy: { attacker: 2000, defender: 2100 } });
    await expect(fought).resolves.toEqual({ winner: 'defender', energy: { attacker: 2000, defender: 2100 } });
    await waitFor(actor, (s) => s.context.state.war?.battles.length === 1);
    // The next battle: a weapon changed while it is fought drops that fight (its result can never be taken).
    actor.send({ type: 'weapon', player: 'Ann', weapon: 'sub' });
    const state = actor.getSnapshot().context.state;
    if (state.war && state.war.weapons.defender === null) actor.send({ type: 'weapon', player: 'Bob', weapon: 'tank' });
    expect(port.pending).not.toBeNull();
    const again = port.run({
      fight: (_r, s) => {
        signal = s ?? null;
        return new Promise(() => undefined);
      },
    });
    actor.send({ type: 'undo' });
    await expect(again).resolves.toBeNull();
    expect(signal!.aborted).toBe(true);
  });

  it('cancel (a caller that is not the chart) rejects the waiting fight with BattleCancelledError', async () => {
    const port = new ManualBattlePort();
    const actor = table(port);
    actor.send({ type: 'weapon', player: 'Bob', weapon: 'sub' });
    const request = port.pending!;
    actor.stop();
    await settle();
    expect(port.pending).toBeNull();
    const alone = port.fight(request);
    port.cancel('closed');
    await expect(alone).rejects.toBeInstanceOf(BattleCancelledError);
  });
});
