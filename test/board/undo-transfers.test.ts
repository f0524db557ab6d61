import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { gameMachine, legalActions } from '../../board/index.ts';
import { threeOpening } from './helpers.ts';

describe('undo tells the banker how to move the chips back', () => {
  it("reverses the undone action's hand-overs instead of showing an older one", () => {
    const start = structuredClone(threeOpening({ Ann: ['Canada', 'Mexico'] })); // Ann's zone bonus: 2000 in chips
    const actor = createActor(gameMachine, { input: { state: start } }).start();
    // Cy (to move, no chips) allies with Ann, whose pooled chips pay for Cy's purchase (rule 18).
    actor.send({ type: 'alliance.form', players: ['Ann', 'Cy'] });
    const before = actor.getSnapshot().context.state.lastTransfers;
    const buy = legalActions(actor.getSnapshot().context.state).find((a) => a.type === 'ally.buy')!;
    const country = String(buy.choices[0]);
    actor.send({ type: 'ally.buy', player: buy.player!, country });
    const paid = actor.getSnapshot().context.state.lastTransfers;
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ from: 'Ann', to: '#warchest' });
    actor.send({ type: 'undo' });
    const undone = actor.getSnapshot().context.state;
    expect(undone.lastTransfers).not.toEqual(before);
    expect(undone.lastTransfers).toEqual([
      { from: '#warchest', to: 'Ann', amount: paid[0].amount, give: paid[0].give, change: paid[0].change, undo: true },
    ]);
    expect(undone.countries[country].owners).toEqual([]);
    actor.stop();
  });
});
