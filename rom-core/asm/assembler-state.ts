/** The assembler's state shared by its parts (symbols, emitter, directives, macros, passes), and its diagnostics. */
import type { Diagnostic } from './diagnostic.ts';
import type { SharedSymbol } from './shared.ts';
import type { SourceLine } from './source-lines.ts';
import type { Token } from './lexer.ts';
import type { ListingLine, SymbolInfo } from './symbol-table.ts';

export interface AssembleOptions {
  /** For diagnostics; default '<input>'. */
  fileName?: string;
  /** Resolves INCLUDE; without it INCLUDE is an error. */
  readFile?: (path: string, from: string) => string;
  /** Symbols defined before the first line, as if by EQU. */
  defines?: Record<string, number>;
  /** Reads a BINCLUDE file's bytes; without it BINCLUDE takes `readFile`'s text as Latin-1 bytes. */
  readBinary?: (path: string, from: string) => Uint8Array;
  /** When ASL's DATE and TIME are taken (tests fix it); default now. */
  now?: Date;
}

export interface LineMapEntry {
  address: number;
  file: string;
  line: number;
}

export interface AssembleResult {
  /** No errors (warnings allowed). */
  ok: boolean;
  /** The image from `base` (lowest address emitted) to the highest byte emitted; gaps are 0xFF. */
  bytes: Uint8Array;
  base: number;
  /** Every symbol by the spelling of its definition; local labels as `global.local`. */
  symbols: Map<string, number>;
  diagnostics: Diagnostic[];
  /** All errors found, the ones past MAX_ERRORS (not in `diagnostics`, told of in its last line) included. */
  errorCount: number;
  /** `file:line`, address, bytes, cycles and source per line, then the symbol table. */
  listing: string;
  /** Every name the program defined: labels, constants, variables, strings, registers, macros, functions; kind and where. */
  symbolTable: SymbolInfo[];
  /** Address -> source, for the debugger; one entry per instruction or data statement. */
  lineMap: LineMapEntry[];
  /** ASL's SHARED symbols in the order declared (see shared.ts for the include file ASL writes of them). */
  shared: SharedSymbol[];
}

export const MAX_MACRO_DEPTH = 32;
/** Macro calls in one pass, and lines they bring in: a macro calling the next level twice at every level grows as 2^depth. */
export const MAX_EXPANSIONS = 100_000;
export const MAX_EXPANDED_LINES = 2_000_000;
/** The most repetitions one WHILE makes: a condition its body never makes false stops here with an error. */
export const MAX_WHILE = 10_000;
/** Errors reported; the rest are counted in one last line. */
export const MAX_ERRORS = 100;
export const MAX_INCLUDE_DEPTH = 16;
/**
 * INCLUDEs read in one pass, and the lines they bring in: a file including the next several times
 * at each level (an include bomb) grows as 4^depth; these end it within seconds. KTAA reads 14.
 */
export const MAX_INCLUDES = 4096;
export const MAX_INCLUDED_LINES = 1_000_000;
/** Passes run at most: ASL runs until no symbol moves; a source whose labels never settle stops here with phase errors. */
export const MAX_PASSES = 16;
export const ADDRESS_LIMIT = 0x10000;

export const DIRECTIVES = new Set([
  'ORG',
  'ALIGN',
  'DB',
  'DW',
  'DS',
  'EQU',
  'SET',
  'INCLUDE',
  'MACRO',
  'ENDM',
  'IF',
  'IFDEF',
  'IFNDEF',
  'ELSEIF',
  'ELSE',
  'ENDIF',
  'CPU',
  'END',
  'SECTION',
  'ENDSECTION',
  'FUNCTION',
  'CODEPAGE',
  'CHARSET',
  'PAGE',
  'NEWPAGE',
  'TITLE',
  'MACEXP',
  'LISTING',
  'MESSAGE',
  'WARNING',
  'SAVE',
  'RESTORE',
  'PHASE',
  'DEPHASE',
  'SHARED',
  'REPT',
  'IRP',
  'IRPC',
  'WHILE',
  'LABEL',
  'ERROR',
  'FATAL',
  'ASSUME',
  'REG',
  'BINCLUDE',
]);

export interface SymbolEntry {
  name: string;
  value: number | undefined;
  kind: 'label' | 'equ' | 'set';
  /** Where defined (the listing's symbol table, `o2 asm --map`). */
  file: string;
  line: number;
}

export interface FunctionDef {
  name: string;
  /** Upper case. */
  params: string[];
  body: Token[];
  at: SourceLine;
}

/** Functions calling functions deeper than this are refused. */
export const MAX_FUNCTION_DEPTH = 64;

export interface MacroDef {
  name: string;
  params: string[];
  body: SourceLine[];
  /** The MACRO line (the symbol table, the map). */
  at?: SourceLine;
}

export type Mode = 'now' | 'late';

export const hex = (n: number, width: number): string => n.toString(16).toUpperCase().padStart(width, '0');

/** Ends a statement already reported; not an Error, so throwing it captures no stack (a 10 MB source of bad lines throws it a million times). */
export class StatementAbort {}

export abstract class AsmState {
  protected readonly symbols = new Map<string, SymbolEntry>();
  /** Symbols whose value is a string, by the key of `symbols`: ASL's `name equ "text"`, DATE and TIME. */
  protected stringSymbols = new Map<string, string>();
  /** ASL's `name REG Rn` (code48.c's register aliases): upper-case name -> `R0`..`R7`. */
  protected registerAliases = new Map<string, string>();
  /** The pass being run (ASL's MOMPASS), from 1; `repass` is set when ASL would run another (assembler.ts). */
  protected pass = 1;
  protected repass = false;
  protected definedThisPass = new Set<string>();
  protected macros = new Map<string, MacroDef>();
  /** ASL FUNCTIONs by upper-case name; `bitfuncs` after `include "bitfuncs.inc"`. */
  protected functions = new Map<string, FunctionDef>();
  protected bitfuncs = false;
  /**
   * Expressions are read with ASL's operators (`!` XOR, `^` power, ASL's ranks: expr.ts): a source
   * with a CPU statement is ASL's (ASL needs one for the 8048). Set by a look at the main source
   * before pass 1 and by the statement itself (in an include: from the next pass); kept across passes.
   */
  protected aslOperators = false;
  /** ASL's LISTING (ON, OFF, NOSKIPPED: IF-skipped lines left out) and MACEXP (macro expansion lines listed). */
  protected listMode: 'ON' | 'OFF' | 'NOSKIPPED' = 'ON';
  protected macexp = true;
  /** ASL's PHASE: labels and `$` are the logical address (address + phaseOffset); bytes go to the physical one. */
  protected phaseOffset = 0;
  /** ASL's SHARED names in the order declared, with where (for an error when one has no value). */
  protected sharedNames: { token: Token; at: SourceLine }[] = [];
  /** ASL's SAVE / RESTORE stack: listing mode, macro expansion and code page. */
  protected saved: { listMode: 'ON' | 'OFF' | 'NOSKIPPED'; macexp: boolean; codepage: Uint8Array | undefined }[] = [];
  /** ASL's CODEPAGEs (upper-case name -> 256 bytes); `codepage` is the one strings and characters go through. */
  protected codepages = new Map<string, Uint8Array>();
  protected codepage: Uint8Array | undefined;
  /** A character code through the current code page (codes over 255 unchanged). */
  protected readonly translate = (code: number): number => (this.codepage && code < 256 ? this.codepage[code] : code);
  /** ASL's `ASSUME MB:n` (0 or 1); undefined is ASL's NOTHING, under which JMP and CALL get their SEL MBx byte (emit.ts). */
  protected assumeMB: number | undefined;
  protected functionDepth = 0;
  protected address = 0;
  protected currentGlobal = '';
  protected macroScopes: string[] = [];
  /**
   * The MACRO expansions open (not REPT/IRP/IRPC/WHILE), innermost last: a line label without a dot
   * defined in one belongs to it alone, as in ASL (LABEL and EQU still define global names).
   */
  protected macroLocals: string[] = [];
  /** Open ASL sections, outermost first; `id` counts sections in a pass, the same in every pass. */
  protected sections: { name: string; id: number; token: Token; at: SourceLine }[] = [];
  protected sectionCount = 0;
  protected expansionCount = 0;
  protected ended = false;
  protected current: SourceLine = { text: '', file: '', line: 0 };
  protected statementAddress = 0;
  /** Addresses of nameless labels: `-` ones seen so far; `+` ones of the pass before and of this one (how many passed). */
  protected backward: number[] = [];
  protected forwardBefore: number[] = [];
  protected forwardThis: number[] = [];
  protected forwardSeen = 0;
  protected expandedLines = 0;
  /** INCLUDEs read this pass and the lines they brought (MAX_INCLUDES, MAX_INCLUDED_LINES). */
  protected includeCount = 0;
  protected includedLines = 0;
  protected errorCount = 0;
  /** Errors not reported because MAX_ERRORS were already. */
  protected errorsOver = 0;

  readonly diagnostics: Diagnostic[] = [];
  readonly listing: ListingLine[] = [];
  readonly lineMap: LineMapEntry[] = [];
  /** Emitted bytes by address, with the `file:line` that emitted each (for overlap errors). */
  protected readonly image = new Map<number, number>();
  protected readonly owner = new Map<number, string>();

  constructor(protected readonly options: AssembleOptions) {}
  // ---- diagnostics -------------------------------------------------------------------------

  protected report(
    severity: 'error' | 'warning' | 'info',
    code: string,
    message: string,
    col: number,
    length: number,
    where = this.current,
  ): void {
    if (severity === 'error' && this.errorCount >= MAX_ERRORS) {
      this.errorsOver++;
      return;
    }
    if (severity === 'error') this.errorCount++;
    const note = where.invokedAt
      ? ` (in macro '${where.invokedAt.name}' used at ${where.invokedAt.file}:${where.invokedAt.line})`
      : '';
    this.diagnostics.push({
      severity,
      code,
      message: message + note,
      file: where.file,
      line: where.line,
      column: col + 1,
      length: Math.max(1, length),
      sourceLine: where.text,
    });
  }

  protected fail(code: string, message: string, col: number, length: number): never {
    this.report('error', code, message, col, length);
    throw new StatementAbort();
  }

  protected span(tokens: readonly Token[]): [number, number] {
    if (tokens.length === 0) return [0, this.current.text.length];
    return [tokens[0].col, tokens[tokens.length - 1].end - tokens[0].col];
  }

  /** Runs the lines of one file or one macro body (macros.ts). */
  protected abstract processLines(lines: SourceLine[], includeDepth: number, macroDepth: number): void;

  protected abstract listLine(prefix: string, skipped?: boolean): void;
}
