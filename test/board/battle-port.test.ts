import { describe, expect, it } from 'vitest';
import { ManualBattlePort, applyEvent, battleEvent, battleId, pendingBattle } from '../../board/index.ts';
import { play, threeOpening } from './helpers.ts';

describe('BattlePort: battle results come from outside the engine', () => {
  it('the manual port waits for a hand-entered result, checks it, and the result drives the war', async () => {
    let s = play(
      [
        { type: 'attack', player: 'Cy', country: 'India' },
        { type: 'weapon', player: 'Cy', weapon: 'plane' },
      ],
      threeOpening(),
    );
    expect(pendingBattle(s)).toBeNull(); // Ann has not chosen yet
    s = play([{ type: 'weapon', player: 'Ann', weapon: 'tank' }], s);
    const request = pendingBattle(s)!;
    expect(request).toEqual({
      id: battleId(s, request),
      country: 'India',
      attacker: { player: 'Cy', weapon: 'plane', energy: 2500 },
      defender: { player: 'Ann', weapon: 'tank', energy: 2500 },
    });
    const port = new ManualBattlePort();
    const result = port.fight(request);
    expect(port.pending).toEqual(request);
    expect(port.enter({ winner: 'attacker', energy: { attacker: 2600, defender: 0 } })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/rule 12/),
    });
    expect(port.enter({ winner: 'attacker', energy: { attacker: 1700, defender: 1100 } })).toEqual({ ok: true });
    expect(port.pending).toBeNull();
    const r = applyEvent(s, battleEvent(await result));
    expect(r.ok && r.state.war!.battles[0]).toMatchObject({
      winner: 'attacker',
      weapons: { attacker: 'plane', defender: 'tank' },
    });
    expect(port.enter({ winner: 'defender', energy: { attacker: 0, defender: 0 } })).toMatchObject({
      ok: false,
      reason: 'no battle is waiting for a result',
    });
  });
});

describe("a battle's identity", () => {
  it('differs for the battle after a recorded result, even with the same figures, and is the same again after an undo', () => {
    const war = play(
      [
        { type: 'attack', player: 'Cy', country: 'India' },
        { type: 'weapon', player: 'Cy', weapon: 'plane' },
        { type: 'weapon', player: 'Ann', weapon: 'tank' },
      ],
      threeOpening(),
    );
    const first = pendingBattle(war)!;
    expect(first.id).toMatch(/\|India\|Cy:plane:2500\|Ann:tank:2500$/);
    // Both destroyed with every unit left: the next battle has the very same figures and weapons still to choose.
    const after = play(
      [
        { type: 'battle', winner: 'both-destroyed', energy: { attacker: 2500, defender: 2500 } },
        { type: 'weapon', player: 'Cy', weapon: 'tank' },
        { type: 'weapon', player: 'Ann', weapon: 'plane' },
      ],
      war,
    );
    const second = pendingBattle(after)!;
    expect(second.id).not.toBe(first.id);
    // The same state (an undo brings it back) gives the same battle.
    expect(pendingBattle(structuredClone(war))!.id).toBe(first.id);
  });
});
