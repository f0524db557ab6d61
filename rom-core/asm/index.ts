/** The 8048 assembler: see README.md in this folder for the syntax it reads. */
export { assemble, MAX_ERRORS } from './assembler.ts';
/** For editors that colour sources: the mnemonics of the opcode table and the directives the assembler knows. */
export { isMnemonic } from './encode.ts';
export { DIRECTIVES } from './assembler-state.ts';
export type { AssembleOptions, AssembleResult, LineMapEntry } from './assembler.ts';
export { formatDiagnostic, visible } from './diagnostic.ts';
export { sharedInclude, sharedIncludeBytes } from './shared.ts';
export type { SharedSymbol } from './shared.ts';
export type { Diagnostic } from './diagnostic.ts';
export { cartImage, CART_BASE } from './cart-image.ts';
export type { CartImage } from './cart-image.ts';
export { disassemble, disassembleOne, nextAddress } from './disasm.ts';
export { formatListing, symbolMap, symbolTable } from './symbol-table.ts';
export type { SymbolInfo, SymbolKind } from './symbol-table.ts';
