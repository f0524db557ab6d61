import { describe, expect, it } from 'vitest';
import { halvesFor, publicState, roundToHundred } from '../../board/index.ts';
import { setCountryValue, world1982 } from '../../board/index.ts';
import { chips, fight, play, rec, seated, threeOpening, tie, win } from './helpers.ts';

// Every worked example printed in the manual, replayed through the rules.
describe("the manual's worked examples", () => {
  it('rules 4-7: the United States allies with Canada and Mexico -> record 6 and a 2000 bonus', () => {
    const s = threeOpening({ Ann: ['Canada', 'Mexico'] });
    expect(rec(s, 'Ann')).toBe(6);
    expect(chips(s, 'Ann')).toBe(2000);
    expect(s.countries.Canada).toMatchObject({ owners: ['Ann'], status: 'allied' });
  });

  it('rule 5, example 2: West Germany with Spain, Italy and Greece -> record 5', () => {
    const s = threeOpening({ Bob: ['Spain', 'Italy', 'Greece'] });
    expect(rec(s, 'Bob')).toBe(5);
    expect(chips(s, 'Bob')).toBe(0); // France, the UK and Norway are still free: no zone bonus
  });

  it('rule 9, illustration I: the bonus buys Bangladesh for 1000 and +1 on the record', () => {
    let s = threeOpening({ Ann: ['Canada', 'Mexico'] });
    s = play([{ type: 'pass', player: 'Cy' }], s); // Cy opens (rule 8); the option passes left to Ann
    s = play([{ type: 'ally.buy', player: 'Ann', country: 'Bangladesh' }], s);
    expect(chips(s, 'Ann')).toBe(1000);
    expect(rec(s, 'Ann')).toBe(7);
    expect(s.lastTransfers).toEqual([
      {
        from: 'Ann',
        to: '#warchest',
        amount: 1000,
        give: { 1000: 1, 500: 0, 100: 0 },
        change: { 1000: 0, 500: 0, 100: 0 },
      },
    ]);
  });

  it('rule 14, illustrations O/P: Indonesia successfully defended -> an ally and +3 (9 -> 12 in the picture)', () => {
    let s = threeOpening();
    s = play([{ type: 'attack', player: 'Cy', country: 'Indonesia' }], s);
    expect(s.war?.defender).toBe('Ann'); // the first player to Cy's left
    const before = rec(s, 'Ann');
    s = play(fight('Cy', 'Ann', [win('defender', 1200, 2000), win('defender', 800, 1500)]), s);
    expect(rec(s, 'Ann') - before).toBe(3);
    expect(s.countries.Indonesia).toMatchObject({ owners: ['Ann'], status: 'allied' });
    expect(chips(s, 'Ann')).toBe(800); // the attacker's 800 left on screen
  });

  it('rules 15-16, illustrations Q/R/S: attacking the conquered Philippines costs 3000, +3 for the victor, -3 for the loser', () => {
    let s = threeOpening({ Ann: ['Canada', 'Mexico'] }); // Ann: 2000 in chips
    // Cy conquers the Philippines from Ann's defence, then loses Indonesia to Bob: the option goes to Ann.
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Philippines' },
        ...fight('Cy', 'Ann', [win('attacker', 2000, 1500), win('attacker', 1800, 1000)]),
      ],
      s,
    );
    expect(s.countries.Philippines).toMatchObject({ owners: ['Cy'], status: 'conquered' });
    expect(rec(s, 'Cy')).toBe(3);
    s = play([{ type: 'attack', player: 'Cy', country: 'Indonesia' }], s);
    expect(s.war?.defender).toBe('Bob'); // the defence passes to the left of the last defender (rule 13E)
    s = play(fight('Cy', 'Bob', [win('defender', 900, 2000), win('defender', 0, 1900)]), s);
    expect(s.turn).toBe('Ann'); // rule 14D: to the losing attacker's left
    // Ann wins 1000 more by conquering Vietnam, keeping the option.
    s = play(
      [
        { type: 'attack', player: 'Ann', country: 'Vietnam' },
        ...fight('Ann', 'Bob', [win('attacker', 2000, 1500), win('attacker', 2000, 1000)]),
      ],
      s,
    );
    expect(chips(s, 'Ann')).toBe(3000);
    const [annBefore, cyBefore, chestBefore] = [rec(s, 'Ann'), rec(s, 'Cy'), publicState(s).warChest];
    s = play([{ type: 'attack', player: 'Ann', country: 'Philippines' }], s);
    expect(chips(s, 'Ann')).toBe(0);
    expect(publicState(s).warChest).toBe(chestBefore + 3000);
    expect(s.war).toMatchObject({ defender: 'Cy', cost: 3000, kind: 'occupied' });
    s = play(fight('Ann', 'Cy', [win('attacker', 2200, 1300), tie(1500, 0)]), s);
    expect(rec(s, 'Ann') - annBefore).toBe(3);
    expect(rec(s, 'Cy') - cyBefore).toBe(-3);
    expect(s.countries.Philippines).toMatchObject({ owners: ['Ann'], status: 'conquered' });
  });

  it('rule 13A, illustration N: 1355 energy units left are paid as 1400 in chips', () => {
    expect(roundToHundred(1355)).toBe(1400);
    let s = threeOpening();
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Brazil' },
        ...fight('Cy', 'Ann', [win('attacker', 2400, 2000), tie(2000, 1700), win('attacker', 1900, 1355)]),
      ],
      s,
    );
    expect(chips(s, 'Cy')).toBe(1400);
  });

  it('rule 21C, illustration U: a record of 55 enters 5500 energy units', () => {
    // 55 on the record is 110 half points; x 100 per space.
    expect(110 * 50).toBe(5500);
    expect(halvesFor(5500)).toBe(11); // and 5500 left over would convert back to 5.5 spaces (rule 21G)
  });

  it('rule 6, illustration G: 9/2 = 4.5 is kept exactly (an ally worth 9, and two halves making a whole)', () => {
    // A what-if board where Canada is worth 9 (the manual invites changing the numbers).
    const board = setCountryValue(world1982(), 'Canada', 9);
    let s = seated(['Ann', 'Bob'], 'Ann', {}, board);
    s = play(
      [
        { type: 'homeland', player: 'Ann', country: 'United States' },
        { type: 'homeland', player: 'Bob', country: 'Japan' },
        { type: 'ally.home', player: 'Ann', countries: ['Canada'] },
      ],
      s,
    );
    expect(s.players[0].recordHalves).toBe(9);
    expect(rec(s, 'Ann')).toBe(4.5);
    expect(publicState(s).players[0].record).toBe(4.5);
    s = play([{ type: 'ally.home', player: 'Bob', countries: ['Taiwan'] }], s); // 3/2 = 1.5
    expect(publicState(s).players[1].record).toBe(1.5);
  });
});
