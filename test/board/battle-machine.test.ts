/**
 * battleMachine: the war and end-game states invoke the battle actor over a MachineBattlePort on the
 * emulated console, record its outcome as the `battle` event, and cancel it cleanly on undo.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  BattleCancelledError,
  battleActor,
  battleMachine,
  gameMachine,
  newGame,
  readoutActor,
} from '../../board/index.ts';
import type { GameEvent } from '../../board/index.ts';
import { MachineBattlePort } from '../../board/table/machine-battle-port.ts';
import { readMailbox } from '../../rom-core/roms/carts/mailbox.ts';
import { machineConsole, tinyScenario, until, warOnB1 } from './helpers.ts';

const SLOW = 120_000;

describe('battleMachine (the battle as an invoked actor)', () => {
  it(
    'fights each battle on the machine once both weapons are chosen and records what the mailbox shows',
    async () => {
      const c = machineConsole();
      const port = new MachineBattlePort(c);
      const actor = createActor(battleMachine.provide({ actors: { battle: battleActor(port) } }), {
        input: { state: warOnB1() },
      }).start();
      expect(actor.getSnapshot().value).toEqual({ finalRound: 'war' });
      actor.send({ type: 'weapon', player: 'Ann', weapon: 'tank' });
      actor.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
      let snap = await waitFor(
        actor,
        (s) => (s.context.state.war?.battles.length ?? 0) === 1 || s.context.battleError !== null,
      );
      expect(snap.context.battleError).toBeNull();
      const m = readMailbox(c.machine.eram);
      expect(snap.context.state.war!.battles[0]).toEqual({
        winner: 'attacker',
        weapons: { attacker: 'tank', defender: 'plane' },
        energy: { attacker: m.red.energy, defender: m.blue.energy },
      });
      // The recorded result can be undone like any step: the state before it is the undo history's newest.
      expect(snap.context.history.at(-1)!.war!.battles).toEqual([]);
      // The next battle, with the war's energies carried over: Bob's jet is gone (rule 12F), Ann's crashes.
      actor.send({ type: 'weapon', player: 'Ann', weapon: 'plane' });
      actor.send({ type: 'weapon', player: 'Bob', weapon: 'sub' });
      expect(actor.getSnapshot().context.lastRefusal).toBeNull();
      snap = await waitFor(
        actor,
        (s) => (s.context.state.war?.battles.length ?? 0) === 2 || s.context.battleError !== null,
      );
      expect(snap.context.battleError).toBeNull();
      const second = readMailbox(c.machine.eram);
      expect(second.battles).toBe(2);
      expect(snap.context.state.war!.battles[1]).toEqual({
        winner: 'defender',
        weapons: { attacker: 'plane', defender: 'sub' },
        energy: { attacker: second.red.energy, defender: second.blue.energy },
      });
    },
    SLOW,
  );

  it(
    'cancels the battle under way on undo, records nothing, and fights again when the weapon is chosen again',
    async () => {
      const c = machineConsole({ yieldEvery: 50 });
      const port = new MachineBattlePort(c);
      const fights: Promise<unknown>[] = [];
      // The battle chart fights on a console stage by stage: the battle's last stage waits for its result.
      const result = port.result.bind(port);
      port.result = (r, signal) => {
        const p = result(r, signal);
        fights.push(p.catch((e: unknown) => e));
        return p;
      };
      const actor = createActor(battleMachine.provide({ actors: { battle: battleActor(port) } }), {
        input: { state: warOnB1() },
      }).start();
      actor.send({ type: 'weapon', player: 'Ann', weapon: 'tank' });
      actor.send({ type: 'weapon', player: 'Bob', weapon: 'tank' });
      await until(
        () => fights.length > 0 && readMailbox(c.machine.eram).phase === 'battle',
        'the battle phase, its result awaited',
      );
      actor.send({ type: 'undo' });
      expect(await fights[0]).toBeInstanceOf(BattleCancelledError);
      const snap = actor.getSnapshot();
      expect(snap.value).toEqual({ finalRound: 'war' });
      expect(snap.context.state.war).toMatchObject({ battles: [], weapons: { attacker: 'tank', defender: null } });
      expect(snap.context.battleError).toBeNull();
      // Bob picks the jet instead: a new battle from the entry screen (the machine's battle runs on meanwhile).
      actor.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
      const done = await waitFor(
        actor,
        (s) => (s.context.state.war?.battles.length ?? 0) === 1 || s.context.battleError !== null,
      );
      expect(done.context.battleError).toBeNull();
      // The cancelled battle could not be stopped on the cartridge: RESET, then a fresh entry of 2500 each.
      const m = readMailbox(c.machine.eram);
      expect(m).toMatchObject({ phase: 'result', red: { weapon: 'T' }, blue: { weapon: 'P' } });
      expect(done.context.state.war!.battles[0]).toEqual({
        winner: 'attacker',
        weapons: { attacker: 'tank', defender: 'plane' },
        energy: { attacker: m.red.energy, defender: m.blue.energy },
      });
    },
    SLOW,
  );

  it(
    'runs the first-player readout on the machine once everybody has called, and records the stopped digit (rule 2)',
    async () => {
      const c = machineConsole();
      const port = new MachineBattlePort(c);
      const machine = battleMachine.provide({
        actors: { battle: battleActor(port), readout: readoutActor(port, 'port') },
      });
      const actor = createActor(machine, { input: { state: newGame(tinyScenario) } }).start();
      actor.send({
        type: 'setup',
        players: [
          { name: 'Ann', color: 'blue' },
          { name: 'Bob', color: 'red' },
        ],
      });
      actor.send({ type: 'first.call', player: 'Ann', digit: 2 });
      expect(c.machine.frameNumber).toBe(0); // not everybody has called: nothing runs
      actor.send({ type: 'first.call', player: 'Bob', digit: 7 });
      const snap = await waitFor(
        actor,
        (s) => s.context.state.phase !== 'first-player' || s.context.battleError !== null,
      );
      expect(snap.context.battleError).toBeNull();
      const m = readMailbox(c.machine.eram);
      expect(m).toMatchObject({ ours: true, phase: 'readout' });
      expect(snap.value).toBe('homelands');
      const first = Math.abs(2 - m.digit) < Math.abs(7 - m.digit) ? 'Ann' : 'Bob';
      expect(snap.context.state.log.at(-1)).toBe(
        `Readout ends in ${m.digit}: ${first} (called ${first === 'Ann' ? 2 : 7}) goes first`,
      );
    },
    SLOW,
  );

  it('gameMachine invokes nothing: battle results are typed in by hand', () => {
    const actor = createActor(gameMachine, { input: { state: warOnB1() } }).start();
    const events: GameEvent[] = [
      { type: 'weapon', player: 'Ann', weapon: 'tank' },
      { type: 'weapon', player: 'Bob', weapon: 'plane' },
      { type: 'battle', winner: 'defender', energy: { attacker: 2000, defender: 2100 } },
    ];
    for (const e of events) actor.send(e);
    expect(actor.getSnapshot().context.state.war!.battles).toHaveLength(1);
  });
});
