import { AsmError } from './diagnostic.ts';
import type { Token } from './lexer.ts';
import { tokenize } from './lexer.ts';

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
  ['*', '/', '%'],
];

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
      if (b === 0) throw new AsmError('division-by-zero', 'division by zero', token.col, token.end - token.col);
      return op === '/' ? Math.trunc(a / b) : a % b;
  }
  throw new AsmError('syntax', `unknown operator '${op}'`, token.col, token.end - token.col);
}

/**
 * A string as a number, as ASL reads one: up to 4 characters, each through the code page, the
 * first in the highest byte (`'AB'` is 0x4142). KTAA's `hiword('GAME')` reads characters so.
 */
function stringValue(t: Token, ctx: ExprContext): number {
  if (t.text.length < 1 || t.text.length > 4)
    throw new AsmError('syntax', 'a string in an expression must be 1 to 4 characters', t.col, t.end - t.col);
  let v = 0;
  for (const ch of t.text) {
    const code = ch.charCodeAt(0);
    v = ((v << 8) | ((ctx.translate ? ctx.translate(code) : code) & 0xff)) >>> 0;
  }
  return v | 0;
}

type StringFunction = (arg: Token, ctx: ExprContext, depth: number) => number | undefined;

/** ASL's built-in VAL (the string's text evaluated as an expression) and STRLEN. */
function stringFunction(name: string): StringFunction | undefined {
  const key = name.toUpperCase();
  if (key === 'STRLEN') return (arg) => arg.text.length;
  if (key !== 'VAL') return undefined;
  return (arg, ctx, depth) => {
    try {
      if (depth > MAX_EXPR_DEPTH) throw new AsmError('expression-depth', 'VAL nested too deep', 0, 0);
      return evaluate(tokenize(arg.text), ctx, depth);
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      // The columns are inside the string: point at the whole string instead.
      throw new AsmError(e.code, `${e.message} (in VAL's string)`, arg.col, arg.end - arg.col);
    }
  };
}

/**
 * Evaluates tokens[start, end) as one expression. Integers are 32-bit signed. The result is
 * `undefined` when it depends on a symbol not known yet.
 */
export function evaluate(tokens: readonly Token[], ctx: ExprContext, outerDepth = 0): number | undefined {
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

  const binary = (level: number): number | undefined => {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    while (isOp(peek(), ...LEVELS[level])) {
      const op = tokens[pos++];
      const right = binary(level + 1);
      left = left === undefined || right === undefined ? undefined : apply(op.text, left, right, op);
    }
    return left;
  };

  const unary = (): number | undefined => {
    const t = peek();
    // `~~` is ASL's logical NOT (as `!` is C's).
    if (isOp(t, '-', '+', '~', '!', '~~')) {
      pos++;
      deeper(t!);
      const v = unary();
      depth--;
      if (v === undefined) return undefined;
      return t!.text === '-' ? -v : t!.text === '~' ? ~v : t!.text === '!' || t!.text === '~~' ? (v ? 0 : 1) : v;
    }
    if (t && t.kind === 'ident' && /^(high|low)$/i.test(t.text) && pos + 1 < tokens.length) {
      pos++;
      deeper(t);
      const v = unary();
      depth--;
      if (v === undefined) return undefined;
      return t.text.toLowerCase() === 'high' ? (v >> 8) & 0xff : v & 0xff;
    }
    return primary();
  };

  const primary = (): number | undefined => {
    const t = tokens[pos];
    if (!t) return fail(t, 'expression ends too early');
    pos++;
    if (t.kind === 'number') return t.value;
    if (t.kind === 'string') return stringValue(t, ctx);
    if (t.kind === 'ident') {
      const builtin = stringFunction(t.text);
      if (builtin && isOp(peek(), '(')) return stringCall(t, builtin);
      const fn = isOp(peek(), '(') ? ctx.functions?.(t.text, t) : undefined;
      if (fn) return call(t, fn);
      return ctx.lookup(t.text, t);
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

  /** `val("expr")` / `strlen("text")`: ASL's functions of a string, the argument one string. */
  const stringCall = (t: Token, fn: StringFunction): number | undefined => {
    const arg = tokens[pos + 1];
    if (arg?.kind !== 'string' || !isOp(tokens[pos + 2], ')')) fail(t, `${t.text}() takes one string in quotes`);
    pos += 3;
    deeper(t);
    const v = fn(arg, ctx, depth);
    depth--;
    return v;
  };

  const call = (t: Token, fn: ExprFunction): number | undefined => {
    deeper(t);
    pos++; // '('
    const args: (number | undefined)[] = [];
    if (!isOp(peek(), ')')) {
      for (;;) {
        args.push(binary(0));
        if (!isOp(peek(), ',')) break;
        pos++;
      }
    }
    if (!isOp(peek(), ')')) fail(peek(), "missing ')' after the function's arguments");
    pos++;
    depth--;
    if (args.length !== fn.params) {
      throw new AsmError(
        'function-arguments',
        `function '${t.text}' takes ${fn.params} argument${fn.params === 1 ? '' : 's'}, got ${args.length}`,
        t.col,
        t.end - t.col,
      );
    }
    if (args.some((a) => a === undefined)) return undefined;
    return fn.call(args as number[], t);
  };

  const value = binary(0);
  if (pos < tokens.length) fail(tokens[pos], `unexpected '${tokens[pos].text}' after expression`);
  return value;
}
