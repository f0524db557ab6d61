/**
 * ASL's built-in functions of strings (its function.c table): SUBSTR, CHARFROMSTR, STRSTR, STRLEN,
 * UPSTRING, LOWSTRING and VAL, with the argument types and results ASL gives them. Values in
 * expressions are 32-bit integers or strings (expr.ts).
 */
import { AsmError } from './diagnostic.ts';
import type { Token } from './lexer.ts';

export type ExprValue = number | string;

export interface StringBuiltin {
  /** The type of each argument: ASL refuses a wrong one. */
  args: readonly ('string' | 'int')[];
  /** `token` spans the first argument as written; VAL needs the evaluator itself (its string is an expression). */
  call: (args: ExprValue[], token: Token, evaluate: (text: string) => number | undefined) => ExprValue | undefined;
}

const str = (v: ExprValue): string => v as string;
const int = (v: ExprValue): number => v as number;

export const STRING_BUILTINS: ReadonlyMap<string, StringBuiltin> = new Map<string, StringBuiltin>([
  [
    'SUBSTR',
    {
      // SUBSTR(s, start, count): at most `count` characters from `start` (0-based); count 0 means to the end.
      args: ['string', 'int', 'int'],
      call: ([s, start, count], token) => {
        if (int(start) < 0)
          throw new AsmError('out-of-range', 'SUBSTR start must be 0 or more', token.col, token.end - token.col);
        let n = str(s).length - int(start);
        if (int(count) !== 0 && int(count) < n) n = int(count);
        return n <= 0 ? '' : str(s).slice(int(start), int(start) + n);
      },
    },
  ],
  [
    'CHARFROMSTR',
    {
      // The code of the character at a position (0-based), -1 outside the string.
      args: ['string', 'int'],
      call: ([s, at]) => (int(at) >= 0 && int(at) < str(s).length ? str(s).charCodeAt(int(at)) : -1),
    },
  ],
  ['STRSTR', { args: ['string', 'string'], call: ([s, find]) => str(s).indexOf(str(find)) }],
  ['STRLEN', { args: ['string'], call: ([s]) => str(s).length }],
  ['UPSTRING', { args: ['string'], call: ([s]) => str(s).toUpperCase() }],
  ['LOWSTRING', { args: ['string'], call: ([s]) => str(s).toLowerCase() }],
  [
    'VAL',
    {
      args: ['string'],
      call: ([s], token, evaluate) => {
        try {
          return evaluate(str(s));
        } catch (e) {
          if (!(e instanceof AsmError)) throw e;
          // The columns are inside the string: point at the call instead.
          throw new AsmError(e.code, `${e.message} (in VAL's string)`, token.col, token.end - token.col);
        }
      },
    },
  ],
]);

/** ASL's date and time symbols, as its nls.c writes them on Unix in the C locale (strftime "%m/%d/%y" and "%H:%M:%S"). */
export function aslDateTime(now: Date): { date: string; time: string } {
  const two = (n: number): string => String(n).padStart(2, '0');
  return {
    date: `${two(now.getMonth() + 1)}/${two(now.getDate())}/${two(now.getFullYear() % 100)}`,
    time: `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`,
  };
}
