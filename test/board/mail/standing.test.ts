import { describe, expect, it } from 'vitest';
import type { BattleOutcome, BattlePort, BattleRequest, MailGame } from '../../../board/index.ts';
import { openTurn, pendingBattle, sendTurn } from '../../../board/index.ts';
import { craft, warGame } from './kit.ts';

/** A port that answers every battle with `outcome` and remembers how it was asked. */
function scriptedPort(outcome: BattleOutcome) {
  const calls: { request: BattleRequest; signal: AbortSignal | undefined }[] = [];
  const port: BattlePort = {
    fight(request, signal) {
      calls.push({ request, signal });
      return Promise.resolve(outcome);
    },
  };
  return { port, calls };
}

const tank = (player: string) => ({ type: 'weapon' as const, player, weapon: 'tank' as const });

describe('standing orders: a battle against a player who is away', () => {
  it('"wait": nothing is done in their place; the battle is kept until both are online', async () => {
    const g = await warGame({ Bob: { absent: 'wait' }, Ann: { absent: 'wait' } });
    const { port, calls } = scriptedPort({ winner: 'attacker', energy: { attacker: 1, defender: 0 } });
    const ann = await sendTurn(g, 'Ann', [tank('Ann')], { battles: () => port });
    if (!ann.ok) throw new Error(ann.error);
    expect(ann.turn.events).toEqual([tank('Ann')]);
    expect(ann.game.state.war!.weapons).toEqual({ attacker: 'tank', defender: null }); // Bob's weapon waits for Bob
    const bob = await sendTurn(ann.game, 'Bob', [tank('Bob')], { battles: () => port });
    if (!bob.ok) throw new Error(bob.error);
    expect(bob.turn.events).toEqual([tank('Bob')]);
    expect(pendingBattle(bob.game.state)).not.toBeNull(); // kept: Ann's orders are "wait"
    expect(calls).toHaveLength(0);
  });

  it('"bot": their weapon is chosen at their level and the battle is fought through the battle chart', async () => {
    const g = await warGame({ Bob: { absent: 'bot', level: 'hard' } });
    const { port, calls } = scriptedPort({ winner: 'defender', energy: { attacker: 0, defender: 1200 } });
    const seen: string[] = [];
    const r = await sendTurn(g, 'Ann', [{ type: 'weapon', player: 'Ann', weapon: 'plane' }], {
      battles: (b) => {
        seen.push(`${b.absent} ${b.level} v ${b.present}`);
        return port;
      },
    });
    if (!r.ok) throw new Error(r.error);
    expect(seen).toEqual(['Bob hard v Ann']);
    expect(calls).toHaveLength(1);
    // The chart invokes the port's fight with its own abort signal (a direct call would pass none).
    expect(calls[0].signal).toBeInstanceOf(AbortSignal);
    expect(calls[0].request).toMatchObject({
      country: 'B1',
      attacker: { player: 'Ann', weapon: 'plane' },
      defender: { player: 'Bob' },
    });
    const [bobWeapon, annWeapon, battle] = r.turn.events;
    expect(bobWeapon).toMatchObject({ type: 'weapon', player: 'Bob' });
    expect(annWeapon).toEqual({ type: 'weapon', player: 'Ann', weapon: 'plane' });
    expect(battle).toEqual({ type: 'battle', winner: 'defender', energy: { attacker: 0, defender: 1200 } });
    expect(r.game.state.lastWar).toMatchObject({
      country: 'B1',
      winner: 'defender',
      battles: [{ winner: 'defender' }],
    }); // out of energy: the war is over
    // Bob's copy opens it: his weapon and the battle were his standing orders' doing.
    const bob = await openTurn(r.text, g);
    expect(bob.ok ? bob.game : bob.error).toEqual(r.game);
  });

  it('"bot" with no machine to fight on: a sentence, and nothing is sent', async () => {
    const g = await warGame({ Bob: { absent: 'bot', level: 'easy' } });
    const r = await sendTurn(g, 'Ann', [tank('Ann')]);
    expect(r.ok ? 'sent' : r.error).toMatch(
      /^the battle Ann v Bob is due, and Bob's standing orders say the battle bot fights it on the machine, but no machine was given; nothing was sent$/,
    );
  });

  it('a weapon chosen for another player is refused unless their standing orders are "bot"', async () => {
    const waiting = await warGame({ Bob: { absent: 'wait' } });
    const { text } = await craft(waiting, 'Ann', [tank('Ann'), tank('Bob')]);
    const before = structuredClone(waiting);
    const r = await openTurn(text, waiting);
    expect(r.ok ? 'opened' : r.error).toMatch(
      /^turn 1: event 2 \(weapon by Bob \(tank\)\) is Bob's move, but this turn is Ann's/,
    );
    expect(waiting).toEqual(before);
    const botted: MailGame = { ...waiting, orders: { ...waiting.orders, Bob: { absent: 'bot', level: 'medium' } } };
    expect((await openTurn(text, botted)).ok).toBe(true);
  });

  it('the same turn makes the same choices (seeded by the chain)', async () => {
    const g = await warGame({ Bob: { absent: 'bot', level: 'medium' } });
    const port = () => scriptedPort({ winner: 'attacker', energy: { attacker: 900, defender: 0 } }).port;
    const a = await sendTurn(g, 'Ann', [tank('Ann')], { battles: port });
    const b = await sendTurn(g, 'Ann', [tank('Ann')], { battles: port });
    if (!a.ok || !b.ok) throw new Error('not sent');
    expect(a.turn.hash).toBe(b.turn.hash);
    expect(a.text).toBe(b.text);
  });
});
