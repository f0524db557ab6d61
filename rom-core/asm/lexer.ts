import { AsmError } from './diagnostic.ts';

export type TokenKind = 'ident' | 'number' | 'string' | 'op';

export interface Token {
  kind: TokenKind;
  /** Identifier or operator as written; a string's decoded contents. */
  text: string;
  /** A number's value. */
  value: number;
  /** 0-based column of the first character, and one past the last. */
  col: number;
  end: number;
}

const OPERATORS = [
  '~~',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '<>',
  // ASL's bit mirror (a source with CPU); in C's reading it is no operator and stays an error.
  '><',
  '&&',
  '||',
  '!!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '~',
  '!',
  '(',
  ')',
  ',',
  '#',
  '@',
  ':',
  '=',
  '<',
  '>',
  '$',
];

const IDENT_START = /[A-Za-z_.?]/;
const IDENT_PART = /[A-Za-z0-9_.?]/;

/** Where the comment starts (`;` outside quotes), or the line length. */
export function commentStart(line: string): number {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ';') {
      return i;
    }
  }
  return line.length;
}

/**
 * Numbers: decimal `31`, `0x1F`, `$1F`, `1Fh` (must start with a digit: `0FFh`), `0b1010`,
 * `1010b`. A word made of digits and letters that fits none of these is an error, not a guess.
 */
export function parseNumber(word: string): number | undefined {
  const w = word.toLowerCase();
  let m: RegExpMatchArray | null;
  if ((m = /^0x([0-9a-f]+)$/.exec(w))) return parseInt(m[1], 16);
  if ((m = /^([0-9][0-9a-f]*)h$/.exec(w))) return parseInt(m[1], 16);
  if ((m = /^0b([01]+)$/.exec(w))) return parseInt(m[1], 2);
  if ((m = /^([01]+)b$/.exec(w))) return parseInt(m[1], 2);
  if ((m = /^([0-7]+)[oq]$/.exec(w))) return parseInt(m[1], 8);
  if (/^[0-9]+$/.test(w)) return parseInt(w, 10);
  return undefined;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '0': '\0', '\\': '\\', '"': '"', "'": "'" };

/** Splits one line (comment already removed) into tokens. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (c === '"' || c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new AsmError('syntax', 'unterminated string', start, text.length - start);
        const ch = text[i];
        if (ch === c) break;
        if (ch === '\\' && i + 1 < text.length) {
          const esc = ESCAPES[text[i + 1]];
          if (esc === undefined) throw new AsmError('syntax', `unknown escape \\${text[i + 1]}`, i, 2);
          value += esc;
          i += 2;
          continue;
        }
        value += ch;
        i++;
      }
      i++;
      tokens.push({ kind: 'string', text: value, value: 0, col: start, end: i });
      continue;
    }
    if (/[0-9]/.test(c)) {
      while (i < text.length && /[0-9A-Za-z_]/.test(text[i])) i++;
      const word = text.slice(start, i);
      const value = parseNumber(word);
      if (value === undefined) throw new AsmError('syntax', `bad number '${word}'`, start, i - start);
      tokens.push({ kind: 'number', text: word, value, col: start, end: i });
      continue;
    }
    if (c === '$' && i + 1 < text.length && /[0-9A-Fa-f]/.test(text[i + 1])) {
      i++;
      while (i < text.length && /[0-9A-Za-z_]/.test(text[i])) i++;
      const word = text.slice(start, i);
      if (!/^\$[0-9A-Fa-f]+$/.test(word)) throw new AsmError('syntax', `bad number '${word}'`, start, i - start);
      tokens.push({ kind: 'number', text: word, value: parseInt(word.slice(1), 16), col: start, end: i });
      continue;
    }
    if (IDENT_START.test(c)) {
      while (i < text.length && IDENT_PART.test(text[i])) i++;
      tokens.push({ kind: 'ident', text: text.slice(start, i), value: 0, col: start, end: i });
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) throw new AsmError('syntax', `unexpected character '${c}'`, i, 1);
    i += op.length;
    tokens.push({ kind: 'op', text: op, value: 0, col: start, end: i });
  }
  return tokens;
}

/** Splits tokens at commas that are not inside parentheses. */
export function splitOperands(tokens: Token[]): Token[][] {
  const parts: Token[][] = [];
  if (tokens.length === 0) return parts;
  let depth = 0;
  let current: Token[] = [];
  for (const t of tokens) {
    if (t.kind === 'op' && t.text === '(') depth++;
    if (t.kind === 'op' && t.text === ')') depth--;
    if (t.kind === 'op' && t.text === ',' && depth === 0) {
      parts.push(current);
      current = [];
    } else {
      current.push(t);
    }
  }
  parts.push(current);
  return parts;
}
