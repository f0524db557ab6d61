/**
 * The three seed games' combat rules as the resolver applies them.
 * - Origins of WW2 (play-by-mail rules): the Revised Diplomatic Conflict Table, odds 1-2 to 5-1, die
 *   1-6; odds worse than 1-2 are automatically an A result. The rules name A1 without defining it:
 *   we read it as "the attacker removes 1 PF".
 * - Battle Plan, rule 4C.6: the smaller side is destroyed and the winner loses the loser's armies
 *   squared divided by its own. The console decides who wins.
 * - The generic PBM umpire rules, "Open battles": indecisive when the percentage difference is small,
 *   else a victory, the loser's casualties related to the difference, the victor's slight. The rules
 *   give no figures; ours are in UMPIRE_DEFAULTS and editable.
 */
import type { CombatTable } from './table.ts';

export const ORIGINS: CombatTable = {
  name: 'Origins of WW2: Revised Diplomatic Conflict Table',
  kind: 'odds',
  columns: ['1-2', '1-1', '2-1', '3-1', '4-1', '5-1'],
  rows: [
    ['Xa', 'D', 'D', 'D', 'D', 'D'],
    ['-', 'Xd', 'Xd', 'D', 'D', 'D'],
    ['-', '-', 'Xd', 'D', 'D', 'D'],
    ['A1', '-', 'Xd', 'Xd', 'D', 'D'],
    ['A', 'A', '-', 'Xd', 'Xd', 'D'],
    ['A', 'A', '-', '-', 'Xd', 'Xd'],
  ],
  results: {
    A: 'the attacker removes all his PFs in {area}',
    A1: 'the attacker removes 1 PF in {area}',
    D: 'the defender removes all his PFs in {area}',
    Xa: 'the attacker removes all his PFs in {area}; the defender removes {min}',
    Xd: 'the defender removes all his PFs in {area}; the attacker removes {min}',
    '-': 'no effect',
  },
  below: 'A',
};

export interface UmpireParams {
  /** Below this percentage difference the battle is indecisive. */
  band: number;
  /** Each side's casualties (percent) in an indecisive battle. */
  minorLoss: number;
  /** The victor loses this fraction of the loser's casualty percentage. */
  victorShare: number;
}

export const UMPIRE_DEFAULTS: UmpireParams = { band: 10, minorLoss: 5, victorShare: 0.1 };

export type PresetName = 'origins' | 'battleplan' | 'umpire';
export const PRESETS: readonly PresetName[] = ['origins', 'battleplan', 'umpire'];
export const PRESET_TITLES: Record<PresetName, string> = {
  origins: 'Origins of WW2 (play by mail)',
  battleplan: 'Battle Plan',
  umpire: 'Generic PBM umpire rules',
};
/** What a force is counted in, per game. */
export const FORCE_UNITS: Record<PresetName | 'own', string> = {
  origins: 'political factors (an Understanding marker counts 5)',
  battleplan: 'armies (after losses to air forces and missiles)',
  umpire: 'combat value (units x quality x terrain, skill and morale modifiers)',
  own: 'strength points',
};
