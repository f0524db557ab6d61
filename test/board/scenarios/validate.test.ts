import { describe, expect, it } from 'vitest';
import { validateScenario, world1982 } from '../../../board/index.ts';

const board = (...names: string[]) => ({
  name: 'what if',
  zones: [{ name: 'Z', countries: names.map((name) => ({ name, pbu: 2 })) }],
});

describe('scenario names are told apart as people read them', () => {
  it('the 1982 world is valid', () => {
    expect(validateScenario(world1982())).toEqual([]);
  });

  it('refuses "Alpha" and "alpha", "Alpha" and a full-width "Ａlpha", "Alpha" and "Al\u200bpha"', () => {
    expect(validateScenario(board('Alpha', 'alpha'))).toEqual(['country "alpha" appears twice']);
    expect(validateScenario(board('Alpha', '\uff21lpha'))).toEqual(['country "Ａlpha" appears twice']);
    expect(validateScenario(board('Alpha', 'Al\u200bpha'))).toEqual([expect.stringMatching(/appears twice/)]);
    expect(validateScenario(board('Alpha', 'Beta'))).toEqual([]);
  });

  it('refuses "Alpha " (spaces around it), NUL and right-to-left controls, with a sentence', () => {
    expect(validateScenario(board('Alpha', 'Alpha '))).toEqual([
      'zone "Z": "Alpha " has spaces around it, which cannot be part of a country name',
    ]);
    expect(validateScenario(board('Alpha', 'Be\u0000ta'))).toEqual([
      'zone "Z": "Be?ta" holds a control or text-direction character, which cannot be part of a country name',
    ]);
    expect(validateScenario(board('Alpha', 'Beta\u202e'))).toEqual([
      expect.stringMatching(/control or text-direction character, which cannot be part of a country name/),
    ]);
  });

  it('checks zone names the same way', () => {
    const two = {
      name: 'w',
      zones: [
        { name: 'North', countries: [{ name: 'A', pbu: 1 }] },
        { name: 'north', countries: [{ name: 'B', pbu: 1 }] },
      ],
    };
    expect(validateScenario(two)).toEqual(['zone name "north" is used twice']);
    expect(validateScenario({ ...two, zones: [two.zones[0], { ...two.zones[1], name: 'So\u2067uth' }] })).toEqual([
      expect.stringMatching(/^zone #2: .*a zone name$/),
    ]);
  });
});
