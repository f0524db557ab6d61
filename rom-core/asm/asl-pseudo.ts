/** ASL pseudo-ops of the 8048 beyond the common ones (directives.ts): ASSUME. */
import type { Token } from './lexer.ts';
import { splitOperands } from './lexer.ts';
import { AsmEmitter } from './emit.ts';

export abstract class AsmAslPseudo extends AsmEmitter {
  /**
   * ASL's `ASSUME MB:0` / `ASSUME MB:1` / `ASSUME MB:NOTHING` (its asmallg.c CodeASSUME; MB is the
   * one register code48.c lets ASSUME name, 0..1 for the 4 KB 8048). A value turns off the SEL MBx
   * byte ASL puts before a JMP or CALL into the other 2 KB half; NOTHING, the start of each pass,
   * turns it on again.
   */
  protected assume(op: Token, rest: Token[]): void {
    if (rest.length === 0) this.fail('syntax', 'ASSUME needs MB:0, MB:1 or MB:NOTHING', op.col, op.end - op.col);
    for (const part of splitOperands(rest)) {
      const [reg, colon, ...value] = part;
      if (!reg || reg.kind !== 'ident' || reg.text.toUpperCase() !== 'MB' || colon?.text !== ':' || !value.length)
        this.fail(
          'syntax',
          'ASSUME knows only MB on the 8048: ASSUME MB:0, MB:1 or MB:NOTHING',
          ...this.span(part.length ? part : [op]),
        );
      if (value.length === 1 && value[0].kind === 'ident' && value[0].text.toUpperCase() === 'NOTHING') {
        this.assumeMB = undefined;
        continue;
      }
      const v = this.value(value, 'now', 'ASSUME')!;
      if (v !== 0 && v !== 1)
        this.fail('out-of-range', `ASSUME MB:${v} is outside 0..1 (the 8048 has two 2 KB halves)`, ...this.span(value));
      this.assumeMB = v;
    }
    this.listLine('');
  }
}
