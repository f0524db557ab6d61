/** The 8048 assembler: see README.md in this folder for the syntax it reads. */
export { assemble, MAX_ERRORS } from './assembler.ts';
export type { AssembleOptions, AssembleResult, LineMapEntry } from './assembler.ts';
export { formatDiagnostic, visible } from './diagnostic.ts';
export { sharedInclude, sharedIncludeBytes } from './shared.ts';
export type { SharedSymbol } from './shared.ts';
export type { Diagnostic } from './diagnostic.ts';
