/**
 * The battle chart: one battle from its request to its outcome, the path every battle takes (the game's
 * chart runs it for each battle, the resolver for a battle of another war game).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { BattleCancelledError, battleChart, runBattle } from '../../board/index.ts';
import type { BattleOutcome, BattleRequest } from '../../board/index.ts';

const request: BattleRequest = {
  country: 'India',
  attacker: { player: 'Cy', weapon: 'plane', energy: 2500 },
  defender: { player: 'Ann', weapon: 'tank', energy: 2500 },
};
const outcome: BattleOutcome = { winner: 'defender', energy: { attacker: 0, defender: 1200 } };

describe('the battle chart', () => {
  it('is fighting until the port has the outcome, then fought, with the outcome as its output', async () => {
    let finish: (o: BattleOutcome) => void = () => undefined;
    const actor = createActor(
      battleChart.provide({
        actors: {
          fight: fromPromise<BattleOutcome, BattleRequest>(
            () =>
              new Promise((r) => {
                finish = r;
              }),
          ),
        },
      }),
      { input: request },
    ).start();
    expect(actor.getSnapshot().value).toBe('fighting');
    finish(outcome);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('fought');
    expect(actor.getSnapshot().output).toEqual(outcome);
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
