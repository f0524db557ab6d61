import { describe, expect, it } from 'vitest';
import { sideStrength, TERMS } from '../../../src/resolver/terms.ts';

describe("the resolver page's forces in each game's terms", () => {
  it('Origins: PFs, an Understanding marker counting 5', () => {
    expect(sideStrength('origins', 'attacker', { pf: 8, understanding: 1 })).toEqual({
      value: 13,
      how: '8 PFs + 1 x 5 for Understanding = 13 PFs',
    });
    expect(sideStrength('origins', 'defender', { pf: 4, understanding: 0 })).toEqual({ value: 4, how: '4 PFs' });
  });
  it('the umpire rules: a combat value times its terrain and skill modifiers', () => {
    expect(sideStrength('umpire', 'defender', { value: 100, terrain: 25, skill: -20 })).toEqual({
      value: 100,
      how: '100 x 1.25 x 0.8 = 100',
    });
    expect(sideStrength('umpire', 'attacker', { value: 120, terrain: 0, skill: 0 })).toEqual({
      value: 120,
      how: 'combat value 120',
    });
  });
  it('refuses bad fields with a sentence naming the side and the field', () => {
    expect(sideStrength('battleplan', 'attacker', { armies: 2.5 })).toEqual({
      error: 'The attacker\'s "Armies" must be a whole number, not 2.5.',
    });
    expect(sideStrength('origins', 'defender', { pf: NaN, understanding: 0 })).toEqual({
      error: 'The defender\'s "Political factors" must be a number.',
    });
    expect(sideStrength('origins', 'defender', { pf: 0, understanding: 0 })).toEqual({
      error: "The defender's force comes to 0: it must be above 0 to fight.",
    });
    expect(sideStrength('umpire', 'attacker', { value: 10, terrain: -100, skill: 0 })).toEqual({
      error: 'The attacker\'s "Terrain modifier %" must be at least -99, not -100.',
    });
  });
  it('gives every game a default force for each side that is valid', () => {
    for (const [game, terms] of Object.entries(TERMS)) {
      for (const side of ['attacker', 'defender'] as const) {
        const values = Object.fromEntries(terms.fields.map((f) => [f.key, f.fallback[side]]));
        expect(sideStrength(game as keyof typeof TERMS, side, values), `${game} ${side}`).not.toHaveProperty('error');
      }
    }
  });
});
