import { describe, expect, it } from 'vitest';
import type { GameState } from '../../board/index.ts';
import { publicState } from '../../board/index.ts';
import { TINY_HOMES } from '../harness/tiny-game.ts';
import { chips, fight, play, rec, refusal, seated, threeOpening, tinyScenario, win } from './helpers.ts';

/** Two players on the tiny board: the home alliances fill it, so the last round starts at once. */
function filledTiny(extra = {}): GameState {
  const s = seated(['Ann', 'Bob'], 'Ann', extra, tinyScenario);
  return play([...TINY_HOMES], s); // Ann's allies 2.5, bonus 2000; Bob's 0.5, bonus 1000
}

describe('after every country is occupied (rule 20)', () => {
  it('each player gets one last attack on an occupied country; a pass is final; then chips convert', () => {
    let s = filledTiny();
    expect(s).toMatchObject({ phase: 'final-round', turn: 'Bob', finalQueue: ['Bob', 'Ann'] });
    expect(refusal(s, { type: 'ally.buy', player: 'Bob', country: 'A1' }).rule).toBe('20A');
    s = play([{ type: 'pass', player: 'Bob' }], s);
    expect(refusal(s, { type: 'attack', player: 'Bob', country: 'A1' }).rule).toBe('10A'); // Bob's chance is gone
    s = play([{ type: 'attack', player: 'Ann', country: 'B1' }], s);
    expect(s.war).toMatchObject({ cost: 1000, defender: 'Bob' });
    s = play(fight('Ann', 'Bob', [win('attacker', 2000, 1500), win('attacker', 1800, 1200)]), s);
    // Ann: 2.5 + 1 = 3.5, then 2200 in chips -> nearest 500 is 2000 -> +2 = 5.5. Bob: 0.5 - 0.5 + 1 (1000 in chips).
    expect(s.phase).toBe('awaiting-endgame');
    expect([rec(s, 'Ann'), rec(s, 'Bob')]).toEqual([5.5, 1]);
    expect([chips(s, 'Ann'), chips(s, 'Bob')]).toEqual([0, 0]);
    expect(publicState(s).warChest).toBe(s.chipTotal); // every chip is back in the war chest
  });

  it('rounds chips to the nearest 500 (half up)', async () => {
    const { halvesFor } = await import('../../board/index.ts');
    expect([halvesFor(0), halvesFor(249), halvesFor(250), halvesFor(1355), halvesFor(2200), halvesFor(2250)]).toEqual([
      0, 0, 1, 3, 4, 5,
    ]);
  });
});

describe('the end game (rules 21-22)', () => {
  function atEndgame(): GameState {
    let s = filledTiny();
    s = play(
      [
        { type: 'pass', player: 'Bob' },
        { type: 'attack', player: 'Ann', country: 'B1' },
      ],
      s,
    );
    return play(fight('Ann', 'Bob', [win('attacker', 2000, 1500), win('attacker', 1800, 1200)]), s);
  }

  it('the lowest challenges the next with record x 100 energy; +1/-1 per battle; roles alternate; a lost weapon sits out the next battle; leftovers convert', () => {
    let s = atEndgame();
    expect(refusal(s, { type: 'attack', player: 'Ann', country: 'B1' }).rule).toBe('10A');
    s = play([{ type: 'endgame.start' }], s);
    expect(s.endgame!.match).toMatchObject({ a: 'Bob', b: 'Ann', attacker: 'Bob', energy: { Bob: 100, Ann: 550 } });
    s = play(
      [
        { type: 'weapon', player: 'Bob', weapon: 'tank' },
        { type: 'weapon', player: 'Ann', weapon: 'plane' },
        win('attacker', 80, 400),
      ],
      s,
    );
    expect([rec(s, 'Bob'), rec(s, 'Ann')]).toEqual([2, 4.5]);
    expect(s.endgame!.match!.attacker).toBe('Ann');
    expect(refusal(s, { type: 'weapon', player: 'Ann', weapon: 'plane' }).rule).toBe('21F');
    s = play(
      [
        { type: 'weapon', player: 'Ann', weapon: 'sub' },
        { type: 'weapon', player: 'Bob', weapon: 'tank' },
      ],
      s,
    );
    // The attacker now is Ann: energies are entered attacker first.
    expect(refusal(s, win('attacker', 300, 90)).rule).toBe('12');
    s = play([win('attacker', 300, 0)], s);
    // Bob ran out: Ann +1 for the battle, then 300 left -> nearest 500 -> half a space.
    expect(rec(s, 'Bob')).toBe(1);
    expect(rec(s, 'Ann')).toBe(6);
    expect(s).toMatchObject({ phase: 'over', winner: 'Ann', winners: ['Ann'] });
    expect(refusal(s, { type: 'pass', player: 'Ann' }).rule).toBe('22');
  });

  it('allies do not fight: the higher of the two carries the challenge up the ladder', () => {
    let s = threeOpening();
    s = play([{ type: 'alliance.form', players: ['Ann', 'Cy'] }], s);
    const t = structuredClone(s);
    t.phase = 'awaiting-endgame';
    t.turn = null;
    for (const [n, h] of [
      ['Ann', 4],
      ['Cy', 6],
      ['Bob', 8],
    ] as const) {
      const p = t.players.find((x) => x.name === n)!;
      p.recordHalves += h;
      p.adjustHalves += h;
    }
    s = play([{ type: 'endgame.start' }], t);
    expect(s.endgame!.match).toMatchObject({ a: 'Cy', b: 'Bob', energy: { Cy: 300, Bob: 400 } });
  });

  it('the end game starts only after the last round', () => {
    expect(refusal(threeOpening(), { type: 'endgame.start' }).rule).toBe('21');
  });
});

describe('game variations', () => {
  it('1: against the clock - when time is up the highest record wins', () => {
    let s = seated(['Ann', 'Bob'], 'Ann', { clockMinutes: 45 });
    s = play(
      [
        { type: 'homeland', player: 'Ann', country: 'United States' },
        { type: 'homeland', player: 'Bob', country: 'Japan' },
        { type: 'ally.home', player: 'Ann', countries: ['Mexico'] },
        { type: 'clock.expired' },
      ],
      s,
    );
    expect(s).toMatchObject({ phase: 'over', winner: 'Ann' });
    expect(refusal(threeOpening(), { type: 'clock.expired' }).rule).toBe('Variation 1');
  });

  it('1: a tie on the record names no single winner', () => {
    let s = seated(['Ann', 'Bob'], 'Ann', { clockMinutes: 10 });
    s = play([{ type: 'clock.expired' }], s);
    expect(s).toMatchObject({ phase: 'over', winner: null, winners: ['Ann', 'Bob'] });
  });

  it('2: the first to reach the target record wins', () => {
    let s = seated(['Ann', 'Bob', 'Cy'], 'Ann', { targetRecord: 7 });
    s = play(
      [
        { type: 'homeland', player: 'Ann', country: 'United States' },
        { type: 'homeland', player: 'Bob', country: 'West Germany' },
        { type: 'homeland', player: 'Cy', country: 'Japan' },
        { type: 'ally.home', player: 'Ann', countries: ['Canada', 'Mexico'] },
        { type: 'ally.home', player: 'Bob', countries: [] },
        { type: 'ally.home', player: 'Cy', countries: [] },
        { type: 'pass', player: 'Cy' },
      ],
      s,
    );
    expect(s.phase).toBe('play');
    s = play([{ type: 'ally.buy', player: 'Ann', country: 'Bangladesh' }], s);
    expect(s).toMatchObject({ phase: 'over', winner: 'Ann' });
  });
});
