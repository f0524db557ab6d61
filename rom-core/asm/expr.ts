import { AsmError } from './diagnostic.ts';
import type { Token } from './lexer.ts';
import { tokenize } from './lexer.ts';
import { STRING_BUILTINS } from './string-functions.ts';
import type { ExprValue } from './string-functions.ts';

/**
 * Looks a symbol up; `undefined` means "not known yet" (a forward reference in pass 1).
 * The lookup itself reports symbols that will never be defined.
 */
export type SymbolLookup = (name: string, token: Token) => number | undefined;

export interface ExprContext {
  lookup: SymbolLookup;
  /** Value of `$`: the address of the current statement. */
  here: number;
  /** ASL functions (`name(arg, ...)`): the function a name calls, or undefined when it is not one. */
  functions?: (name: string, token: Token) => ExprFunction | undefined;
  /** ASL's CODEPAGE: the byte a character constant stands for; without it, the character's code. */
  translate?: (code: number) => number;
  /** A symbol whose value is a string (ASL's `name equ "text"`, its DATE and TIME), or undefined. */
  strings?: (name: string, token: Token) => string | undefined;
  /**
   * ASL's operators and ranks (a source with ASL's CPU statement): `!` is XOR, `^` power, `!!` logical
   * XOR, and the order is ASL's, not C's (see ASL_LEVELS). Without it, C's: `^` is XOR.
   */
  asl?: boolean;
}

/** Called with its arguments' values (all known); may throw AsmError. */
export interface ExprFunction {
  params: number;
  call: (args: number[], token: Token) => number | undefined;
}

/** Parentheses and unary operators nested deeper than this are refused (the evaluator recurses). */
export const MAX_EXPR_DEPTH = 200;

/** Binary operators by precedence level, loosest first (C's order). */
const LEVELS: readonly (readonly string[])[] = [
  ['||'],
  ['&&'],
  ['|'],
  ['^'],
  ['&'],
  ['==', '=', '!=', '<>'],
  ['<', '<=', '>', '>='],
  ['<<', '>>'],
  ['+', '-'],
  // `#` is ASL's modulo (its operator.c: ModOp, at the level of * and /).
  ['*', '/', '%', '#'],
];

/**
 * ASL's binary operators by rank, loosest first, from the table of its operator.c (rank 23 the
 * comparisons, 17 `!!`, 16 `||`, 15 `&&`, 13 `+ -`, 11 `* / #`, 8 `^`, 7 `!`, 6 `|`, 5 `&`, 3 `<< >>`;
 * the smaller the rank, the tighter). Unlike C, shifts and bit operators bind tighter than `*` and `+`
 * (`1 + 2 << 3` is 17), and `&&` `||` tighter than the comparisons. `%` is ours, beside ASL's `#`.
 */
const ASL_LEVELS: readonly (readonly string[])[] = [
  ['==', '=', '!=', '<>', '<', '<=', '>', '>='],
  ['!!'],
  ['||'],
  ['&&'],
  ['+', '-'],
  ['*', '/', '%', '#'],
  ['^'],
  ['!'],
  ['|'],
  ['&'],
  ['<<', '>>'],
];

/** ASL's `^` (its PotOp): integer power, 0 for a negative exponent, wrapping at 32 bits as we compute. */
function power(base: number, exponent: number): number {
  if (exponent < 0) return 0;
  let result = 1;
  let b = base;
  for (let e = exponent; e > 0; e = Math.floor(e / 2)) {
    if (e & 1) result = Math.imul(result, b);
    b = Math.imul(b, b);
  }
  return result;
}

/** The binary operators whose meaning differs in ASL's reading: `^` power, `!` XOR, `!!` logical XOR. */
function applyAsl(op: string, a: number, b: number, token: Token): number {
  if (op === '^') return power(a, b);
  if (op === '!') return a ^ b;
  if (op === '!!') return !a !== !b ? 1 : 0;
  return apply(op, a, b, token);
}

function apply(op: string, a: number, b: number, token: Token): number {
  switch (op) {
    case '||':
      return a || b ? 1 : 0;
    case '&&':
      return a && b ? 1 : 0;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '&':
      return a & b;
    case '==':
    case '=':
      return a === b ? 1 : 0;
    case '!=':
    case '<>':
      return a !== b ? 1 : 0;
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '<<':
      return b >= 32 ? 0 : a << b;
    case '>>':
      return b >= 32 ? (a < 0 ? -1 : 0) : a >> b;
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return Math.imul(a, b);
    case '/':
    case '%':
    case '#':
      if (b === 0) throw new AsmError('division-by-zero', 'division by zero', token.col, token.end - token.col);
      return op === '/' ? Math.trunc(a / b) : a % b;
  }
  throw new AsmError('syntax', `unknown operator '${op}'`, token.col, token.end - token.col);
}

/**
 * A string as a number, as ASL reads one: up to 4 characters, each through the code page, the
 * first in the highest byte (`'AB'` is 0x4142). KTAA's `hiword('GAME')` reads characters so.
 */
function stringValue(text: string, t: Token, ctx: ExprContext): number {
  if (text.length < 1 || text.length > 4)
    throw new AsmError('syntax', 'a string in an expression must be 1 to 4 characters', t.col, t.end - t.col);
  let v = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    v = ((v << 8) | ((ctx.translate ? ctx.translate(code) : code) & 0xff)) >>> 0;
  }
  return v | 0;
}

/**
 * Evaluates tokens[start, end) as one expression to an integer (a string is read as ASL reads one
 * in a number's place). Integers are 32-bit signed. The result is `undefined` when it depends on a
 * symbol not known yet.
 */
export function evaluate(tokens: readonly Token[], ctx: ExprContext, outerDepth = 0): number | undefined {
  const v = evaluateValue(tokens, ctx, outerDepth);
  return typeof v === 'string' ? stringValue(v, tokens[0], ctx) : v;
}

/** As `evaluate`, but a string stays a string (ASL's `db substr(DATE,0,2)`, `name equ "text"`). */
export function evaluateValue(tokens: readonly Token[], ctx: ExprContext, outerDepth = 0): ExprValue | undefined {
  if (tokens.length === 0) throw new AsmError('syntax', 'expected an expression', 0, 0);
  let pos = 0;
  let depth = outerDepth;
  const deeper = (t: Token): void => {
    if (++depth > MAX_EXPR_DEPTH) {
      throw new AsmError(
        'expression-depth',
        `expression nested more than ${MAX_EXPR_DEPTH} deep (parentheses or unary operators)`,
        t.col,
        t.end - t.col,
      );
    }
  };
  const peek = (): Token | undefined => tokens[pos];
  const isOp = (t: Token | undefined, ...ops: string[]): boolean => !!t && t.kind === 'op' && ops.includes(t.text);
  const fail = (t: Token | undefined, message: string): never => {
    const last = tokens[tokens.length - 1];
    if (!t) throw new AsmError('syntax', message, last.end, 1);
    throw new AsmError('syntax', message, t.col, t.end - t.col);
  };
  const int = (v: ExprValue, t: Token): number => (typeof v === 'string' ? stringValue(v, t, ctx) : v);

  const levels = ctx.asl ? ASL_LEVELS : LEVELS;
  const binary = (level: number): ExprValue | undefined => {
    if (level === levels.length) return unary();
    let left = binary(level + 1);
    while (isOp(peek(), ...levels[level])) {
      const op = tokens[pos++];
      const right = binary(level + 1);
      left = left === undefined || right === undefined ? undefined : combine(op, left, right);
    }
    return left;
  };

  /** ASL joins two strings with `+` and compares strings as strings; anything else is integer work. */
  const combine = (op: Token, a: ExprValue, b: ExprValue): ExprValue => {
    if (typeof a === 'string' && typeof b === 'string') {
      if (op.text === '+') return a + b;
      const order = a < b ? -1 : a > b ? 1 : 0;
      if (['==', '=', '!=', '<>', '<', '<=', '>', '>='].includes(op.text)) return apply(op.text, order, 0, op);
    }
    return (ctx.asl ? applyAsl : apply)(op.text, int(a, op), int(b, op), op);
  };

  const unary = (): ExprValue | undefined => {
    const t = peek();
    // `~~` is ASL's logical NOT (as `!` is C's); `!!x` (the lexer's one token) is two of them.
    if (isOp(t, '-', '+', '~', '!', '~~', '!!')) {
      pos++;
      deeper(t!);
      const u = unary();
      depth--;
      if (u === undefined) return undefined;
      const v = int(u, t!);
      if (t!.text === '!!') return v ? 1 : 0;
      return t!.text === '-' ? -v : t!.text === '~' ? ~v : t!.text === '!' || t!.text === '~~' ? (v ? 0 : 1) : v;
    }
    if (t && t.kind === 'ident' && /^(high|low)$/i.test(t.text) && pos + 1 < tokens.length) {
      pos++;
      deeper(t);
      const u = unary();
      depth--;
      if (u === undefined) return undefined;
      const v = int(u, t);
      return t.text.toLowerCase() === 'high' ? (v >> 8) & 0xff : v & 0xff;
    }
    return primary();
  };

  const primary = (): ExprValue | undefined => {
    const t = tokens[pos];
    if (!t) return fail(t, 'expression ends too early');
    pos++;
    if (t.kind === 'number') return t.value;
    if (t.kind === 'string') return t.text;
    if (t.kind === 'ident') {
      const builtin = isOp(peek(), '(') ? STRING_BUILTINS.get(t.text.toUpperCase()) : undefined;
      const fn = isOp(peek(), '(') ? ctx.functions?.(t.text, t) : undefined;
      if (fn) return call(t, fn);
      if (builtin) return builtinCall(t, builtin.args, builtin.call);
      return ctx.strings?.(t.text, t) ?? ctx.lookup(t.text, t);
    }
    if (isOp(t, '$')) return ctx.here;
    if (isOp(t, '(')) {
      deeper(t);
      const v = binary(0);
      depth--;
      if (!isOp(peek(), ')')) fail(peek(), "missing ')'");
      pos++;
      return v;
    }
    return fail(t, `unexpected '${t.text}' in expression`);
  };

  /** The arguments' values; `spans` gets a token spanning each argument as written (for messages). */
  const argumentList = (t: Token, spans: Token[] = []): (ExprValue | undefined)[] => {
    deeper(t);
    pos++; // '('
    const args: (ExprValue | undefined)[] = [];
    if (!isOp(peek(), ')')) {
      for (;;) {
        const from = tokens[pos];
        args.push(binary(0));
        const to = tokens[pos - 1];
        if (from && to) spans.push({ ...from, col: from.col, end: to.end });
        if (!isOp(peek(), ',')) break;
        pos++;
      }
    }
    if (!isOp(peek(), ')')) fail(peek(), "missing ')' after the function's arguments");
    pos++;
    depth--;
    return args;
  };

  const countCheck = (t: Token, want: number, got: number): void => {
    if (got !== want)
      throw new AsmError(
        'function-arguments',
        `function '${t.text}' takes ${want} argument${want === 1 ? '' : 's'}, got ${got}`,
        t.col,
        t.end - t.col,
      );
  };

  /** ASL's SUBSTR, CHARFROMSTR, STRLEN, VAL... (string-functions.ts): each argument of the type it asks. */
  const builtinCall = (
    t: Token,
    kinds: readonly ('string' | 'int')[],
    fn: (args: ExprValue[], t: Token, ev: (text: string) => number | undefined) => ExprValue | undefined,
  ): ExprValue | undefined => {
    const spans: Token[] = [];
    const args = argumentList(t, spans);
    countCheck(t, kinds.length, args.length);
    if (args.some((a) => a === undefined)) return undefined;
    const typed = (args as ExprValue[]).map((a, k) => {
      if (kinds[k] === 'int') return int(a, t);
      if (typeof a !== 'string')
        throw new AsmError('syntax', `argument ${k + 1} of ${t.text}() must be a string`, t.col, t.end - t.col);
      return a;
    });
    deeper(t);
    const v = fn(typed, spans[0] ?? t, (text) => evaluate(tokenize(text), ctx, depth));
    depth--;
    return v;
  };

  const call = (t: Token, fn: ExprFunction): number | undefined => {
    const args = argumentList(t);
    countCheck(t, fn.params, args.length);
    if (args.some((a) => a === undefined)) return undefined;
    return fn.call(
      (args as ExprValue[]).map((a) => int(a, t)),
      t,
    );
  };

  const value = binary(0);
  if (pos < tokens.length) fail(tokens[pos], `unexpected '${tokens[pos].text}' after expression`);
  return value;
}
