import { describe, expect, it } from 'vitest';
import { applyEvent, battleEvent, battleId, pendingBattle } from '../../board/index.ts';
import { play, threeOpening } from './helpers.ts';

describe('BattlePort: battle results come from outside the engine', () => {
  it('the pending battle waits for a result typed in: the engine checks it (rule 12), and the result drives the war', () => {
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
    const tooMuch = applyEvent(s, battleEvent({ winner: 'attacker', energy: { attacker: 2600, defender: 0 } }));
    expect(tooMuch.ok ? null : tooMuch.refusal.rule).toMatch(/^12/);
    const r = applyEvent(s, battleEvent({ winner: 'attacker', energy: { attacker: 1700, defender: 1100 } }));
    expect(r.ok && r.state.war!.battles[0]).toMatchObject({
      winner: 'attacker',
      weapons: { attacker: 'plane', defender: 'tank' },
    });
    expect(r.ok && pendingBattle(r.state)).toBeNull();
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
