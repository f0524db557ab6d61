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
   * XOR, `><` bit mirror, and the order is ASL's, not C's (see ASL_LEVELS). Without it, C's: `^` is XOR.
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
 * comparisons, 17 `!!`, 16 `||`, 15 `&&`, 13 `+ -`, 11 `* / #`, 8 `^`, 7 `!`, 6 `|`, 5 `&`, 4 `><`,
 * 3 `<< >>`; the smaller the rank, the tighter). Unlike C, shifts and bit operators bind tighter than `*` and `+`
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
  ['><'],
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

/**
 * ASL's `a >< n` (its operator.c, BitMirrorOp): the lowest `n` bits of `a` in reverse order, the bits
 * above them kept as they are (`0F1h >< 4` is 0F8h). ASL refuses a count outside 1..32 with a range
 * error; so do we, and the value is then not used.
 */
function mirror(a: number, n: number, token: Token): number {
  if (n < 1 || n > 32) {
    const message = `the bit count of >< must be 1 to 32 (ASL mirrors that many low bits), not ${n}`;
    throw new AsmError('out-of-range', message, token.col, token.end - token.col);
  }
  let low = 0;
  for (let z = 0; z < n; z++) if ((a & (1 << (n - 1 - z))) !== 0) low |= 1 << z;
  // A shift by 32 is a shift by 0 in JavaScript: with n 32 no bit is kept above the mirrored ones.
  const high = n === 32 ? 0 : (a >> n) << n;
  return high | low;
}

/** The binary operators whose meaning differs in ASL's reading: `^` power, `!` XOR, `!!` logical XOR, `><`. */
function applyAsl(op: string, a: number, b: number, token: Token): number {
  if (op === '><') return mirror(a, b, token);
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
  return new ExprReader(tokens, ctx, outerDepth).expression();
}

/** Reads one expression by recursive descent: `pos` is the next token, `depth` the nesting so far. */
class ExprReader {
  private readonly tokens: readonly Token[];
  private readonly ctx: ExprContext;
  private readonly levels: readonly (readonly string[])[];
  private pos = 0;
  private depth: number;

  constructor(tokens: readonly Token[], ctx: ExprContext, outerDepth: number) {
    this.tokens = tokens;
    this.ctx = ctx;
    this.levels = ctx.asl ? ASL_LEVELS : LEVELS;
    this.depth = outerDepth;
  }

  /** The whole expression; tokens left after it are an error. */
  expression(): ExprValue | undefined {
    const value = this.binary(0);
    const { tokens, pos } = this;
    if (pos < tokens.length) this.fail(tokens[pos], `unexpected '${tokens[pos].text}' after expression`);
    return value;
  }

  private deeper(t: Token): void {
    if (++this.depth > MAX_EXPR_DEPTH) {
      throw new AsmError(
        'expression-depth',
        `expression nested more than ${MAX_EXPR_DEPTH} deep (parentheses or unary operators)`,
        t.col,
        t.end - t.col,
      );
    }
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private isOp(t: Token | undefined, ...ops: string[]): boolean {
    return !!t && t.kind === 'op' && ops.includes(t.text);
  }

  /** A syntax error at `t`, or just after the last token when the expression ends too early. */
  private fail(t: Token | undefined, message: string): never {
    const last = this.tokens[this.tokens.length - 1];
    if (!t) throw new AsmError('syntax', message, last.end, 1);
    throw new AsmError('syntax', message, t.col, t.end - t.col);
  }

  private int(v: ExprValue, t: Token): number {
    return typeof v === 'string' ? stringValue(v, t, this.ctx) : v;
  }

  /** The operators of `level` and the tighter ones below it, left to right. */
  private binary(level: number): ExprValue | undefined {
    if (level === this.levels.length) return this.unary();
    let left = this.binary(level + 1);
    while (this.isOp(this.peek(), ...this.levels[level])) {
      const op = this.tokens[this.pos++];
      const right = this.binary(level + 1);
      left = left === undefined || right === undefined ? undefined : this.combine(op, left, right);
    }
    return left;
  }

  /** ASL joins two strings with `+` and compares strings as strings; anything else is integer work. */
  private combine(op: Token, a: ExprValue, b: ExprValue): ExprValue {
    if (typeof a === 'string' && typeof b === 'string') {
      if (op.text === '+') return a + b;
      const order = a < b ? -1 : a > b ? 1 : 0;
      if (['==', '=', '!=', '<>', '<', '<=', '>', '>='].includes(op.text)) return apply(op.text, order, 0, op);
    }
    return (this.ctx.asl ? applyAsl : apply)(op.text, this.int(a, op), this.int(b, op), op);
  }

  private unary(): ExprValue | undefined {
    const t = this.peek();
    // `~~` is ASL's logical NOT (as `!` is C's); `!!x` (the lexer's one token) is two of them.
    if (this.isOp(t, '-', '+', '~', '!', '~~', '!!')) {
      this.pos++;
      this.deeper(t!);
      const u = this.unary();
      this.depth--;
      if (u === undefined) return undefined;
      const v = this.int(u, t!);
      if (t!.text === '!!') return v ? 1 : 0;
      return t!.text === '-' ? -v : t!.text === '~' ? ~v : t!.text === '!' || t!.text === '~~' ? (v ? 0 : 1) : v;
    }
    if (t && t.kind === 'ident' && /^(high|low)$/i.test(t.text) && this.pos + 1 < this.tokens.length) {
      this.pos++;
      this.deeper(t);
      const u = this.unary();
      this.depth--;
      if (u === undefined) return undefined;
      const v = this.int(u, t);
      return t.text.toLowerCase() === 'high' ? (v >> 8) & 0xff : v & 0xff;
    }
    return this.primary();
  }

  private primary(): ExprValue | undefined {
    const t = this.tokens[this.pos];
    if (!t) return this.fail(t, 'expression ends too early');
    this.pos++;
    if (t.kind === 'number') return t.value;
    if (t.kind === 'string') return t.text;
    if (t.kind === 'ident') {
      const builtin = this.isOp(this.peek(), '(') ? STRING_BUILTINS.get(t.text.toUpperCase()) : undefined;
      const fn = this.isOp(this.peek(), '(') ? this.ctx.functions?.(t.text, t) : undefined;
      if (fn) return this.call(t, fn);
      if (builtin) return this.builtinCall(t, builtin.args, builtin.call);
      return this.ctx.strings?.(t.text, t) ?? this.ctx.lookup(t.text, t);
    }
    if (this.isOp(t, '$')) return this.ctx.here;
    if (this.isOp(t, '(')) {
      this.deeper(t);
      const v = this.binary(0);
      this.depth--;
      if (!this.isOp(this.peek(), ')')) this.fail(this.peek(), "missing ')'");
      this.pos++;
      return v;
    }
    return this.fail(t, `unexpected '${t.text}' in expression`);
  }

  /** The arguments' values; `spans` gets a token spanning each argument as written (for messages). */
  private argumentList(t: Token, spans: Token[] = []): (ExprValue | undefined)[] {
    this.deeper(t);
    this.pos++; // '('
    const args: (ExprValue | undefined)[] = [];
    if (!this.isOp(this.peek(), ')')) {
      for (;;) {
        const from = this.tokens[this.pos];
        args.push(this.binary(0));
        const to = this.tokens[this.pos - 1];
        if (from && to) spans.push({ ...from, col: from.col, end: to.end });
        if (!this.isOp(this.peek(), ',')) break;
        this.pos++;
      }
    }
    if (!this.isOp(this.peek(), ')')) this.fail(this.peek(), "missing ')' after the function's arguments");
    this.pos++;
    this.depth--;
    return args;
  }

  private countCheck(t: Token, want: number, got: number): void {
    if (got !== want)
      throw new AsmError(
        'function-arguments',
        `function '${t.text}' takes ${want} argument${want === 1 ? '' : 's'}, got ${got}`,
        t.col,
        t.end - t.col,
      );
  }

  /** ASL's SUBSTR, CHARFROMSTR, STRLEN, VAL... (string-functions.ts): each argument of the type it asks. */
  private builtinCall(
    t: Token,
    kinds: readonly ('string' | 'int')[],
    fn: (args: ExprValue[], t: Token, ev: (text: string) => number | undefined) => ExprValue | undefined,
  ): ExprValue | undefined {
    const spans: Token[] = [];
    const args = this.argumentList(t, spans);
    this.countCheck(t, kinds.length, args.length);
    if (args.some((a) => a === undefined)) return undefined;
    const typed = (args as ExprValue[]).map((a, k) => {
      if (kinds[k] === 'int') return this.int(a, t);
      if (typeof a !== 'string')
        throw new AsmError('syntax', `argument ${k + 1} of ${t.text}() must be a string`, t.col, t.end - t.col);
      return a;
    });
    this.deeper(t);
    const v = fn(typed, spans[0] ?? t, (text) => evaluate(tokenize(text), this.ctx, this.depth));
    this.depth--;
    return v;
  }

  /** A FUNCTION the source defined: its arguments as integers. */
  private call(t: Token, fn: ExprFunction): number | undefined {
    const args = this.argumentList(t);
    this.countCheck(t, fn.params, args.length);
    if (args.some((a) => a === undefined)) return undefined;
    return fn.call(
      (args as ExprValue[]).map((a) => this.int(a, t)),
      t,
    );
  }
}
