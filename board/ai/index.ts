/** Computer players at the board (see board/README.md, "Computer players"). */
export { ComputerPlayers } from './computer-players.ts';
export type { ComputerMove, ComputerSeat, NextMoveOptions } from './computer-players.ts';
export { decide, needsWeapon } from './decide.ts';
export type { Move } from './decide.ts';
export { LEVELS, isLevel } from './levels.ts';
export type { Level } from './levels.ts';
export { seededRng } from './rng.ts';
export type { Rng } from './rng.ts';
export { ModelBattlePort } from './model-battles.ts';
export { playComputerGame, SEAT_COLOURS } from './play-game.ts';
export type { ComputerGameOptions } from './play-game.ts';
export { WEAPON_DRAIN } from './weapons.ts';
