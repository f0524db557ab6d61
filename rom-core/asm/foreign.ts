/**
 * Sources written for another 8048 assembler, recognised before assembling so that one sentence
 * says so instead of a cascade of errors (issue 36). The signs are directives those assemblers
 * have and ASL has not, written where a directive stands (indented, or after a label):
 *
 * - SB-Assembler (sbprojects.net): `.CR 8048` selects its 8048 overlay; `.TF`, `.OR`, `.EQ`, `.BS`.
 * - ASxxxx `as8048` (its manual): `.area`, `.module`, `.globl`, `.sbttl`, `.blkb`, `name .equ value`.
 * - asm48 (D. Hovemeyer, enhanced by the Adventure Vision team; its README): `.equ NAME, value`,
 *   `.incbin`, `.dbr`, `.exit`, `.here`.
 *
 * Other dot directives (`.org`, `.db`...) are shared by them: a source using them is named as
 * written for "another 8048 assembler". ASL writes directives without a dot; a dotted word in
 * column 1 is a local label (`.loop`), never a sign.
 */
import { isMnemonic } from './encode.ts';
import { commentStart } from './lexer.ts';
import { DIRECTIVES } from './assembler-state.ts';

export interface ForeignSource {
  /** Whose dialect: a sentence's subject. */
  assembler: string;
  line: number;
  column: number;
  word: string;
}

const SB = new Set(['.CR', '.TF', '.OR', '.EQ', '.BS', '.TA', '.LI', '.DA']);
const ASXXXX = new Set(['.AREA', '.MODULE', '.GLOBL', '.SBTTL', '.BLKB', '.BLKW']);
const ASM48 = new Set(['.INCBIN', '.DBR', '.EXIT', '.HERE']);
const SHARED = new Set(['.ORG', '.DB', '.DW', '.DS', '.BYTE', '.WORD', '.INCLUDE', '.END', '.EQU', '.IF', '.ENDIF']);

/** The first line (of the first 2,000) that shows another assembler's dialect, or undefined. */
export function foreignDialect(source: string): ForeignSource | undefined {
  const lines = source.split(/\r?\n/, 2000);
  let shared: ForeignSource | undefined;
  for (const [k, raw] of lines.entries()) {
    const text = raw.slice(0, commentStart(raw));
    // The directive word: the first word when indented, else the word after a label (`name: .db`, `name .equ 5`).
    const m = /^\s+(\.[A-Za-z]+)\b(.*)$/.exec(text) ?? /^[A-Za-z_][\w]*:?\s+(\.[A-Za-z]+)\b(.*)$/.exec(text);
    if (!m) continue;
    // A local label standing before a statement (`.end: nop`, `  .loop djnz r2,.loop`) is ASL's, not a directive.
    const next = /^\s*(:|[A-Za-z]\w*)/.exec(m[2])?.[1] ?? '';
    if (next === ':' || isMnemonic(next) || DIRECTIVES.has(next.toUpperCase())) continue;
    const word = m[1].toUpperCase();
    const at = { line: k + 1, column: text.indexOf(m[1]) + 1, word: m[1] };
    const labelled = !/^\s/.test(text);
    if (SB.has(word)) return { assembler: 'SB-Assembler', ...at };
    if (ASXXXX.has(word) || (word === '.EQU' && labelled)) return { assembler: "ASxxxx's as8048", ...at };
    if (ASM48.has(word) || (word === '.EQU' && /^\s*[A-Za-z_]\w*\s*,/.test(m[2]))) return { assembler: 'asm48', ...at };
    if (SHARED.has(word)) shared ??= { assembler: 'another 8048 assembler (asm48, ASxxxx or SB-Assembler)', ...at };
  }
  return shared;
}

/** The one sentence said of such a source. */
export function foreignMessage(f: ForeignSource): string {
  return `this source looks written for ${f.assembler} (its '${f.word}' directive, line ${f.line}), not for ASL, whose dialect this assembler reads; nothing was assembled (ASL writes directives without a dot: ORG, DB, EQU, INCLUDE)`;
}
