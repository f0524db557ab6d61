/** Lines, MACRO recording and expansion, INCLUDE (the IF blocks are in conditions.ts). */
import { AsmError } from './diagnostic.ts';
import type { Token } from './lexer.ts';
import { commentStart, splitOperands, tokenize } from './lexer.ts';
import { includedName, splitLines, substitute } from './source-lines.ts';
import type { SourceLine } from './source-lines.ts';
import { isBitfuncsInclude } from './bitfuncs.ts';
import { foreignDialect, foreignMessage } from './foreign.ts';
import { BLOCK_OPENERS } from './repeat.ts';
import { AsmConditions, isActive } from './conditions.ts';
import type { Condition } from './conditions.ts';
import type { RepeatHead } from './repeat.ts';
import {
  DIRECTIVES,
  MAX_EXPANDED_LINES,
  MAX_EXPANSIONS,
  MAX_INCLUDE_DEPTH,
  MAX_INCLUDED_LINES,
  MAX_INCLUDES,
  MAX_MACRO_DEPTH,
  StatementAbort,
} from './assembler-state.ts';
import type { MacroDef } from './assembler-state.ts';

const IF_WORDS = new Set(['IF', 'IFDEF', 'IFNDEF', 'ELSEIF', 'ELSE', 'ENDIF']);

/** A MACRO's body, or a REPT / IRP / IRPC's (`repeat`), being recorded until its ENDM. */
interface Recording {
  def: MacroDef;
  at: SourceLine;
  col: number;
  nested: number;
  repeat?: RepeatHead;
}

/** The blocks open while the lines of one file or macro body run. */
interface OpenBlocks {
  conditions: Condition[];
  recording: Recording | undefined;
}

const word = (t: Token | undefined): string => (t && t.kind === 'ident' ? t.text.toUpperCase() : '');

export abstract class AsmMacros extends AsmConditions {
  // ---- lines, IF, MACRO recording ----------------------------------------------------------

  /** Runs the lines of one file or one macro body; IF and MACRO must close inside it. */
  protected processLines(lines: SourceLine[], includeDepth: number, macroDepth: number): void {
    const blocks: OpenBlocks = { conditions: [], recording: undefined };
    for (const line of lines) {
      if (this.ended) break;
      this.current = line;
      this.processLine(line, blocks, includeDepth, macroDepth);
    }
    if (this.ended) return;
    this.reportUnclosedConditions(blocks.conditions);
    const recording = blocks.recording;
    if (recording) {
      this.report(
        'error',
        'unterminated-macro',
        recording.repeat ? `${recording.repeat.kind} without ENDM` : `MACRO '${recording.def.name}' without ENDM`,
        recording.col,
        recording.def.name.length,
        recording.at,
      );
    }
  }

  /** One line: recorded into a macro body, an IF word, skipped, a MACRO head or a statement. */
  private processLine(line: SourceLine, blocks: OpenBlocks, includeDepth: number, macroDepth: number): void {
    const tokens = this.lineTokens(line, blocks);
    if (!tokens) return;
    const [first, second] = [tokens[0], tokens[1]];
    if (blocks.recording) {
      const opWord =
        word(first) === 'ENDM' || word(first) === 'MACRO' || DIRECTIVES.has(word(first)) ? word(first) : word(second);
      this.record(line, opWord, blocks, includeDepth, macroDepth);
      return;
    }
    // A label may stand before IF / ELSE / ENDIF (`.nopal IFDEF DEBUG_PALNTSC`): ASL defines it when the line is assembled.
    const lead =
      first?.kind === 'ident' && IF_WORDS.has(word(second)) && !DIRECTIVES.has(word(first))
        ? 1
        : first?.kind === 'ident' && second?.text === ':' && IF_WORDS.has(word(tokens[2]))
          ? 2
          : 0;
    const kw = tokens[lead];
    const head = word(kw);
    if (lead && isActive(blocks.conditions)) this.defineLineLabel(first);
    if (head === 'IF' || head === 'IFDEF' || head === 'IFNDEF') {
      this.openCondition(blocks.conditions, head, tokens, lead, kw, line);
    } else if (head === 'ELSE' || head === 'ELSEIF' || head === 'ENDIF') {
      this.nextBranch(blocks.conditions, head, tokens, lead, kw);
    } else if (!isActive(blocks.conditions)) {
      this.listLine('', true);
    } else if (word(second) === 'MACRO' && first?.kind === 'ident') {
      blocks.recording = this.beginMacro(tokens, first, second, line);
      this.listLine('');
    } else if (head === 'ENDM') {
      this.report('error', 'endm-without-macro', 'ENDM without MACRO', first.col, first.end - first.col);
      this.listLine('');
    } else {
      this.runStatement(line, tokens, blocks, includeDepth, macroDepth);
    }
  }

  /** The line's tokens; undefined when it cannot be read (reported if it is assembled, kept if it is recorded). */
  private lineTokens(line: SourceLine, blocks: OpenBlocks): Token[] | undefined {
    try {
      return tokenize(line.text.slice(0, commentStart(line.text)));
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      if (blocks.recording) {
        blocks.recording.def.body.push(line);
        return undefined;
      }
      if (isActive(blocks.conditions)) {
        this.report('error', e.code, e.message, e.column, e.length);
        this.listLine('');
      }
      return undefined;
    }
  }

  /** A line inside a body being recorded; its ENDM (nested blocks counted) defines the macro or runs the repeat. */
  private record(line: SourceLine, opWord: string, blocks: OpenBlocks, includeDepth: number, macroDepth: number): void {
    const recording = blocks.recording!;
    if (BLOCK_OPENERS.has(opWord)) recording.nested++;
    if (opWord === 'ENDM') {
      if (recording.nested === 0) {
        blocks.recording = undefined;
        this.listLine('');
        if (!recording.repeat) this.macros.set(recording.def.name.toUpperCase(), recording.def);
        else this.runRepeat(recording.repeat, recording.def.body, includeDepth, macroDepth);
        return;
      }
      recording.nested--;
    }
    recording.def.body.push(line);
    this.listLine('');
  }

  /** `name MACRO p1, p2`: starts recording its body (nameless when the head is in error, so never called). */
  private beginMacro(tokens: Token[], first: Token, second: Token, line: SourceLine): Recording {
    const names: string[] = [];
    let bad = false;
    for (const p of splitOperands(tokens.slice(2))) {
      if (p.length !== 1 || p[0].kind !== 'ident') {
        const [c, l] = this.span(p.length ? p : [second]);
        this.report('error', 'syntax', 'a macro parameter must be a plain name', c, l);
        bad = true;
      } else {
        names.push(p[0].text.toUpperCase());
      }
    }
    // A macro may take a mnemonic's name (KTAA's `call macro addr`); `!call` still reaches the instruction.
    if (DIRECTIVES.has(first.text.toUpperCase())) {
      this.report(
        'error',
        'syntax',
        `'${first.text}' is a directive and cannot name a macro`,
        first.col,
        first.end - first.col,
      );
      bad = true;
    }
    return {
      def: { name: bad ? '' : first.text, params: names, body: [], at: line },
      at: line,
      col: first.col,
      nested: 0,
    };
  }

  /** An assembled statement; a REPT / IRP / IRPC / WHILE head starts recording its body. */
  private runStatement(
    line: SourceLine,
    tokens: Token[],
    blocks: OpenBlocks,
    includeDepth: number,
    macroDepth: number,
  ): void {
    try {
      this.statement(tokens, includeDepth, macroDepth);
    } catch (e) {
      if (!(e instanceof StatementAbort)) throw e;
      this.listLine('');
    }
    const repeat = this.pendingRepeat;
    if (repeat) {
      this.pendingRepeat = undefined;
      blocks.recording = {
        def: { name: repeat.kind, params: [], body: [] },
        at: line,
        col: repeat.col,
        nested: 0,
        repeat,
      };
    }
  }

  private defineLineLabel(label: Token): void {
    try {
      this.define(label, this.address + this.phaseOffset, 'label', true);
    } catch (e) {
      if (!(e instanceof StatementAbort)) throw e;
    }
  }

  private runRepeat(head: RepeatHead, body: SourceLine[], includeDepth: number, macroDepth: number): void {
    try {
      this.repeat(head, body, includeDepth, macroDepth);
    } catch (e) {
      if (!(e instanceof StatementAbort)) throw e;
    }
  }

  // ---- INCLUDE, macros ---------------------------------------------------------------------

  protected include(op: Token, rest: Token[], includeDepth: number, macroDepth: number): void {
    if (rest.length !== 1 || rest[0].kind !== 'string') {
      const [c, l] = this.span(rest.length ? rest : [op]);
      this.fail('syntax', 'INCLUDE needs a file name in quotes', c, l);
    }
    const path = rest[0].text;
    const [c, l] = [rest[0].col, rest[0].end - rest[0].col];
    if (isBitfuncsInclude(path)) {
      // ASL's bitfuncs.inc is built in (bitfuncs.ts), so such sources need no copy of it.
      this.bitfuncs = true;
      this.listLine('');
      return;
    }
    if (!this.options.readFile)
      this.fail('missing-include', `cannot include "${path}": no file reader was given`, c, l);
    if (includeDepth >= MAX_INCLUDE_DEPTH)
      this.fail(
        'include-depth',
        `includes nested more than ${MAX_INCLUDE_DEPTH} deep (does "${path}" include itself?)`,
        c,
        l,
      );
    let text: string;
    try {
      text = this.options.readFile(path, this.current.file);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.fail('missing-include', `cannot include "${path}": ${why}`, c, l);
    }
    const lines = splitLines(text, includedName(path, this.current.file));
    if (++this.includeCount > MAX_INCLUDES || (this.includedLines += lines.length) > MAX_INCLUDED_LINES) {
      // The whole assembly stops here: each further INCLUDE would only say the same.
      this.ended = true;
      this.fail(
        'include-limit',
        `too much included: more than ${MAX_INCLUDES} INCLUDEs or ${MAX_INCLUDED_LINES.toLocaleString('en')} included lines in one pass (do files include each other many times over?); assembly stopped at "${path}"`,
        c,
        l,
      );
    }
    const foreign = foreignDialect(text);
    if (foreign) this.fail('foreign-assembler', `"${path}": ${foreignMessage(foreign)}`, c, l);
    this.listLine('');
    const saved = this.current;
    this.processLines(lines, includeDepth + 1, macroDepth);
    this.current = saved;
  }

  protected expand(macro: MacroDef, op: Token, rest: Token[], includeDepth: number, macroDepth: number): void {
    if (macroDepth >= MAX_MACRO_DEPTH) {
      this.fail(
        'macro-recursion',
        `macro '${macro.name}' nested more than ${MAX_MACRO_DEPTH} deep (does it call itself without an IF to stop?)`,
        op.col,
        op.end - op.col,
      );
    }
    if (this.expansionCount >= MAX_EXPANSIONS || this.expandedLines + macro.body.length > MAX_EXPANDED_LINES) {
      this.fail(
        'macro-expansion',
        `macro '${macro.name}' not expanded: macros were called more than ${MAX_EXPANSIONS} times or brought in more than ${MAX_EXPANDED_LINES} lines in one pass (does a macro call another more than once at each level?)`,
        op.col,
        op.end - op.col,
      );
    }
    this.expandedLines += macro.body.length;
    const args = splitOperands(rest).map((p) =>
      p.length ? this.current.text.slice(p[0].col, p[p.length - 1].end) : '',
    );
    if (args.length > macro.params.length) {
      this.fail(
        'macro-arguments',
        `macro '${macro.name}' takes ${macro.params.length} argument(s), got ${args.length}`,
        ...this.span(rest),
      );
    }
    const invokedAt = { name: macro.name, file: this.current.file, line: this.current.line };
    const body = macro.body.map((l) => ({ ...l, text: substitute(l.text, macro.params, args), invokedAt }));
    this.listLine('');
    const saved = this.current;
    const scope = `${macro.name}@${++this.expansionCount}`;
    this.macroScopes.push(scope);
    this.macroLocals.push(scope);
    try {
      this.processLines(body, includeDepth, macroDepth + 1);
    } finally {
      this.macroScopes.pop();
      this.macroLocals.pop();
      this.current = saved;
    }
  }
}
