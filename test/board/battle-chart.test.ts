/**
 * The battle chart: one battle from its request to its outcome, the path every battle takes (the game's
 * chart runs it for each battle, the resolver for a battle of another war game).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { BATTLE_STAGES, BattleCancelledError, battleChart, chartStage, runBattle } from '../../board/index.ts';
import type { BattleOutcome, BattleRequest, Programmed, StagedBattlePort } from '../../board/index.ts';

const request: BattleRequest = {
  country: 'India',
  attacker: { player: 'Cy', weapon: 'plane', energy: 2500 },
  defender: { player: 'Ann', weapon: 'tank', energy: 2500 },
};
const outcome: BattleOutcome = { winner: 'defender', energy: { attacker: 0, defender: 1200 } };

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** A console port whose every stage waits until the test settles it; it records the order of the calls. */
class FakeConsolePort implements StagedBattlePort {
  calls: string[] = [];
  steps: {
    program?: (p: Programmed) => void;
    pressEnter?: () => void;
    started?: () => void;
    result?: (o: BattleOutcome) => void;
  } = {};
  constructor(readonly kind: Programmed) {}
  private wait<T>(name: keyof FakeConsolePort['steps']): Promise<T> {
    this.calls.push(name);
    return new Promise<T>((r) => {
      (this.steps as Record<string, (v: T) => void>)[name] = r;
    });
  }
  fight(): Promise<BattleOutcome> {
    throw new Error('a staged port is fought stage by stage');
  }
  program = (): Promise<Programmed> => this.wait('program');
  pressEnter = (): Promise<void> => this.wait('pressEnter');
  started = (): Promise<void> => this.wait('started');
  result = (): Promise<BattleOutcome> => this.wait('result');
  confirmProblem = (r: BattleRequest, a: BattleOutcome): string | null =>
    a.energy.attacker > r.attacker.energy ? 'too much energy' : null;
  confirmed = (_r: BattleRequest, a: BattleOutcome): BattleOutcome => a;
}

describe('the battle chart', () => {
  it('a port without stages: fighting until the port has the outcome, then fought, with the outcome as its output', async () => {
    let finish: (o: BattleOutcome) => void = () => undefined;
    const port = { fight: () => new Promise<BattleOutcome>((r) => (finish = r)) };
    const actor = createActor(battleChart, { input: { request, port } }).start();
    expect(chartStage(actor)).toBe('fighting');
    finish(outcome);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(outcome);
  });

  it('on a console: programming, enter (ENTER pressed only when asked), fighting, fought: the one list of stages', async () => {
    const port = new FakeConsolePort('entry');
    const seen: string[] = [];
    const actor = createActor(battleChart, { input: { request, port, enter: 'human' } });
    actor.subscribe(() => {
      const st = chartStage(actor);
      if (st && seen.at(-1) !== st) seen.push(st);
    });
    actor.start();
    expect(chartStage(actor)).toBe('programming');
    port.steps.program!('entry');
    await settle();
    expect(chartStage(actor)).toBe('enter');
    expect(port.calls).toEqual(['program', 'started']);
    // Nobody asked: the chart presses nothing. Asked twice: ENTER twice (a press the cartridge missed is pressed again).
    actor.send({ type: 'enter' });
    await settle();
    port.steps.pressEnter!();
    await settle();
    actor.send({ type: 'enter' });
    await settle();
    expect(port.calls.filter((c) => c === 'pressEnter')).toHaveLength(2);
    port.steps.started!();
    await settle();
    expect(chartStage(actor)).toBe('fighting');
    port.steps.result!(outcome);
    await settle();
    expect(actor.getSnapshot().output).toEqual(outcome);
    expect(seen).toEqual(['programming', 'enter', 'fighting']);
    expect(BATTLE_STAGES).toEqual(['ready', 'programming', 'enter', 'fighting', 'confirm', 'result', 'readout']);
  });

  it("presses ENTER by itself with enter: 'port'; takes up a battle found running without typing; a foreign cartridge's answer must fit", async () => {
    const auto = new FakeConsolePort('entry');
    const a = createActor(battleChart, { input: { request, port: auto, enter: 'port' } }).start();
    auto.steps.program!('entry');
    await settle();
    expect(auto.calls).toEqual(['program', 'started', 'pressEnter']);
    a.stop();

    const running = new FakeConsolePort('running');
    const r = createActor(battleChart, { input: { request, port: running, enter: 'human' } }).start();
    running.steps.program!('running');
    await settle();
    expect(chartStage(r)).toBe('fighting');
    expect(running.calls).toEqual(['program', 'result']);
    r.stop();

    const foreign = new FakeConsolePort('foreign');
    const f = createActor(battleChart, { input: { request, port: foreign, enter: 'human' } }).start();
    foreign.steps.program!('foreign');
    await settle();
    expect(chartStage(f)).toBe('confirm');
    f.send({ type: 'confirmed', outcome: { winner: 'attacker', energy: { attacker: 9999, defender: 0 } } });
    await settle();
    expect(chartStage(f)).toBe('confirm');
    f.send({ type: 'confirmed', outcome });
    await settle();
    expect(f.getSnapshot().output).toEqual(outcome);
  });

  it("runBattle: the outcome, the port's error, or a cancellation that stops the fight", async () => {
    await expect(
      runBattle(
        { fight: async (r) => ({ ...outcome, energy: { attacker: 0, defender: r.defender.energy } }) },
        request,
      ),
    ).resolves.toEqual({ winner: 'defender', energy: { attacker: 0, defender: 2500 } });
    await expect(
      runBattle(
        {
          fight: async () => {
            throw new Error('the console is gone');
          },
        },
        request,
      ),
    ).rejects.toThrow('the console is gone');
    let seen: AbortSignal | undefined;
    const ctl = new AbortController();
    const fought = runBattle(
      {
        fight: (_r, s) => {
          seen = s;
          return new Promise(() => undefined);
        },
      },
      request,
      ctl.signal,
    );
    ctl.abort('undone');
    await expect(fought).rejects.toBeInstanceOf(BattleCancelledError);
    expect(seen?.aborted).toBe(true);
  });
});
