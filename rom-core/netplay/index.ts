/** Two machines kept in step over a network with rollback (GGPO's way): the core of the remote table. */
export { RollbackMachine, DEFAULT_ROLLBACK, PREDICTION_WINDOW, stateHash } from './rollback.ts';
export type { RollbackOptions } from './rollback.ts';
export { checkBattleMessage, parseBattleMessage, MAX_HASHES, MAX_MESSAGE_BYTES, MAX_STICKS } from './messages.ts';
export type { BattleMessage, Checked } from './messages.ts';
export { NetplaySide } from './side.ts';
export { TimeSync, SYNC_WINDOW, YIELD_AHEAD, YIELD_COOLDOWN, MAX_ADVANTAGE } from './time-sync.ts';
export { FirstRunSound } from './first-run-sound.ts';
export type { NetplayStats, NetStartOptions, WatchFrames } from './net-calls.ts';
export { KeyTimes } from './key-times.ts';
export type { KeyTimeList, KeyTimesFigures } from './key-times.ts';
export { FoughtBattle } from './fought-battle.ts';
export { WatchedBattle } from './watched-battle.ts';
