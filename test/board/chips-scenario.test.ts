import { describe, expect, it } from 'vitest';
import {
  addZone,
  moveCountry,
  parseScenario,
  planPayment,
  renameZone,
  ScenarioError,
  serializeScenario,
  setCountryValue,
  validateScenario,
  world1982,
} from '../../board/index.ts';
import { makeAmount, payUpTo } from '../../board/rules/chips.ts';
import { neighbours } from '../../board/rules/board.ts';
import { newGame } from '../../board/index.ts';

describe('war-chest chips (blue 1000, red 500, white 100)', () => {
  it('pays exactly when the chips allow, else hands over more and takes change', () => {
    expect(planPayment(1500, { 1000: 1, 500: 1, 100: 0 }, { 1000: 0, 500: 0, 100: 0 })).toEqual({
      give: { 1000: 1, 500: 1, 100: 0 },
      change: { 1000: 0, 500: 0, 100: 0 },
    });
    expect(planPayment(700, { 1000: 1, 500: 0, 100: 0 }, { 1000: 0, 500: 0, 100: 5 })).toEqual({
      give: { 1000: 1, 500: 0, 100: 0 },
      change: { 1000: 0, 500: 0, 100: 3 },
    });
    // No change in the chest for 300: the payment cannot be made even though 1000 >= 700.
    expect(planPayment(700, { 1000: 1, 500: 0, 100: 0 }, { 1000: 0, 500: 0, 100: 2 })).toBeNull();
    expect(planPayment(2000, { 1000: 1, 500: 1, 100: 4 }, { 1000: 9, 500: 9, 100: 9 })).toBeNull();
    // A huge purse is searched quickly and still pays with the fewest chips.
    expect(planPayment(2600, { 1000: 10000, 500: 10000, 100: 10000 }, { 1000: 0, 500: 0, 100: 0 })).toEqual({
      give: { 1000: 2, 500: 1, 100: 1 },
      change: { 1000: 0, 500: 0, 100: 0 },
    });
  });
  it('makes exact amounts from a limited stock, and pays what it can when short', () => {
    expect(makeAmount(1400, { 1000: 0, 500: 2, 100: 4 })).toEqual({ 1000: 0, 500: 2, 100: 4 });
    expect(makeAmount(1400, { 1000: 5, 500: 5, 100: 3 })).toBeNull();
    expect(payUpTo(2500, { 1000: 1, 500: 1, 100: 2 })).toEqual({ 1000: 1, 500: 1, 100: 2 });
  });
});

describe('scenarios: loading, validation and "what if" editing', () => {
  it('round-trips the 1982 world through its file format', () => {
    expect(parseScenario(serializeScenario(world1982()))).toEqual(world1982());
  });
  it('names every problem of a bad scenario', () => {
    const bad = {
      name: '',
      zones: [
        {
          name: 'Z',
          countries: [
            { name: 'X', pbu: 0 },
            { name: 'X', pbu: 2.5 },
          ],
        },
        { name: 'Z', countries: [] },
      ],
    };
    const problems = validateScenario(bad);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/non-empty "name"/),
        expect.stringMatching(/"X" needs a whole "pbu"/),
        expect.stringMatching(/appears twice/),
        expect.stringMatching(/zone name "Z" is used twice/),
        expect.stringMatching(/needs at least one country/),
      ]),
    );
    expect(() => parseScenario('{not json')).toThrow(ScenarioError);
    expect(() => parseScenario('[]')).toThrow(/JSON object/);
  });
  it('edits values and zones, keeping the board valid', () => {
    let w = setCountryValue(world1982(), 'Poland', 6);
    expect(w.zones[1].countries[1]).toEqual({ name: 'Poland', pbu: 6 });
    expect(() => setCountryValue(w, 'Poland', 0)).toThrow(/whole "pbu"/);
    // What if Poland left the Warsaw Pact for Zone 4, between West Germany and Spain?
    w = moveCountry(w, 'Poland', 'Zone 4', 3);
    expect(neighbours(newGame(w), 'West Germany')).toEqual(['Italy', 'Poland']);
    w = addZone(w, 'Zone 12', 'Cuba');
    expect(w.zones.at(-1)).toEqual({ name: 'Zone 12', countries: [{ name: 'Cuba', pbu: 1 }] });
    w = renameZone(w, 'Zone 12', 'Caribbean');
    expect(() => moveCountry(w, 'Cuba', 'Nowhere')).toThrow(/no zone named/);
    // Moving the last country out of a zone removes the zone.
    w = moveCountry(w, 'Cuba', 'Zone 1');
    expect(w.zones.map((z) => z.name)).not.toContain('Caribbean');
    expect(world1982().zones[1].countries[1].pbu).toBe(3); // the built-in board is untouched
  });
});
