import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../board/index.ts';
import { chips, fight, play, rec, refusal, threeOpening, tie, win } from './helpers.ts';

describe('attacking an unoccupied country (rules 10, 11, 13, 14)', () => {
  it('2500 energy each; the defender is left of the attacker, then left of the last defender', () => {
    let s = threeOpening(); // seated Ann, Bob, Cy; Cy opens
    s = play([{ type: 'attack', player: 'Cy', country: 'India' }], s);
    expect(s.war).toMatchObject({
      attacker: 'Cy',
      defender: 'Ann',
      energy: { attacker: 2500, defender: 2500 },
      cost: 0,
    });
    s = play(fight('Cy', 'Ann', [win('attacker', 2000, 2000), win('attacker', 1500, 1000)]), s);
    expect(s.turn).toBe('Cy'); // rule 13E: the option continues after a win
    expect(s.countries.India).toMatchObject({ owners: ['Cy'], status: 'conquered' });
    expect(rec(s, 'Cy')).toBe(6); // rule 13C: full value
    expect(chips(s, 'Cy')).toBe(1000);
    s = play([{ type: 'attack', player: 'Cy', country: 'Brazil' }], s);
    expect(s.war!.defender).toBe('Bob');
    s = play(fight('Cy', 'Bob', [win('attacker', 2000, 2000), win('attacker', 1500, 0)]), s);
    s = play([{ type: 'attack', player: 'Cy', country: 'Iran' }], s);
    expect(s.war!.defender).toBe('Ann'); // around the table again
  });

  it('after a won war one more alliance may be bought (rule 13D)', () => {
    let s = threeOpening({ Cy: ['Taiwan', 'South Korea'] });
    s = play([{ type: 'ally.buy', player: 'Cy', country: 'Syria' }], s);
    expect(refusal(s, { type: 'ally.buy', player: 'Cy', country: 'Jordan' }).rule).toBe('9A');
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'India' },
        ...fight('Cy', 'Ann', [win('attacker', 2000, 2000), win('attacker', 1500, 1000)]),
      ],
      s,
    );
    s = play([{ type: 'ally.buy', player: 'Cy', country: 'Jordan' }], s);
    expect(s.countries.Jordan.owners).toEqual(['Cy']);
  });

  it("a lost attack gives the defender an ally at half value and passes the option to the loser's left", () => {
    let s = threeOpening();
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Egypt' },
        ...fight('Cy', 'Ann', [win('defender', 1000, 2000), win('defender', 640, 1500)]),
      ],
      s,
    );
    expect(s.countries.Egypt).toMatchObject({ owners: ['Ann'], status: 'allied' });
    expect(rec(s, 'Ann')).toBe(2.5);
    expect(chips(s, 'Ann')).toBe(600); // 640 to the nearest hundred
    expect(s.turn).toBe('Ann');
  });

  it("refuses attacking one's own country, attacks during a war, and attacks out of turn", () => {
    let s = threeOpening({ Cy: ['Taiwan'] });
    expect(refusal(s, { type: 'attack', player: 'Cy', country: 'Taiwan' }).rule).toBe('10A');
    expect(refusal(s, { type: 'attack', player: 'Ann', country: 'India' }).rule).toBe('10A');
    expect(refusal(s, { type: 'attack', player: 'Cy', country: 'constructor' })).toEqual({
      rule: '1A',
      reason: 'there is no country named "constructor" on this board',
    });
    s = play([{ type: 'attack', player: 'Cy', country: 'India' }], s);
    expect(refusal(s, { type: 'attack', player: 'Cy', country: 'China' }).rule).toBe('12A');
    expect(refusal(s, { type: 'pass', player: 'Cy' }).rule).toBe('12A');
  });
});

describe('the war: best of three battles (rule 12)', () => {
  const war = () => play([{ type: 'attack', player: 'Cy', country: 'India' }], threeOpening());

  it('both sides program a weapon first; a destroyed weapon is out for the rest of the war', () => {
    let s = war();
    expect(refusal(s, { type: 'battle', winner: 'attacker', energy: { attacker: 1, defender: 1 } }).rule).toBe('10C');
    expect(refusal(s, { type: 'weapon', player: 'Bob', weapon: 'tank' }).rule).toBe('11B');
    s = play(
      [
        { type: 'weapon', player: 'Cy', weapon: 'tank' },
        { type: 'weapon', player: 'Ann', weapon: 'sub' },
        win('attacker', 2000, 1800),
      ],
      s,
    );
    expect(refusal(s, { type: 'weapon', player: 'Ann', weapon: 'sub' }).rule).toBe('12F');
    expect(applyEvent(s, { type: 'weapon', player: 'Cy', weapon: 'tank' }).ok).toBe(true); // the winner's tank survived
    s = play(
      [
        { type: 'weapon', player: 'Cy', weapon: 'plane' },
        { type: 'weapon', player: 'Ann', weapon: 'plane' },
        tie(1500, 1200),
      ],
      s,
    );
    expect(refusal(s, { type: 'weapon', player: 'Cy', weapon: 'plane' }).rule).toBe('12F'); // both lost on a tie
  });

  it('energy carries over between battles: it can only go down', () => {
    let s = war();
    s = play(fight('Cy', 'Ann', [win('attacker', 1800, 2000)]), s);
    s = play(
      [
        { type: 'weapon', player: 'Cy', weapon: 'sub' },
        { type: 'weapon', player: 'Ann', weapon: 'sub' },
      ],
      s,
    );
    expect(refusal(s, win('attacker', 1900, 1000)).rule).toBe('12');
    expect(refusal(s, win('attacker', 0, 1000)).rule).toBe('12G');
    expect(refusal(s, { type: 'battle', winner: 'attacker', energy: { attacker: -1, defender: 0 } }).rule).toBe('12A');
  });

  it('two wins take the war; a 1-1 war with a tie goes to the greater energy remaining (illustration L)', () => {
    let s = play(fight('Cy', 'Ann', [win('attacker', 2000, 1500), win('defender', 1700, 1200), tie(900, 1100)]), war());
    expect(s.countries.India.owners).toEqual(['Ann']); // defender had more energy left
    s = play(fight('Cy', 'Ann', [win('attacker', 2000, 1500), win('defender', 1700, 1200), tie(1300, 1100)]), war());
    expect(s.countries.India.owners).toEqual(['Cy']);
    s = play(fight('Cy', 'Ann', [win('attacker', 2000, 1500), tie(1700, 1200), tie(1300, 1100)]), war());
    expect(s.countries.India.owners).toEqual(['Cy']); // one win and two ties: the majority of battles won
  });

  it('running out of energy loses the war at once (rule 12G)', () => {
    const s = play(fight('Cy', 'Ann', [tie(0, 300)]), war());
    expect(s.war).toBeNull();
    expect(s.countries.India.owners).toEqual(['Ann']);
    expect(chips(s, 'Ann')).toBe(0); // the attacker had nothing left to pay out
  });
});

describe('attacking an occupied country (rules 15-17)', () => {
  function withCyOnSyria() {
    let s = threeOpening({ Ann: ['Canada', 'Mexico'], Cy: ['Taiwan', 'South Korea'] });
    s = play(
      [
        { type: 'ally.buy', player: 'Cy', country: 'Syria' },
        { type: 'pass', player: 'Cy' },
      ],
      s,
    ); // Syria (1) allied to Cy: 0.5
    return s;
  }
  it('costs value x 1000 into the war chest, refused without the chips', () => {
    const s = withCyOnSyria();
    expect(refusal(s, { type: 'attack', player: 'Ann', country: 'Japan' }).rule).toBe('19A');
    const t = play([{ type: 'attack', player: 'Ann', country: 'Syria' }], s);
    expect(t.war).toMatchObject({ defender: 'Cy', cost: 1000, kind: 'occupied' });
    expect(chips(t, 'Ann')).toBe(1000);
  });
  it('an allied country lost moves its holder back by half; the victor gains full value', () => {
    let s = withCyOnSyria();
    expect(rec(s, 'Cy')).toBe(3.5);
    s = play(
      [
        { type: 'attack', player: 'Ann', country: 'Syria' },
        ...fight('Ann', 'Cy', [win('attacker', 2000, 1000), win('attacker', 1500, 200)]),
      ],
      s,
    );
    expect(rec(s, 'Cy')).toBe(3); // 3 + 0.5 - 0.5
    expect(rec(s, 'Ann')).toBe(6 + 1);
    expect(chips(s, 'Ann')).toBe(2000 - 1000 + 200);
    expect(s.countries.Syria).toMatchObject({ owners: ['Ann'], status: 'conquered' });
  });
  it("a successful defence keeps the country and passes the option to the attacker's left (rule 17)", () => {
    let s = withCyOnSyria();
    s = play(
      [
        { type: 'attack', player: 'Ann', country: 'Syria' },
        ...fight('Ann', 'Cy', [win('defender', 1000, 2000), win('defender', 450, 1500)]),
      ],
      s,
    );
    expect(s.countries.Syria.owners).toEqual(['Cy']);
    expect(chips(s, 'Cy')).toBe(1500 + 500);
    expect(rec(s, 'Cy')).toBe(3.5);
    expect(s.turn).toBe('Bob');
  });
  it('refuses an attack the pooled chips cannot pay (rule 15A)', () => {
    let s = threeOpening({ Cy: ['Taiwan'] });
    s = play([{ type: 'pass', player: 'Cy' }], s);
    expect(refusal(s, { type: 'attack', player: 'Ann', country: 'Taiwan' })).toMatchObject({ rule: '15A' });
  });
});
