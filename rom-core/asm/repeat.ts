/**
 * ASL's repetitions: `REPT count`, `IRP name, item, ...`, `IRPC name, "text"` and `WHILE condition`,
 * each up to its ENDM. WHILE evaluates its condition before each repetition (symbols defined above
 * it and by its body, e.g. `n set n+1`), and stops with an error after MAX_WHILE repetitions, where
 * ASL would run on for ever. The head is read when the line is met (statement() calls beginBlock), the body recorded by
 * processLines (macros.ts) as a macro body is, then run here once per repetition.
 */
import type { Token } from './lexer.ts';
import { splitOperands } from './lexer.ts';
import { substitute } from './source-lines.ts';
import type { SourceLine } from './source-lines.ts';
import { AsmDirectives } from './directives.ts';
import { MAX_EXPANDED_LINES, MAX_EXPANSIONS, MAX_MACRO_DEPTH, MAX_WHILE } from './assembler-state.ts';

/** What a REPT / IRP / IRPC line asks for: the parameter name (none for REPT) and the value of each repetition. */
export interface RepeatHead {
  kind: 'REPT' | 'IRP' | 'IRPC' | 'WHILE';
  /** WHILE's condition, evaluated before each repetition. */
  condition?: Token[];
  param: string | undefined;
  values: string[];
  at: SourceLine;
  col: number;
}

/** Words that open a block closed by ENDM: ASL counts them all when it looks for the ENDM of a block. */
export const BLOCK_OPENERS = new Set(['MACRO', 'REPT', 'IRP', 'IRPC', 'WHILE']);

export abstract class AsmRepeat extends AsmDirectives {
  /** Set by a REPT / IRP / IRPC statement; processLines takes it and records the body. */
  protected pendingRepeat: RepeatHead | undefined;

  protected beginBlock(kind: 'REPT' | 'IRP' | 'IRPC' | 'WHILE', op: Token, rest: Token[]): void {
    const at = this.current;
    // A wrong head still swallows its body up to ENDM (repeated no times), so the body's lines are not read as code.
    this.pendingRepeat = { kind, param: undefined, values: [], at, col: op.col };
    const head = (param: string | undefined, values: string[]): void => {
      this.pendingRepeat = { kind, param, values, at, col: op.col };
      this.listLine('');
    };
    if (kind === 'WHILE') {
      if (rest.length === 0) this.fail('syntax', 'WHILE needs a condition, e.g. while n < 4', op.col, op.end - op.col);
      this.pendingRepeat = { kind, param: undefined, values: [], condition: rest, at, col: op.col };
      this.listLine('');
      return;
    }
    if (kind === 'REPT') {
      if (rest.length === 0) this.fail('syntax', 'REPT needs a count', op.col, op.end - op.col);
      // The count must be known when the line is met (ASL: no forward reference); 0 or less repeats nothing.
      const count = this.value(rest, 'now', 'REPT')!;
      const lines = Math.max(0, count);
      if (lines > MAX_EXPANSIONS)
        this.fail('macro-expansion', `REPT ${count} is more than ${MAX_EXPANSIONS} repetitions`, ...this.span(rest));
      head(undefined, new Array<string>(lines).fill(''));
      return;
    }
    const parts = splitOperands(rest);
    const name = parts[0];
    if (!name || name.length !== 1 || name[0].kind !== 'ident' || parts.length < 2)
      this.fail(
        'syntax',
        `${kind} needs a parameter name and ${kind === 'IRPC' ? 'a text' : 'items'}, e.g. ${kind === 'IRPC' ? 'irpc c,"abc"' : 'irp r,r0,r1'}`,
        ...this.span(rest.length ? rest : [op]),
      );
    const text = (p: Token[]): string => (p.length ? this.current.text.slice(p[0].col, p[p.length - 1].end) : '');
    if (kind === 'IRP') {
      head(name[0].text, parts.slice(1).map(text));
      return;
    }
    // IRPC: ASL evaluates the argument as a string, and refuses a word without quotes.
    const arg = parts.slice(1).flat();
    if (parts.length !== 2 || arg.length !== 1 || arg[0].kind !== 'string')
      this.fail('syntax', 'IRPC needs one text in quotes after the name, e.g. irpc c,"abc"', ...this.span(arg));
    head(name[0].text, [...arg[0].text]);
  }

  /** Runs a recorded body once per value, the parameter replaced as a macro's is; `.local` labels belong to one repetition. */
  protected repeat(head: RepeatHead, body: SourceLine[], includeDepth: number, macroDepth: number): void {
    const saved = this.current;
    this.current = head.at;
    if (macroDepth >= MAX_MACRO_DEPTH)
      this.fail('macro-recursion', `${head.kind} nested more than ${MAX_MACRO_DEPTH} deep`, head.col, head.kind.length);
    if (head.condition) {
      try {
        this.repeatWhile(head, head.condition, body, includeDepth, macroDepth);
      } finally {
        this.current = saved;
      }
      return;
    }
    const lines = body.length * head.values.length;
    if (this.expansionCount + head.values.length > MAX_EXPANSIONS || this.expandedLines + lines > MAX_EXPANDED_LINES)
      this.fail(
        'macro-expansion',
        `${head.kind} not expanded: macros were called more than ${MAX_EXPANSIONS} times or brought in more than ${MAX_EXPANDED_LINES} lines in one pass`,
        head.col,
        head.kind.length,
      );
    this.expandedLines += lines;
    const invokedAt = { name: head.kind, file: head.at.file, line: head.at.line };
    const params = head.param ? [head.param] : [];
    try {
      for (const value of head.values) {
        const text = body.map((l) => ({ ...l, text: substitute(l.text, params, [value]), invokedAt }));
        this.macroScopes.push(`${head.kind}@${++this.expansionCount}`);
        try {
          this.processLines(text, includeDepth, macroDepth + 1);
        } finally {
          this.macroScopes.pop();
        }
        if (this.ended) break;
      }
    } finally {
      this.current = saved;
    }
  }

  /** WHILE: the body again as long as the condition holds, evaluated on the WHILE line before each repetition. */
  private repeatWhile(
    head: RepeatHead,
    condition: Token[],
    body: SourceLine[],
    includeDepth: number,
    macroDepth: number,
  ): void {
    const invokedAt = { name: head.kind, file: head.at.file, line: head.at.line };
    for (let n = 0; ; n++) {
      this.current = head.at;
      if (this.value(condition, 'now', 'WHILE') === 0) return;
      if (n >= MAX_WHILE)
        this.fail(
          'macro-expansion',
          `WHILE still true after ${MAX_WHILE} repetitions: does its body change what the condition tests (e.g. n set n+1)?`,
          ...this.span(condition),
        );
      if (this.expansionCount >= MAX_EXPANSIONS || this.expandedLines + body.length > MAX_EXPANDED_LINES)
        this.fail(
          'macro-expansion',
          `WHILE stopped: macros were called more than ${MAX_EXPANSIONS} times or brought in more than ${MAX_EXPANDED_LINES} lines in one pass`,
          head.col,
          head.kind.length,
        );
      this.expandedLines += body.length;
      this.macroScopes.push(`${head.kind}@${++this.expansionCount}`);
      try {
        this.processLines(
          body.map((l) => ({ ...l, invokedAt })),
          includeDepth,
          macroDepth + 1,
        );
      } finally {
        this.macroScopes.pop();
      }
      if (this.ended) return;
    }
  }
}
