import { describe, expect, it } from 'vitest';
import { parseScenario, world1982, type Scenario, GameSession, memoryStore } from '../../../board/index.ts';
import {
  addCountryTo,
  addNewZone,
  deleteCountry,
  loadText,
  moveToZone,
  setCountryName,
  newScenarioDraft,
  pendingProblems,
  scenarioFileName,
  setName,
  setValue,
  setZoneName,
  shift,
} from '../../../src/board-view/scenario-draft.ts';
import { memoryScenarioStore } from '../../../src/board-view/scenario-store.ts';
import type { GameEvent } from '../../../src/board-view/types.ts';

const zoneOf = (s: Scenario, country: string) => s.zones.find((z) => z.countries.some((c) => c.name === country))!;
const names = (s: Scenario, zone: string) => s.zones.find((z) => z.name === zone)!.countries.map((c) => c.name);

describe("the what-if draft (every change through the engine's scenario editors)", () => {
  it('adds, renames and deletes countries; a clash, an empty name or a bad value is refused beside its field', () => {
    const d = newScenarioDraft(world1982());
    d.newCountry[0] = { name: 'Greenland', pbu: '2' };
    expect(addCountryTo(d, 0)).toBe(true);
    expect(names(d.scenario, 'Zone 1')).toEqual(['Canada', 'United States', 'Mexico', 'Greenland']);
    expect(d.newCountry[0]).toBeUndefined();
    d.newCountry[0] = { name: 'Cuba', pbu: '1' };
    expect(addCountryTo(d, 0)).toBe(false);
    expect(d.errors['add:0']).toMatch(/country "Cuba" appears twice/);
    d.newCountry[1] = { name: 'Atlantis', pbu: '0' };
    expect(addCountryTo(d, 1)).toBe(false);
    expect(d.errors['add:1']).toBe('Atlantis\'s value must be a whole number of PBU from 1 to 999 (got "0")');
    d.newCountry[2] = { name: '  ', pbu: '3' };
    expect(addCountryTo(d, 2)).toBe(false);
    expect(d.errors['add:2']).toBe("type the new country's name");

    expect(setCountryName(d, 'Greenland', 'Kalaallit Nunaat')).toBe(true);
    expect(names(d.scenario, 'Zone 1')).toContain('Kalaallit Nunaat');
    expect(setCountryName(d, 'Kalaallit Nunaat', 'Canada')).toBe(false);
    expect(d.errors['rename:Kalaallit Nunaat']).toMatch(/country "Canada" appears twice/);
    expect(d.texts['rename:Kalaallit Nunaat']).toBe('Canada');

    // Deleting Australia empties Zone 11: the zone goes too.
    const zones = d.scenario.zones.length;
    expect(deleteCountry(d, 'Australia')).toBe(true);
    expect(d.scenario.zones).toHaveLength(zones - 1);
    expect(d.scenario.zones.flatMap((z) => z.countries.map((c) => c.name))).not.toContain('Australia');
    // A board needs two countries (two homelands): the last ones can't all go.
    const two = newScenarioDraft({
      name: 'Two',
      zones: [
        {
          name: 'Z',
          countries: [
            { name: 'A', pbu: 1 },
            { name: 'B', pbu: 2 },
          ],
        },
      ],
    });
    expect(deleteCountry(two, 'A')).toBe(false);
    expect(two.errors['move:A']).toMatch(/at least two countries/);
  });

  it('changes a value, and a refused value keeps the old one with the reason next to the field', () => {
    const d = newScenarioDraft(world1982());
    expect(setValue(d, 'Canada', '12')).toBe(true);
    expect(zoneOf(d.scenario, 'Canada').countries[0]).toEqual({ name: 'Canada', pbu: 12 });
    expect(setValue(d, 'Canada', '0')).toBe(false);
    expect(setValue(d, 'Mexico', '2.5')).toBe(false);
    expect(d.errors['pbu:Canada']).toBe('Canada\'s value must be a whole number of PBU from 1 to 999 (got "0")');
    expect(d.errors['pbu:Mexico']).toMatch(/got "2.5"/);
    expect(d.texts['pbu:Canada']).toBe('0');
    expect(zoneOf(d.scenario, 'Canada').countries.map((c) => c.pbu)).toEqual([12, 30, 5]);
    expect(pendingProblems(d)).toBe(2);
    expect(setValue(d, 'Canada', ' 9 ')).toBe(true);
    expect(d.errors['pbu:Canada']).toBeUndefined();
    expect(d.texts['pbu:Canada']).toBeUndefined();
    expect(pendingProblems(d)).toBe(1);
  });

  it('renames the scenario and zones; a duplicate or empty name is refused by the validator', () => {
    const d = newScenarioDraft(world1982());
    expect(setName(d, '  What if 1990  ')).toBe(true);
    expect(d.scenario.name).toBe('What if 1990');
    expect(setName(d, '   ')).toBe(false);
    expect(d.errors.name).toMatch(/non-empty "name"/);
    expect(setZoneName(d, 0, 'North America')).toBe(true);
    expect(d.scenario.zones[0].name).toBe('North America');
    expect(setZoneName(d, 1, 'North America')).toBe(false);
    expect(d.errors['zone:1']).toBe('zone name "North America" is used twice');
    expect(d.scenario.zones[1].name).toBe('Zone 2');
  });

  it('moves a country to another zone and reorders it there (the order is the borders, rule 19)', () => {
    const d = newScenarioDraft(world1982());
    expect(moveToZone(d, 'Cuba', 'Zone 1')).toBe(true);
    expect(names(d.scenario, 'Zone 1')).toEqual(['Canada', 'United States', 'Mexico', 'Cuba']);
    expect(names(d.scenario, 'Zone 2')).not.toContain('Cuba');
    expect(shift(d, 'Cuba', -1)).toBe(true);
    expect(shift(d, 'Cuba', -1)).toBe(true);
    expect(names(d.scenario, 'Zone 1')).toEqual(['Canada', 'Cuba', 'United States', 'Mexico']);
    expect(shift(d, 'Canada', -1)).toBe(false); // already first
    expect(shift(d, 'Mexico', 1)).toBe(false); // already last
  });

  it('moving the last country out of a zone removes the zone; a new zone takes a country from another', () => {
    const d = newScenarioDraft(world1982());
    expect(moveToZone(d, 'Australia', 'Zone 10')).toBe(true);
    expect(d.scenario.zones.map((z) => z.name)).not.toContain('Zone 11');
    expect(addNewZone(d)).toBe(false);
    expect(d.errors['new-zone']).toMatch(/choose the country/);
    d.newZone = { name: 'Zone 1', country: 'Australia' };
    expect(addNewZone(d)).toBe(false);
    expect(d.errors['new-zone']).toBe('zone name "Zone 1" is used twice');
    d.newZone = { name: 'Oceania', country: 'Australia' };
    expect(addNewZone(d)).toBe(true);
    expect(d.scenario.zones.at(-1)).toEqual({
      name: 'Oceania',
      countries: [{ name: 'Australia', pbu: expect.any(Number) }],
    });
    expect(d.newZone).toEqual({ name: '', country: '' });
    expect(d.errors['new-zone']).toBeUndefined();
  });

  it('loads a scenario file; a bad one says why and changes nothing', () => {
    const d = newScenarioDraft(world1982());
    setValue(d, 'Canada', '11');
    const before = structuredClone(d.scenario);
    expect(loadText(d, '{"name": "x", "zones": [', '"bad.json"')).toBe(false);
    expect(d.message).toEqual({
      kind: 'error',
      text: expect.stringMatching(
        /^Could not load "bad.json": not valid JSON .*The scenario being edited is unchanged\.$/,
      ),
    });
    expect(
      loadText(
        d,
        JSON.stringify({ name: 'x', zones: [{ name: 'Z', countries: [{ name: 'A', pbu: 0 }] }] }),
        '"zero.json"',
      ),
    ).toBe(false);
    expect(d.message?.text).toMatch(
      /"A" needs a whole "pbu" from 1 to 999 \(got 0\); a scenario needs at least two countries/,
    );
    expect(d.scenario).toEqual(before);
    const tiny = {
      name: 'Tiny',
      zones: [
        {
          name: 'N',
          countries: [
            { name: 'A', pbu: 2 },
            { name: 'B', pbu: 3 },
          ],
        },
      ],
    };
    expect(loadText(d, JSON.stringify(tiny), '"tiny.json"')).toBe(true);
    expect(d.scenario).toEqual(tiny);
    expect(d.message).toEqual({ kind: 'info', text: 'Loaded "Tiny" from "tiny.json".' });
  });

  it('names the download after the scenario', () => {
    expect(scenarioFileName({ ...world1982(), name: 'What if: 1990 (big USSR)!' })).toBe('what-if-1990-big-ussr.json');
    expect(scenarioFileName({ ...world1982(), name: '☃' })).toBe('scenario.json');
  });
});

describe('saved scenarios', () => {
  it('keeps one per name, lists them sorted, skips unreadable records', async () => {
    const store = memoryScenarioStore();
    await store.save({ ...world1982(), name: 'B board' });
    await store.save({ ...world1982(), name: 'A board' });
    await store.save({ ...world1982(), name: 'B board' });
    store.records.set('junk', '{not json');
    const r = await store.list();
    expect(r.scenarios.map((s) => s.name)).toEqual(['A board', 'B board']);
    expect(r.unreadable).toBe(1);
    expect(parseScenario(store.records.get('A board')!)).toEqual({ ...world1982(), name: 'A board' });
    await store.remove('A board');
    expect((await store.list()).scenarios.map((s) => s.name)).toEqual(['B board']);
    await expect(store.save({ name: '', zones: [] })).rejects.toThrow(/invalid scenario/);
  });
});

describe('a game on an edited scenario', () => {
  const edited = (): Scenario => {
    const d = newScenarioDraft(world1982());
    setName(d, 'Small America');
    setValue(d, 'United States', '8');
    moveToZone(d, 'Cuba', 'Zone 1');
    return d.scenario;
  };
  const opening: GameEvent[] = [
    {
      type: 'setup',
      players: [
        { name: 'Ann', color: 'red' },
        { name: 'Bob', color: 'blue' },
      ],
    },
    { type: 'first.call', player: 'Ann', digit: 3 },
    { type: 'first.call', player: 'Bob', digit: 7 },
    { type: 'first.readout', digit: 4 },
    { type: 'homeland', player: 'Ann', country: 'United States' },
    { type: 'homeland', player: 'Bob', country: 'U.S.S.R.' },
  ];

  it('plays on the edited board, and the autosave keeps the scenario', async () => {
    const store = memoryStore();
    const c = new GameSession(store);
    c.newGame(edited(), 'board changed');
    expect(c.snapshot().view).toMatchObject({ scenario: 'Small America', phase: 'setup' });
    for (const e of opening) expect(c.act(e), e.type).toBe(true);
    // Rule 4A with the edited value: Canada and Mexico (12) exceed the United States' 8 ...
    expect(c.act({ type: 'ally.home', player: 'Ann', countries: ['Canada', 'Mexico'] })).toBe(false);
    expect(c.snapshot().notice).toMatchObject({
      refusal: { rule: '4A', reason: expect.stringContaining("more than United States's 8") },
    });
    // ... and Cuba, moved into Zone 1, is now in Ann's home zone.
    expect(c.act({ type: 'ally.home', player: 'Ann', countries: ['Canada', 'Cuba'] })).toBe(true);
    await c.settled();
    const again = new GameSession(store);
    await again.resume();
    const v = again.snapshot().view;
    expect(v.scenario).toBe('Small America');
    expect(v.countries['United States'].pbu).toBe(8);
    expect(v.zones[0].countries).toEqual(['Canada', 'United States', 'Mexico', 'Cuba']);
    expect(again.scenario()).toEqual(edited());
    expect(v.countries.Cuba.owners).toEqual(['Ann']);
  });

  it('a battle waiting in the port is replaced when the weapons change, so an old result cannot land', async () => {
    const c = new GameSession(memoryStore());
    for (const e of opening) expect(c.act(e)).toBe(true);
    for (const e of [
      { type: 'ally.home', player: 'Ann', countries: [] },
      { type: 'ally.home', player: 'Bob', countries: [] },
      { type: 'attack', player: 'Bob', country: 'China' },
      { type: 'weapon', player: 'Bob', weapon: 'tank' },
      { type: 'weapon', player: 'Ann', weapon: 'sub' },
    ] as GameEvent[])
      expect(c.act(e), e.type).toBe(true);
    // Impossible figures: the port refuses them and the battle stays waiting.
    expect(c.submitBattle({ winner: 'attacker', energy: { attacker: 9000, defender: 0 } })).toBe(false);
    c.undo(); // Ann takes back her sub ...
    expect(c.act({ type: 'weapon', player: 'Ann', weapon: 'plane' })).toBe(true); // ... and picks the plane
    expect(c.submitBattle({ winner: 'attacker', energy: { attacker: 2000, defender: 1500 } })).toBe(true);
    await c.settled();
    await new Promise((r) => setTimeout(r, 0));
    const battles = c.snapshot().view.war?.battles;
    expect(battles).toHaveLength(1);
    expect(battles?.[0].weapons).toEqual({ attacker: 'tank', defender: 'plane' });
  });
});
