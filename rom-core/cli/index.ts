/**
 * The command-line floor's door for the other floors' commands (`board/cli/`): the file rules every
 * command follows (regular files only, outputs all or none, no output that is an input) and the
 * assembled-once cache of our own ROMs.
 */
export { assembledOnce } from './assembled-once.ts';
export { FileRefusal, clashingOutput, fileIdentity, outputKind, readRegularFile, writeAllOrNothing } from './files.ts';
export type { NamedPath, StagingIo } from './files.ts';
