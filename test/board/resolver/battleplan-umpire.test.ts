import { describe, expect, it } from 'vitest';
import { energiesFor, resolveBattle } from '../../../board/resolver/index.ts';

describe('Battle Plan (rule 4C.6)', () => {
  it('10 armies beat 4 and lose 4x4/10 = 1.6, rounded half up to 2', () => {
    const r = resolveBattle(
      { game: 'battleplan', attacker: 10, defender: 4 },
      { winner: 'attacker', left: { attacker: 3000, defender: 0 } },
    );
    expect(r.energy).toEqual({ attacker: 5000, defender: 2000 });
    expect(r.losses).toEqual({ attacker: 2, defender: 4 });
    expect(r.result).toBe('attacker-wins');
    expect(r.text).toContain('4x4/10 = 1.6, rounded to 2 armies');
  });
  it("a defender winning loses the attacker's armies squared over its own; 1.5 rounds to 2, 1.4 to 1", () => {
    const win = { winner: 'defender' as const, left: { attacker: 0, defender: 100 } };
    expect(resolveBattle({ game: 'battleplan', attacker: 3, defender: 6 }, win).losses).toEqual({
      attacker: 3,
      defender: 2,
    });
    expect(resolveBattle({ game: 'battleplan', attacker: 5, defender: 18 }, win).losses).toEqual({
      attacker: 5,
      defender: 1,
    });
  });
  it('an upset on the console leaves the winner one army; both destroyed loses everything', () => {
    const upset = resolveBattle(
      { game: 'battleplan', attacker: 4, defender: 10 },
      { winner: 'attacker', left: { attacker: 5, defender: 0 } },
    );
    expect(upset.losses).toEqual({ attacker: 3, defender: 10 });
    expect(upset.text).toBe(
      "The attacker wins: the defender's 10 armies are destroyed; the attacker loses 10x10/4 = 25, more than it has: it loses 3 armies and keeps 1.",
    );
    expect(
      resolveBattle(
        { game: 'battleplan', attacker: 2, defender: 1 },
        { winner: 'attacker', left: { attacker: 5, defender: 0 } },
      ).text,
    ).toBe("The attacker wins: the defender's 1 army is destroyed; the attacker loses 1x1/2 = 0.5, rounded to 1 army.");
    expect(
      resolveBattle(
        { game: 'battleplan', attacker: 4, defender: 10 },
        { winner: 'both-destroyed', left: { attacker: 0, defender: 0 } },
      ).losses,
    ).toEqual({ attacker: 4, defender: 10 });
  });
});

describe('generic PBM umpire: open battles', () => {
  const setup = { game: 'umpire' as const, attacker: 1200, defender: 1000 };
  it('a difference under 10% is indecisive, with minor losses to both', () => {
    const r = resolveBattle(setup, { winner: 'attacker', left: { attacker: 450, defender: 0 } });
    expect(r).toMatchObject({ column: '9%', result: 'indecisive', losses: { attacker: 60, defender: 50 } });
  });
  it('10% and more is a victory: the loser loses the difference, the victor a tenth of it', () => {
    const r = resolveBattle(setup, { winner: 'defender', left: { attacker: 0, defender: 1500 } });
    expect(r).toMatchObject({ column: '30%', result: 'defender-victory', losses: { attacker: 360, defender: 30 } });
    expect(r.text).toContain('the attacker loses 30%');
  });
  it('the stronger side gets 5000 energy and the weaker its share', () => {
    expect(energiesFor(1200, 1000)).toEqual({
      energy: { attacker: 5000, defender: 4167 },
      why: 'The attacker is stronger (1200) and gets 5000; the defender gets 5000 x 1000 / 1200 = 4167.',
    });
    expect(energiesFor(3, 3000, { top: 9999 }).energy).toEqual({ attacker: 10, defender: 9999 });
  });
});
