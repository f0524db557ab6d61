/**
 * The evening at a table, headless (board/table/README.md): the battle chart and its stages, the console
 * as a battle port, the battle as the table runs it, and the ports the page's world is reached through.
 */
export { battleChart, runBattle, chartStage, BATTLE_STAGES, BUSY_STAGES } from './battle-chart.ts';
export type {
  BattleStage,
  BattleChartActor,
  BattleChartEvent,
  BattleChartInput,
  RunBattleOptions,
} from './battle-chart.ts';
export { MachineBattlePort, WEAPON_WORDS, outcomeProblem } from './machine-battle-port.ts';
export type {
  ConfirmRequest,
  ControlSide,
  MachineBattlePortOptions,
  MachineBattleResult,
  ProgrammedBattle,
  Seating,
} from './machine-battle-port.ts';
export type { BattleConsole } from './battle-console.ts';
export { describeBattle } from './battle-words.ts';
export { screenEnergies, screenNote, SCREEN_MAX } from './screen-energy.ts';
export { TableBattle } from './table-battle.ts';
export type { TableBattleState, TableBattleOptions } from './table-battle.ts';
export { memoryStorage } from './ports.ts';
export type { Stored, TableGame, TableStorage } from './ports.ts';
