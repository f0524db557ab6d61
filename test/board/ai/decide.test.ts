import { describe, expect, it } from 'vitest';
import { ComputerPlayers, decide, seededRng } from '../../../board/ai/index.ts';
import type { Level } from '../../../board/ai/index.ts';
import { applyEvent, legalActions, publicState } from '../../../board/index.ts';
import type { GameState } from '../../../board/index.ts';
import { fight, play, seated, threeOpening, win } from '../helpers.ts';

const LEVELS: Level[] = ['easy', 'medium', 'hard'];
const move = (s: GameState, me: string, level: Level, seed = 1) =>
  decide(publicState(s), legalActions(s), me, level, seededRng(seed));

describe('the computer player decides from the public state and the legal actions', () => {
  it('picks a weapon its side still has (rule 12F), the cheapest one at hard', () => {
    // Cy attacks India; Ann destroys Cy's tank in the first battle.
    const s = play(
      [
        { type: 'attack', player: 'Cy', country: 'India' },
        ...fight('Cy', 'Ann', [win('defender', 1800, 2000)], [['tank', 'sub']]),
      ],
      threeOpening(),
    );
    const hard = move(s, 'Cy', 'hard')!;
    expect(hard.event).toEqual({ type: 'weapon', player: 'Cy', weapon: 'sub' });
    expect(hard.reason).toMatch(/tank was destroyed earlier in this war \(rule 12F\)/);
    expect(move(s, 'Ann', 'hard')!.event).toEqual({ type: 'weapon', player: 'Ann', weapon: 'tank' });
    for (const level of LEVELS) {
      for (let seed = 0; seed < 30; seed++) {
        const m = move(s, 'Cy', level, seed)!;
        expect(m.event).toMatchObject({ type: 'weapon', player: 'Cy' });
        expect(applyEvent(s, m.event).ok).toBe(true);
        expect((m.event as { weapon: string }).weapon).not.toBe('tank');
      }
    }
  });

  it('never looks at the weapon the other side programmed (it is secret on the console)', () => {
    const war = play([{ type: 'attack', player: 'Cy', country: 'India' }], threeOpening());
    for (const level of LEVELS) {
      for (let seed = 0; seed < 10; seed++) {
        const blind = move(war, 'Ann', level, seed)!.event;
        for (const w of ['tank', 'sub', 'plane'] as const) {
          expect(move(play([{ type: 'weapon', player: 'Cy', weapon: w }], war), 'Ann', level, seed)!.event).toEqual(
            blind,
          );
        }
      }
    }
  });

  it('chooses a strong homeland and the largest home-zone alliances that fit (rules 3-5)', () => {
    const s = seated(['Ann', 'Bob']);
    const h = move(s, 'Ann', 'hard')!;
    expect(h.event).toEqual({ type: 'homeland', player: 'Ann', country: 'United States' });
    expect(h.reason).toMatch(/2 bordering countries/);
    const s2 = play(
      [
        h.event,
        { type: 'homeland', player: 'Bob', country: 'West Germany' },
        { type: 'ally.home', player: 'Ann', countries: [] },
      ],
      s,
    );
    for (const level of ['medium', 'hard'] as const) {
      const a = move(s2, 'Bob', level)!;
      expect(a.event.type).toBe('ally.home');
      const total = (a.event as { countries: string[] }).countries.reduce((t, c) => t + s2.countries[c].pbu, 0);
      expect(total).toBe(10); // West Germany's 10 PBU, filled exactly
      expect(applyEvent(s2, a.event).ok).toBe(true);
    }
  });

  it('with no chips, attacks the most valuable unoccupied country; with chips, buys first', () => {
    const s = threeOpening();
    const m = move(s, 'Cy', 'hard')!;
    expect(m.event).toEqual({ type: 'attack', player: 'Cy', country: 'U.S.S.R.' }); // 30 PBU, unoccupied
    expect(m.reason).toMatch(/costs nothing/);
    // Cy wins the U.S.S.R. in two battles (a prize of Ann's 1800 energy left), so may buy one alliance now (rule 13D).
    const after = play(
      [
        { type: 'attack', player: 'Cy', country: 'U.S.S.R.' },
        ...fight('Cy', 'Ann', [win('attacker', 2400, 2000), win('attacker', 2300, 1800)]),
      ],
      s,
    );
    const next = move(after, 'Cy', 'hard')!;
    expect(next.event.type).toBe('ally.buy');
    expect(applyEvent(after, next.event).ok).toBe(true);
  });

  it('has nothing to do when it is not its move', () => {
    const s = threeOpening();
    for (const level of LEVELS) {
      expect(move(s, 'Ann', level)).toBeNull();
      expect(move(s, 'Bob', level)).toBeNull();
    }
  });

  it('the players behind the leader ally against it (rule 18), only with computer partners who agree', () => {
    const s = threeOpening({ Ann: ['Canada', 'Mexico'] }); // Ann leads with 6
    const all = new ComputerPlayers(
      [
        { name: 'Ann', level: 'hard' },
        { name: 'Bob', level: 'hard' },
        { name: 'Cy', level: 'hard' },
      ],
      3,
    );
    const m = all.moveNow(s)!;
    expect(m).toMatchObject({ player: 'Cy', event: { type: 'alliance.form', players: ['Cy', 'Bob'] } });
    expect(m.reason).toMatch(/Ann leads with 6/);
    // Bob is a person here: nobody proposes to him, and Cy plays on alone.
    const alone = new ComputerPlayers(
      [
        { name: 'Ann', level: 'hard' },
        { name: 'Cy', level: 'hard' },
      ],
      3,
    ).moveNow(s)!;
    expect(alone.event.type).toBe('attack');
  });
});

describe('ComputerPlayers', () => {
  it('refuses a bad level or a seat twice with a sentence', () => {
    expect(() => new ComputerPlayers([{ name: 'Ann', level: 'expert' as Level }], 1)).toThrow(
      /Ann's level must be easy, medium, hard \(got "expert"\)/,
    );
    expect(
      () =>
        new ComputerPlayers(
          [
            { name: 'Ann', level: 'hard' },
            { name: 'Ann', level: 'easy' },
          ],
          1,
        ),
    ).toThrow(/Ann has two computer seats/);
  });

  it("nextMove waits the pause before the move, gives nothing on a person's turn, and stops when aborted", async () => {
    const s = threeOpening();
    const cy = new ComputerPlayers([{ name: 'Cy', level: 'medium' }], 5);
    const m = await cy.nextMove(s, { pauseMs: 5 });
    expect(m).toMatchObject({ player: 'Cy', level: 'medium' });
    expect(m!.reason.length).toBeGreaterThan(10);
    expect(await new ComputerPlayers([{ name: 'Ann', level: 'hard' }], 5).nextMove(s, { pauseMs: 5 })).toBeNull();
    const stop = new AbortController();
    const waiting = cy.nextMove(s, { pauseMs: 60_000, signal: stop.signal });
    stop.abort(new Error('the game was undone'));
    await expect(waiting).rejects.toThrow('the game was undone');
  });
});

describe('player alliances at the end of their use', () => {
  it('an alliance holding every player left breaks up, at every level (nobody could defend an unoccupied country)', () => {
    // The public state after Ann is out and Bob and Cy are allied: built from a real one, as a table page would see it.
    const s = threeOpening();
    const view = publicState(s);
    view.players = view.players.map((p) =>
      p.name === 'Ann' ? { ...p, eliminated: true } : { ...p, allies: [p.name === 'Bob' ? 'Cy' : 'Bob'] },
    );
    view.alliances = [['Bob', 'Cy']];
    const actions = [
      { type: 'pass' as const, player: 'Cy', choices: [] },
      { type: 'alliance.break' as const, player: 'Cy', choices: [] },
      { type: 'alliance.break' as const, player: 'Bob', choices: [] },
    ];
    for (const level of LEVELS) {
      const m = decide(view, actions, 'Cy', level, seededRng(1))!;
      expect(m.event).toEqual({ type: 'alliance.break', player: 'Cy' });
      expect(m.reason).toMatch(/holds every player left/);
    }
  });
});
