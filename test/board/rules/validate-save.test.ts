import { describe, expect, it } from 'vitest';
import type { GameState } from '../../../board/index.ts';
import { deserializeGame, serializeGame } from '../../../board/index.ts';
import { P, play, threeOpening, tinyScenario } from '../helpers.ts';

type Doc = { version: unknown; state: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- a save edited by hand
const chipValue = (c: Record<string, number>): number => c[1000] * 1000 + c[500] * 500 + c[100] * 100;

/** A save of `s` edited by `edit`, loaded; `rename` first renames players throughout the text (keys and lists). */
function load(
  s: GameState,
  edit: (d: Doc) => void = () => {},
  rename: Record<string, string> = {},
): ReturnType<typeof deserializeGame> {
  let text = serializeGame(s);
  for (const [from, to] of Object.entries(rename)) text = text.replaceAll(JSON.stringify(from), JSON.stringify(to));
  const d = JSON.parse(text) as Doc;
  edit(d);
  return deserializeGame(JSON.stringify(d));
}
const error = (r: ReturnType<typeof deserializeGame>): string => (r.ok ? 'loaded' : r.error);

describe('a save is checked as setup checks the table (one validation for both doors)', () => {
  const opening = threeOpening();
  const war = play([{ type: 'attack', player: 'Cy', country: 'India' }], opening);

  it('loads the unedited saves (the checks below fail on the edit, not on the game)', () => {
    expect(error(load(opening))).toBe('loaded');
    expect(error(load(war))).toBe('loaded');
    expect(error(load(opening, () => {}, { Bob: 'Bo b' }))).toBe('loaded');
  });

  it('refuses names setup refuses, naming "players"', () => {
    expect(error(load(opening, () => {}, { Bob: 'ann' }))).toMatch(/"players": two players are named "ann"/);
    expect(error(load(opening, () => {}, { Bob: 'Ann ' }))).toMatch(
      /"players": .*(two players are named|spaces around it)/,
    );
    expect(error(load(opening, () => {}, { Bob: 'B\u0000b' }))).toMatch(
      /"players": "B\?b" holds a control or text-direction character/,
    );
    expect(error(load(opening, () => {}, { Bob: 'Bob\u202Eevil' }))).toMatch(
      /"players": .*control or text-direction character/,
    );
    expect(error(load(opening, () => {}, { Bob: '__proto__' }))).toMatch(
      /"players": "__proto__" cannot be a player name/,
    );
    expect(error(load(opening, () => {}, { Bob: 'B'.repeat(25) }))).toMatch(
      /"players": a player name may be at most 24 characters \(got 25\)/,
    );
    expect(
      error(
        load(opening, (d) => {
          d.state.players[0].color = 'url(javascript:1)';
        }),
      ),
    ).toMatch(/"players": Ann needs a marker colour/);
  });

  it('refuses chips no war chest could hold, naming the holder', () => {
    const huge = load(opening, (d) => {
      d.state.players[0].chips[1000] = 1e20;
      d.state.chipTotal =
        chipValue(d.state.warChest) +
        d.state.players.reduce((t: number, p: { chips: Record<string, number> }) => t + chipValue(p.chips), 0);
    });
    expect(error(huge)).toMatch(
      /"players": player #1's chips needs a whole number of 1000 chips \(0\.\.10000\), got 100000000000000000000/,
    );
    const many = load(opening, (d) => {
      for (const p of d.state.players) p.chips[100] = 9000;
      d.state.chipTotal += 3 * 900_000;
    });
    expect(error(many)).toMatch(
      /"warChest" and "players": 27020 chips of 100 are in play, more than the 10000 a war chest may start with/,
    );
  });

  it("refuses a country whose PBU or zone is not its scenario's", () => {
    expect(
      error(
        load(opening, (d) => {
          d.state.countries.India.pbu = 99;
        }),
      ),
    ).toMatch(/"countries": India is saved as 99 PBU in "Zone 6", but the scenario has it at 6 PBU in Zone 6/);
  });

  it('refuses a null banker once the game is set up', () => {
    expect(
      error(
        load(opening, (d) => {
          d.state.banker = null;
        }),
      ),
    ).toMatch(/"banker" is null, but a set-up game has a player keeping the war chest/);
  });

  it('refuses variations setup refuses and a state of another version', () => {
    expect(
      error(
        load(opening, (d) => {
          d.state.variations.clockMinutes = -1;
        }),
      ),
    ).toMatch(/"variations": the clock needs a positive number of minutes/);
    expect(
      error(
        load(opening, (d) => {
          d.state.variations.targetRecord = 1e300;
        }),
      ),
    ).toMatch(/"variations": the target record must be/);
    expect(
      error(
        load(opening, (d) => {
          d.state.version = -1;
        }),
      ),
    ).toMatch(/"version" in the state is -1, not this build's 1/);
    expect(
      error(
        load(opening, (d) => {
          d.version = -1;
        }),
      ),
    ).toMatch(/save version -1 is not supported/);
  });

  it('refuses a war whose attacker or defender is not first on its side', () => {
    expect(
      error(
        load(war, (d) => {
          d.state.war.attacker = 'Bob';
        }),
      ),
    ).toMatch(/"war": the attacker "Bob" is not the first of the attackers \["Cy"\]/);
    expect(
      error(
        load(war, (d) => {
          d.state.war.defender = 'Bob';
        }),
      ),
    ).toMatch(/"war": the defender "Bob" is not the first of the defenders/);
  });
});

describe('a save loads only if the game can go on from it', () => {
  const war = play([{ type: 'attack', player: 'Cy', country: 'India' }], threeOpening());

  it('refuses an end game with no confrontation (it loaded, then offered nothing to do and nothing to undo)', () => {
    const r = load(war, (d) => {
      d.state.phase = 'endgame';
      d.state.war = null;
      d.state.endgame = null;
    });
    expect(error(r)).toMatch(/"endgame" has no confrontation in the endgame phase/);
  });

  it('refuses a war in which a side has no weapon left to program (no battle can be fought)', () => {
    const r = load(war, (d) => {
      d.state.war.lost.attacker = ['tank', 'sub', 'plane'];
    });
    expect(error(r)).toMatch(/"war": 0 battles fought and 3 \/ 0 weapons lost/);
  });

  it('refuses homelands still to choose when every country is taken (nothing legal moves the game on)', () => {
    const s = play(
      [
        { type: 'setup', players: [P('Ann'), P('Bob'), P('Cy')] },
        { type: 'first.call', player: 'Ann', digit: 9 },
        { type: 'first.call', player: 'Bob', digit: 1 },
        { type: 'first.call', player: 'Cy', digit: 2 },
        { type: 'first.readout', digit: 9 },
        { type: 'homeland', player: 'Ann', country: 'A1' },
        { type: 'homeland', player: 'Bob', country: 'A2' },
      ],
      undefined,
      tinyScenario,
    );
    expect(error(load(s))).toBe('loaded');
    const r = load(s, (d) => {
      for (const c of ['A3', 'B1', 'B2']) Object.assign(d.state.countries[c], { owners: ['Ann'], status: 'allied' });
      d.state.players[0].recordHalves = 3 + 1 + 5;
    });
    expect(error(r)).toMatch(
      /the game cannot go on from it: in the homelands phase nobody may move, call, fight or start the end game/,
    );
  });

  it('loads a war waiting for its battle, a readout waiting for its digit, a board waiting for the end game', () => {
    const armed = play(
      [
        { type: 'weapon', player: 'Cy', weapon: 'tank' },
        { type: 'weapon', player: 'Ann', weapon: 'sub' },
      ],
      war,
    );
    expect(error(load(armed))).toBe('loaded');
    const calls = load(threeOpening(), (d) => {
      Object.assign(d.state, {
        phase: 'first-player',
        turn: null,
        firstPlayer: null,
        homelandOrder: [],
        firstCalls: { Ann: 1, Bob: 2, Cy: 3 },
        buysLeft: 0,
      });
      for (const p of d.state.players) p.homeland = null;
      for (const c of Object.values(d.state.countries) as { owners: string[]; status: unknown }[]) {
        c.owners = [];
        c.status = null;
      }
    });
    expect(error(calls)).toBe('loaded');
  });
});
