/** Two machines kept in step over a network with rollback (GGPO's way): the core of the remote table. */
export { RollbackMachine, DEFAULT_ROLLBACK, stateHash } from './rollback.ts';
export type { RollbackOptions } from './rollback.ts';
