/**
 * Each game's forces in its own terms (the fields a player fills in) and how they make the one
 * strength number the resolver scales into energy units. Origins: political factors, an
 * Understanding marker counting 5 PFs; Battle Plan: armies (4C.6 counts armies); the umpire rules:
 * a combat value (units x quality) and its terrain, skill and morale modifiers, as percentages.
 */
import type { PresetName } from '../../board/index.ts';

export type GameChoice = PresetName | 'own';

export interface TermField {
  key: string;
  label: string;
  /** Whole numbers only (counters on a map), or any number above 0. */
  whole: boolean;
  min: number;
  fallback: { attacker: number; defender: number };
}

export interface GameTerms {
  fields: TermField[];
  /** The side's strength from its field values, and how it was reached (a phrase). */
  strength(values: Record<string, number>): { value: number; how: string };
}

const plain = (key: string, label: string, whole: boolean, attacker: number, defender: number): GameTerms => ({
  fields: [{ key, label, whole, min: whole ? 1 : 0.01, fallback: { attacker, defender } }],
  strength: (v) => ({ value: v[key], how: `${v[key]} ${label.toLowerCase()}` }),
});

export const TERMS: Record<GameChoice, GameTerms> = {
  origins: {
    fields: [
      { key: 'pf', label: 'Political factors', whole: true, min: 0, fallback: { attacker: 10, defender: 4 } },
      {
        key: 'understanding',
        label: 'Understanding markers (5 PFs each)',
        whole: true,
        min: 0,
        fallback: { attacker: 0, defender: 0 },
      },
    ],
    strength: (v) => ({
      value: v.pf + 5 * v.understanding,
      how:
        v.understanding > 0
          ? `${v.pf} PFs + ${v.understanding} x 5 for Understanding = ${v.pf + 5 * v.understanding} PFs`
          : `${v.pf} PFs`,
    }),
  },
  battleplan: plain('armies', 'Armies', true, 10, 4),
  umpire: {
    fields: [
      {
        key: 'value',
        label: 'Combat value (units x quality)',
        whole: false,
        min: 0.01,
        fallback: { attacker: 120, defender: 100 },
      },
      { key: 'terrain', label: 'Terrain modifier %', whole: false, min: -99, fallback: { attacker: 0, defender: 25 } },
      {
        key: 'skill',
        label: 'Skill and morale modifier %',
        whole: false,
        min: -99,
        fallback: { attacker: 0, defender: 0 },
      },
    ],
    strength: (v) => {
      const value = Math.round(v.value * (1 + v.terrain / 100) * (1 + v.skill / 100) * 100) / 100;
      const mods = [v.terrain, v.skill].filter((m) => m !== 0);
      return {
        value,
        how:
          mods.length === 0
            ? `combat value ${v.value}`
            : `${v.value} x ${[v.terrain, v.skill].map((m) => `${(100 + m) / 100}`).join(' x ')} = ${value}`,
      };
    },
  },
  own: plain('strength', 'Strength points', false, 6, 2),
};

/** A side's strength, or the sentence that says which field is wrong. */
export function sideStrength(
  game: GameChoice,
  side: 'attacker' | 'defender',
  values: Record<string, number>,
): { value: number; how: string } | { error: string } {
  const terms = TERMS[game];
  for (const f of terms.fields) {
    const v = values[f.key];
    if (!Number.isFinite(v)) return { error: `The ${side}'s "${f.label}" must be a number.` };
    if (f.whole && !Number.isInteger(v))
      return { error: `The ${side}'s "${f.label}" must be a whole number, not ${v}.` };
    if (v < f.min) return { error: `The ${side}'s "${f.label}" must be at least ${f.min}, not ${v}.` };
  }
  const s = terms.strength(values);
  if (!(s.value > 0)) return { error: `The ${side}'s force comes to ${s.value}: it must be above 0 to fight.` };
  return s;
}
