import { describe, expect, it } from 'vitest';
import { legalActions } from '../../board/index.ts';
import type { GameState } from '../../board/index.ts';
import { chips, fight, play, rec, refusal, seated, threeOpening, win } from './helpers.ts';

describe('player alliances (rule 18)', () => {
  it('only in games of three or more, and never renewed once broken', () => {
    const two = play([{ type: 'homeland', player: 'Ann', country: 'China' }], seated(['Ann', 'Bob']));
    expect(refusal(two, { type: 'alliance.form', players: ['Ann', 'Bob'] }).rule).toBe('18');
    let s = play([{ type: 'alliance.form', players: ['Ann', 'Bob'] }], threeOpening());
    expect(s.alliances).toEqual([['Ann', 'Bob']]);
    expect(refusal(s, { type: 'alliance.form', players: ['Ann', 'Bob', 'Cy'] }).reason).toMatch(/nobody to fight/);
    s = play([{ type: 'alliance.break', player: 'Bob' }], s);
    expect(s.alliances).toEqual([]);
    expect(refusal(s, { type: 'alliance.form', players: ['Bob', 'Ann'] }).rule).toBe('18F');
    expect(refusal(s, { type: 'alliance.break', player: 'Cy' }).rule).toBe('18F');
  });

  it('allies do not attack each other, nor defend against each other', () => {
    let s = threeOpening({ Ann: ['Mexico'] });
    s = play([{ type: 'alliance.form', players: ['Ann', 'Cy'] }], s);
    expect(refusal(s, { type: 'attack', player: 'Cy', country: 'Mexico' }).rule).toBe('18C');
    s = play([{ type: 'attack', player: 'Cy', country: 'India' }], s);
    expect(s.war!.defender).toBe('Bob'); // Ann, to Cy's left, is an ally: the defence skips her
  });

  it('pooled chips pay, every ally places a marker and records it, and winnings are split equally', () => {
    let s = threeOpening({ Ann: ['Canada', 'Mexico'] }); // Ann 2000, Cy 0
    s = play([{ type: 'alliance.form', players: ['Ann', 'Cy'] }], s);
    // Cy directs a purchase paid from the pool: Cy has nothing, Ann pays.
    s = play([{ type: 'ally.buy', player: 'Cy', country: 'Pakistan' }], s);
    expect(chips(s, 'Ann')).toBe(0);
    expect(s.countries.Pakistan).toMatchObject({ owners: ['Cy', 'Ann'], status: 'allied' }); // the director's marker first
    expect([rec(s, 'Ann'), rec(s, 'Cy')]).toEqual([6 + 2, 2]);
    // Either ally may direct the attack (18B); the 1300 won is split 600/700, the odd hundred to the director.
    s = play(
      [
        { type: 'attack', player: 'Ann', country: 'India' },
        ...fight('Ann', 'Bob', [win('attacker', 2000, 2000), win('attacker', 1500, 1300)]),
      ],
      s,
    );
    expect(s.countries.India).toMatchObject({ owners: ['Ann', 'Cy'], status: 'conquered' });
    expect([chips(s, 'Ann'), chips(s, 'Cy')]).toEqual([700, 600]);
    expect([rec(s, 'Ann'), rec(s, 'Cy')]).toEqual([8 + 6, 2 + 6]);
  });

  it('no new player alliances once the board is full (18A) nor in the end game (21A)', () => {
    const s = { ...threeOpening(), phase: 'final-round' } as GameState;
    expect(refusal(s, { type: 'alliance.form', players: ['Ann', 'Bob'] }).rule).toBe('18A');
    expect(refusal({ ...s, phase: 'awaiting-endgame' }, { type: 'alliance.form', players: ['Ann', 'Bob'] }).rule).toBe(
      '21A',
    );
  });
});

describe('attacking a homeland (rule 19)', () => {
  /** Bob's West Germany sits between Italy and Spain (illustration T). Cy takes both, with chips to spare. */
  function surround(): GameState {
    let s = threeOpening({ Bob: ['Greece'], Cy: ['Taiwan', 'South Korea'] });
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Italy' },
        ...fight('Cy', 'Ann', [win('attacker', 2500, 2500), win('attacker', 2500, 2500)]),
      ],
      s,
    );
    expect(refusal(s, { type: 'attack', player: 'Cy', country: 'West Germany' })).toMatchObject({ rule: '19A' });
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Spain' },
        ...fight('Cy', 'Bob', [win('attacker', 2500, 2500), win('attacker', 2500, 2500)]),
      ],
      s,
    );
    // 7000 in chips now: not enough for West Germany's 10 x 1000 (rule 19B).
    expect(refusal(s, { type: 'attack', player: 'Cy', country: 'West Germany' })).toMatchObject({ rule: '19B' });
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Iraq' },
        ...fight('Cy', 'Ann', [win('attacker', 2500, 2500), win('attacker', 2500, 2500)]),
      ],
      s,
    );
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Iran' },
        ...fight('Cy', 'Bob', [win('attacker', 2500, 2500), win('attacker', 2500, 2500)]),
      ],
      s,
    );
    return s;
  }

  it("is allowed only when the countries on both sides are held by the owner's enemies, and costs full value x 1000", () => {
    const s = surround();
    expect(chips(s, 'Cy')).toBe(2000 + 4 * 2500);
    const t = play([{ type: 'attack', player: 'Cy', country: 'West Germany' }], s);
    expect(t.war).toMatchObject({ kind: 'homeland', defender: 'Bob', cost: 10000 });
    expect(chips(t, 'Cy')).toBe(2000);
  });

  it("is refused while a bordering country is held by the owner's ally", () => {
    let s = threeOpening({ Bob: ['Italy'] });
    s = play([{ type: 'alliance.form', players: ['Bob', 'Ann'] }], s);
    expect(refusal(s, { type: 'attack', player: 'Cy', country: 'West Germany' }).reason).toMatch(/Italy/);
  });

  it('a conquered homeland eliminates its owner: the victor takes homeland, conquests and chips; allies go free', () => {
    let s = surround();
    // Bob conquers Norway first so he has a conquest and chips to lose.
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Norway' },
        ...fight('Cy', 'Ann', [win('defender', 2500, 2500), win('defender', 100, 2500)]),
      ],
      s,
    ); // Ann allies Norway; option to Ann
    s = play([{ type: 'pass', player: 'Ann' }], s); // Bob's turn
    s = play(
      [
        { type: 'attack', player: 'Bob', country: 'France' },
        ...fight('Bob', 'Cy', [win('attacker', 2500, 2500), win('attacker', 2500, 1800)]),
      ],
      s,
    );
    expect(chips(s, 'Bob')).toBe(1800);
    s = play([{ type: 'pass', player: 'Bob' }], s); // Cy's turn
    s = play([{ type: 'attack', player: 'Cy', country: 'West Germany' }], s);
    const cyBefore = rec(s, 'Cy');
    const cyChips = chips(s, 'Cy');
    s = play(fight('Cy', 'Bob', [win('attacker', 2500, 2500), win('attacker', 2500, 2000)]), s);
    const bob = s.players.find((p) => p.name === 'Bob')!;
    expect(bob.eliminated).toBe(true);
    expect(chips(s, 'Bob')).toBe(0);
    expect(s.countries['West Germany']).toMatchObject({ owners: ['Cy'], status: 'conquered' });
    expect(s.countries.France).toMatchObject({ owners: ['Cy'], status: 'conquered' });
    expect(s.countries.Greece).toMatchObject({ owners: [], status: null }); // Bob's ally is unoccupied again
    expect(rec(s, 'Cy') - cyBefore).toBe(10 + 8);
    expect(chips(s, 'Cy')).toBe(cyChips + 2000 + 1800);
    expect(refusal(s, { type: 'pass', player: 'Bob' }).rule).toBe('19C');
  });

  it('an eliminated banker hands the war chest to a player still in the game, who the others choose', () => {
    let s: GameState = { ...surround(), banker: 'Bob' };
    // While Bob plays, nobody takes the chest from him.
    expect(refusal(s, { type: 'banker', player: 'Cy' })).toMatchObject({
      rule: '1C',
      reason: expect.stringMatching(/Bob keeps the war chest while still in the game/),
    });
    expect(legalActions(s).some((a) => a.type === 'banker')).toBe(false);
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'Norway' },
        ...fight('Cy', 'Ann', [win('defender', 2500, 2500), win('defender', 100, 2500)]),
      ],
      s,
    );
    s = play([{ type: 'pass', player: 'Ann' }], s);
    s = play(
      [
        { type: 'attack', player: 'Bob', country: 'France' },
        ...fight('Bob', 'Cy', [win('attacker', 2500, 2500), win('attacker', 2500, 1800)]),
      ],
      s,
    );
    s = play([{ type: 'pass', player: 'Bob' }], s);
    s = play(
      [
        { type: 'attack', player: 'Cy', country: 'West Germany' },
        ...fight('Cy', 'Bob', [win('attacker', 2500, 2500), win('attacker', 2500, 2000)]),
      ],
      s,
    );
    expect(s.players.find((p) => p.name === 'Bob')!.eliminated).toBe(true);
    expect(s.banker).toBe('Bob');
    // The engine asks: the players still in the game may take it over.
    expect(legalActions(s).find((a) => a.type === 'banker')).toEqual({
      type: 'banker',
      player: null,
      choices: ['Ann', 'Cy'],
    });
    expect(refusal(s, { type: 'banker', player: 'Bob' }).reason).toMatch(
      /Bob is out of the game and cannot keep the war chest/,
    );
    expect(refusal(s, { type: 'banker', player: 'Zed' }).reason).toMatch(/no player named "Zed"/);
    const turn = s.turn;
    s = play([{ type: 'banker', player: 'Ann' }], s);
    expect(s.banker).toBe('Ann');
    expect(s.turn).toBe(turn);
    expect(s.log[s.log.length - 1]).toBe('Ann takes over the war chest from Bob, who is out of the game');
    expect(legalActions(s).some((a) => a.type === 'banker')).toBe(false);
  });
});

describe('a player alliance at war', () => {
  it('a directing ally who loses passes the option to its own left', () => {
    let s = threeOpening();
    s = play([{ type: 'alliance.form', players: ['Bob', 'Cy'] }], s);
    s = play([{ type: 'attack', player: 'Bob', country: 'India' }], s); // Bob directs for Cy, who holds the option
    expect(s.war!.defender).toBe('Ann');
    s = play(fight('Bob', 'Ann', [win('defender', 100, 2500), win('defender', 0, 2500)]), s);
    expect(s.turn).toBe('Cy'); // left of Bob
  });

  it('rule 19D: a homeland taken by an alliance is shared - every ally marks and records it', () => {
    let s = threeOpening({ Bob: ['Greece'], Cy: ['Taiwan', 'South Korea'] });
    s = play([{ type: 'alliance.form', players: ['Ann', 'Cy'] }], s);
    for (const c of ['Italy', 'Spain', 'Iraq', 'Iran']) {
      s = play(
        [
          { type: 'attack', player: 'Cy', country: c },
          ...fight('Cy', 'Bob', [win('attacker', 2500, 2500), win('attacker', 2500, 2500)]),
        ],
        s,
      );
    }
    // Each 2500 won is split 1300 (the director, Cy) / 1200 (Ann).
    expect([chips(s, 'Cy'), chips(s, 'Ann')]).toEqual([2000 + 4 * 1300, 4 * 1200]);
    s = play([{ type: 'attack', player: 'Cy', country: 'West Germany' }], s);
    expect([chips(s, 'Cy'), chips(s, 'Ann')]).toEqual([0, 4 * 1200 - (10000 - 7200)]); // pooled: Cy first, then Ann
    const before = [rec(s, 'Ann'), rec(s, 'Cy')];
    s = play(fight('Cy', 'Bob', [win('attacker', 2500, 2500), win('attacker', 2500, 2000)]), s);
    expect(s.players[1].eliminated).toBe(true);
    expect(s.countries['West Germany']).toMatchObject({ owners: ['Cy', 'Ann'], status: 'conquered' }); // the director's marker first
    expect([rec(s, 'Ann') - before[0], rec(s, 'Cy') - before[1]]).toEqual([10, 10]);
    expect(s.countries.Greece.owners).toEqual([]);
    // Ann and Cy were all that was left, allied: the alliance dissolves so the game can go on (rule 18).
    expect(s.alliances).toEqual([]);
    expect(s.log.some((l) => /Ann, Cy holds every player still in the game: it dissolves/.test(l))).toBe(true);
    expect(s.brokenPairs).toEqual([]);
    // An unoccupied country is now defended by the other player.
    const t = play([{ type: 'attack', player: s.turn!, country: 'Greece' }], s);
    expect(t.war).toMatchObject({ kind: 'unoccupied', defender: s.turn === 'Ann' ? 'Cy' : 'Ann' });
  });

  it('an alliance that leaves a player outside it stands', () => {
    let s = threeOpening({ Bob: ['Greece'], Cy: ['Taiwan', 'South Korea'] });
    s = play([{ type: 'alliance.form', players: ['Ann', 'Bob'] }], s);
    expect(s.alliances).toEqual([['Ann', 'Bob']]); // Cy is outside it: nothing dissolves
  });
});
