import { describe, expect, it } from 'vitest';
import { applyEvent, newGame, world1982, publicState } from '../../board/index.ts';
import { neighbours } from '../../board/rules/board.ts';
import { P, chips, play, rec, refusal, seated, threeOpening } from './helpers.ts';

describe('scenario data (rule 1A and the zone list)', () => {
  it("has 43 countries in 11 zones, in the manual's order, with their values", () => {
    const w = world1982();
    expect(w.zones).toHaveLength(11);
    expect(w.zones.flatMap((z) => z.countries)).toHaveLength(43);
    expect(w.zones[3].countries.map((c) => `${c.name} ${c.pbu}`)).toEqual([
      'Greece 1',
      'Italy 5',
      'West Germany 10',
      'Spain 4',
      'France 8',
      'United Kingdom 8',
      'Norway 2',
    ]);
    // Zone totals summed by hand from the manual: 42+39+18+38+25+14+9+16+16+9+4.
    expect(w.zones.map((z) => z.countries.reduce((t, c) => t + c.pbu, 0))).toEqual([
      42, 39, 18, 38, 25, 14, 9, 16, 16, 9, 4,
    ]);
  });

  it("a country borders the countries next to it in its zone's list (illustration T)", () => {
    const s = newGame(world1982());
    expect(neighbours(s, 'West Germany')).toEqual(['Italy', 'Spain']);
    expect(neighbours(s, 'Canada')).toEqual(['United States']);
    expect(neighbours(s, 'Australia')).toEqual([]);
  });
});

describe('setup (rule 1)', () => {
  it('seats 2 to 6 players with distinct names and colours and a banker', () => {
    expect(refusal(newGame(world1982()), { type: 'setup', players: [P('A')] }).rule).toBe('1');
    expect(
      refusal(newGame(world1982()), { type: 'setup', players: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map(P) }).reason,
    ).toMatch(/2 to 6/);
    expect(
      refusal(newGame(world1982()), { type: 'setup', players: [P('A'), { name: 'B', color: 'A-colour' }] }).rule,
    ).toBe('1B');
    expect(refusal(newGame(world1982()), { type: 'setup', players: [P('A'), P('A')] }).rule).toBe('1B');
    expect(refusal(newGame(world1982()), { type: 'setup', players: [P('A'), P('B')], banker: 'Z' }).rule).toBe('1C');
    const s = play([
      { type: 'setup', players: [P('A'), P('B')], banker: 'B', chips: { '1000': 3, '500': 2, '100': 5 } },
    ]);
    expect(publicState(s)).toMatchObject({ phase: 'first-player', warChest: 4500, banker: 'B' });
  });

  it('refuses everything but setup before the table is seated', () => {
    expect(refusal(newGame(world1982()), { type: 'first.readout', digit: 1 }).rule).toBe('1');
  });
});

describe('first player (rule 2)', () => {
  const table = () => play([{ type: 'setup', players: [P('A'), P('B'), P('C')] }]);
  it('each calls a different digit 0-9', () => {
    const s = play([{ type: 'first.call', player: 'A', digit: 4 }], table());
    expect(refusal(s, { type: 'first.call', player: 'B', digit: 4 }).rule).toBe('2C');
    expect(refusal(s, { type: 'first.call', player: 'B', digit: 10 }).rule).toBe('2C');
    expect(refusal(s, { type: 'first.call', player: 'A', digit: 5 }).reason).toMatch(/already called/);
    expect(refusal(s, { type: 'first.readout', digit: 3 }).reason).toMatch(/B, C/);
  });
  it('the closest call wins; a tie above and below goes to the higher number', () => {
    const calls = (digits: number[], readout: number) =>
      play(
        [
          ...['A', 'B', 'C'].map((n, i) => ({ type: 'first.call' as const, player: n, digit: digits[i] })),
          { type: 'first.readout', digit: readout },
        ],
        table(),
      ).firstPlayer;
    expect(calls([1, 5, 9], 6)).toBe('B');
    expect(calls([3, 7, 0], 5)).toBe('B'); // 3 and 7 are both 2 away: the higher, 7
    expect(calls([4, 6, 9], 5)).toBe('B');
    expect(calls([2, 8, 0], 0)).toBe('C');
  });
});

describe('homelands and home-zone alliances (rules 3-5, 7, 8)', () => {
  it('homelands are chosen clockwise from the first player', () => {
    const s = seated(['Ann', 'Bob', 'Cy'], 'Bob');
    expect(s.turn).toBe('Bob');
    expect(refusal(s, { type: 'homeland', player: 'Ann', country: 'China' }).rule).toBe('3');
    const t = play([{ type: 'homeland', player: 'Bob', country: 'China' }], s);
    expect(t.turn).toBe('Cy');
    expect(refusal(t, { type: 'homeland', player: 'Cy', country: 'China' }).rule).toBe('3');
    expect(refusal(t, { type: 'homeland', player: 'Cy', country: 'Atlantis' }).rule).toBe('1A');
  });

  it('home-zone alliances: inside the home zone, unoccupied, total not above the homeland', () => {
    let s = seated(['Ann', 'Bob'], 'Ann');
    s = play(
      [
        { type: 'homeland', player: 'Ann', country: 'West Germany' },
        { type: 'homeland', player: 'Bob', country: 'France' },
      ],
      s,
    );
    expect(s.phase).toBe('home-alliances');
    expect(refusal(s, { type: 'ally.home', player: 'Ann', countries: ['Canada'] }).rule).toBe('4A');
    expect(refusal(s, { type: 'ally.home', player: 'Ann', countries: ['France'] }).reason).toMatch(/occupied/);
    expect(refusal(s, { type: 'ally.home', player: 'Ann', countries: ['United Kingdom', 'Italy'] }).reason).toMatch(
      /13 PBU, more than West Germany's 10/,
    );
    expect(refusal(s, { type: 'ally.home', player: 'Bob', countries: [] }).rule).toBe('4A'); // not Bob's turn yet
    s = play([{ type: 'ally.home', player: 'Ann', countries: ['United Kingdom', 'Norway'] }], s);
    expect(rec(s, 'Ann')).toBe(5);
    // Bob (France) chose last: he opens play (rule 8).
    s = play([{ type: 'ally.home', player: 'Bob', countries: ['Spain'] }], s);
    expect(s).toMatchObject({ phase: 'play', turn: 'Bob', buysLeft: 1 });
  });

  it('rule 7: the bonus counts every country of the zone except the homeland, paid once', () => {
    let s = seated(['Ann', 'Bob'], 'Ann');
    s = play(
      [
        { type: 'homeland', player: 'Ann', country: 'China' },
        { type: 'homeland', player: 'Bob', country: 'Australia' },
        { type: 'ally.home', player: 'Ann', countries: ['Vietnam', 'North Korea'] },
        { type: 'ally.home', player: 'Bob', countries: [] },
      ],
      s,
    );
    expect(chips(s, 'Ann')).toBe(2000);
    expect(chips(s, 'Bob')).toBe(0); // Australia alone: no other country, no bonus
    expect(s.players[0].bonusZones).toEqual(['Zone 3']);
  });
});

describe('buying an alliance (rule 9)', () => {
  it('costs half the value x 1000, adds half the value, one per turn', () => {
    let s = threeOpening({ Cy: ['Taiwan', 'South Korea'] }); // Cy: 2000 bonus
    s = play([{ type: 'ally.buy', player: 'Cy', country: 'Afghanistan' }], s);
    expect(chips(s, 'Cy')).toBe(1000);
    expect(rec(s, 'Cy')).toBe(3 + 1);
    expect(refusal(s, { type: 'ally.buy', player: 'Cy', country: 'Pakistan' }).reason).toMatch(/only one alliance/);
  });

  it("refuses an occupied country, another player's home zone, too few chips, and out of turn", () => {
    const s = threeOpening({ Cy: ['Taiwan', 'South Korea'], Ann: ['Mexico'] });
    expect(refusal(s, { type: 'ally.buy', player: 'Cy', country: 'Mexico' }).reason).toMatch(/not unoccupied/);
    expect(refusal(s, { type: 'ally.buy', player: 'Cy', country: 'Canada' }).reason).toMatch(
      /another player's home zone/,
    );
    expect(refusal(s, { type: 'ally.buy', player: 'Cy', country: 'India' }).reason).toMatch(/costs 3000 .* only 2000/);
    expect(refusal(s, { type: 'ally.buy', player: 'Ann', country: 'India' }).rule).toBe('9A');
  });

  it('the war chest gives change when the exact chips are not at hand', () => {
    let s = threeOpening({ Cy: ['Taiwan', 'South Korea'] }); // Cy holds 2 blue
    s = play([{ type: 'ally.buy', player: 'Cy', country: 'Iraq' }], s); // 1500
    expect(s.lastTransfers[0]).toMatchObject({
      amount: 1500,
      give: { 1000: 2, 500: 0, 100: 0 },
      change: { 1000: 0, 500: 1, 100: 0 },
    });
    expect(s.players[2].chips).toEqual({ 1000: 0, 500: 1, 100: 0 });
    expect(applyEvent(s, { type: 'pass', player: 'Cy' }).ok).toBe(true);
  });
});
