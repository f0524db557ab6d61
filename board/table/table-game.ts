/**
 * The game's chart at a table: for each battle it waits for, it invokes the battle chart
 * (battle-chart.ts, the child `battle`), which waits in `ready` until the table programs it on its
 * console; once every player has called, the readout chart (readout-chart.ts, the child `readout`),
 * which waits until the table runs the readout. Results typed by hand are `battle` and `first.readout`
 * events to the game, as everywhere.
 */
import type { AnyActorRef } from 'xstate';
import { battleMachine } from '../machines/game-machine.ts';
import type { noBattle, noReadout } from '../machines/battle-actor.ts';
import { battleChart, type BattleChartActor } from '../machines/battle-chart.ts';
import { readoutChart, type ReadoutChartActor } from '../machines/readout-chart.ts';

// The game's chart declares its `battle` and `readout` as promise actors (a result or null out); these charts
// take the same input and end with the same output, which is all the game reads of them.
export const tableGameMachine = battleMachine.provide({
  actors: {
    battle: battleChart as unknown as typeof noBattle,
    readout: readoutChart as unknown as typeof noReadout,
  },
});

/** The battle chart a table's game runs now (waiting, or under way), or null when it waits for no battle. */
export function battleChartOf(game: AnyActorRef): BattleChartActor | null {
  const child = (game.getSnapshot() as { children?: Record<string, unknown> }).children?.battle as
    BattleChartActor | undefined;
  return child && child.getSnapshot().status === 'active' ? child : null;
}

/** The readout chart a table's game runs now, or null when it waits for no readout. */
export function readoutChartOf(game: AnyActorRef): ReadoutChartActor | null {
  const child = (game.getSnapshot() as { children?: Record<string, unknown> }).children?.readout as
    ReadoutChartActor | undefined;
  return child && child.getSnapshot().status === 'active' ? child : null;
}
