/** The combat resolver's public API (README.md, "Combat resolver"). */
export { resolveBattle, programFor, gameName, ResolveError } from './resolve.ts';
export type { BattleSetup, Resolution, Game } from './resolve.ts';
export { ORIGINS, PRESETS, PRESET_TITLES, FORCE_UNITS, UMPIRE_DEFAULTS } from './presets.ts';
export type { PresetName, UmpireParams } from './presets.ts';
export { parseTable, serializeTable, tableErrors, pickColumn, TableError } from './table.ts';
export type { CombatTable, ColumnKind } from './table.ts';
export { energiesFor, DEFAULT_SCALE, MAX_ENERGY } from './energy.ts';
export type { EnergyScale } from './energy.ts';
export { dieFace, outcomeLine, shareLeft, WINNERS } from './outcome.ts';
export type { BattleOutcome, BattleWinner, Energies } from './outcome.ts';
