/**
 * 8048 assembly as our assembler reads it (ASL's dialect, rom-core/asm/README.md), for colouring in
 * the source panel: comments, strings, numbers in ASL's notations, labels (column 1, or ending in a
 * colon), the 8048's mnemonics (from the one opcode table the CPU and the assembler use), directives
 * and registers. Colouring only: the assembler decides what a line means.
 */
import { HighlightStyle, StreamLanguage, StringStream, syntaxHighlighting } from '@codemirror/language';
import type { StreamParser } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { DIRECTIVES, isMnemonic } from '../../rom-core/asm/index.ts';

/** Directives and pseudo-ops the sources use beyond the state's list (ASL spellings). */
const MORE_DIRECTIVES = new Set([
  'BYTE',
  'WORD',
  'DC',
  'EXITM',
  'IRP',
  'IRPC',
  'REPT',
  'ENDR',
  'PUBLIC',
  'GLOBAL',
  'ORG',
  'BINCLUDE',
  'DEFINE',
]);
const REGISTER = /^(A|C|F0|F1|T|CNT|TCNT|TCNTI|I|PSW|BUS|RB0|RB1|MB0|MB1|CLK|R[0-7]|@R[01]|@A|P[0-7]|DBB|STS)\b/i;
const NUMBER = /^(\$[0-9a-f]+|0x[0-9a-f]+|%[01]+|[0-9][0-9a-f]*[hH]\b|[01]+[bB]\b|[0-7]+[oOqQ]\b|[0-9]+)/i;

interface State {
  start: boolean;
  sawOp: boolean;
}

const parser: StreamParser<State> = {
  name: 'asm8048',
  startState: () => ({ start: true, sawOp: false }),
  token(stream, state) {
    if (stream.sol()) {
      state.start = true;
      state.sawOp = false;
    }
    if (stream.eatSpace()) {
      state.start = false;
      return null;
    }
    const atColumn1 = state.start;
    state.start = false;
    const ch = stream.peek();
    if (ch === ';') {
      stream.skipToEnd();
      return 'comment';
    }
    if (ch === '"' || ch === "'") {
      stream.next();
      let escaped = false;
      for (let c = stream.next(); c !== undefined && c !== null; c = stream.next()) {
        if (c === ch && !escaped) break;
        escaped = c === '\\' && !escaped;
      }
      return 'string';
    }
    if (stream.match(NUMBER)) return 'number';
    if (stream.match(/^[@#]?[A-Za-z_.][A-Za-z0-9_.]*/)) {
      const word = stream.current().replace(/^#/, '');
      if (stream.peek() === ':') {
        stream.next();
        return 'labelName';
      }
      // ASL's rule: a word in column 1 is a label, even one spelled like a mnemonic (`stop jmp stop`).
      if (atColumn1) return 'labelName';
      if (!state.sawOp) {
        const upper = word.toUpperCase();
        if (isMnemonic(upper)) {
          state.sawOp = true;
          return 'keyword';
        }
        if (DIRECTIVES.has(upper) || MORE_DIRECTIVES.has(upper)) {
          state.sawOp = true;
          return 'meta';
        }
      }
      if (REGISTER.test(word)) return 'variableName.special';
      return 'variableName';
    }
    stream.next();
    return 'operator';
  },
  languageData: { commentTokens: { line: ';' } },
};

export const asm8048 = StreamLanguage.define(parser);

/** One line's tokens and their styles (null: space), as the editor colours them. */
export function lineTokens(line: string): { text: string; style: string | null }[] {
  const state = parser.startState!(4);
  const stream = new StringStream(line, 4, 2);
  const out: { text: string; style: string | null }[] = [];
  while (!stream.eol()) {
    const style = parser.token(stream, state);
    out.push({ text: stream.current(), style });
    stream.start = stream.pos;
  }
  return out;
}

/** Colours for the dark console page. */
export const asmHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.comment, color: '#7d8b99', fontStyle: 'italic' },
    { tag: tags.string, color: '#d7ba7d' },
    { tag: tags.number, color: '#b5cea8' },
    { tag: tags.keyword, color: '#7fb6ff', fontWeight: 'bold' },
    { tag: tags.meta, color: '#c586c0' },
    { tag: tags.labelName, color: '#ffd27f' },
    { tag: tags.special(tags.variableName), color: '#4ec9b0' },
    { tag: tags.operator, color: '#d4d4d4' },
  ]),
);
