/** IF / IFDEF / IFNDEF, ELSEIF, ELSE and ENDIF: which lines of a file or macro body are assembled. */
import type { Token } from './lexer.ts';
import type { SourceLine } from './source-lines.ts';
import { AsmRepeat } from './repeat.ts';
import { StatementAbort } from './assembler-state.ts';

/**
 * One open IF. Each keeps whether its enclosing block is active (`parent`), so a line asks only the
 * innermost one (nesting costs nothing per line, however deep).
 */
export interface Condition {
  active: boolean;
  taken: boolean;
  seenElse: boolean;
  parent: boolean;
  at: SourceLine;
  token: Token;
}

/** Whether a line under these open IFs is assembled. */
export function isActive(conditions: readonly Condition[]): boolean {
  return conditions.length === 0 || conditions[conditions.length - 1].active;
}

export abstract class AsmConditions extends AsmRepeat {
  /** IF, IFDEF or IFNDEF (`kw`, its operands after `lead` tokens): opens a block, active when it holds. */
  protected openCondition(
    conditions: Condition[],
    head: string,
    tokens: Token[],
    lead: number,
    kw: Token,
    line: SourceLine,
  ): void {
    let cond = false;
    const parent = isActive(conditions);
    if (parent) cond = this.conditionOrFalse(head, tokens.slice(lead + 1), kw);
    // A condition inside a skipped block is never active (taken, so no ELSE wakes it).
    conditions.push({ active: parent && cond, taken: !parent || cond, seenElse: false, parent, at: line, token: kw });
    this.listLine('');
  }

  /** ELSEIF, ELSE or ENDIF (`kw`): the innermost IF's next branch, or its end. */
  protected nextBranch(conditions: Condition[], head: string, tokens: Token[], lead: number, kw: Token): void {
    const top = conditions[conditions.length - 1];
    if (!top) {
      this.report(
        'error',
        head === 'ENDIF' ? 'endif-without-if' : 'else-without-if',
        `${head} without IF`,
        kw.col,
        kw.end - kw.col,
      );
    } else if (head === 'ELSEIF') {
      if (top.seenElse) this.report('error', 'else-twice', 'ELSEIF after ELSE', kw.col, kw.end - kw.col);
      const cond = top.taken ? false : this.conditionOrFalse('IF', tokens.slice(lead + 1), kw);
      top.active = top.parent && !top.taken && cond;
      top.taken ||= cond;
    } else if (head === 'ELSE') {
      if (top.seenElse) this.report('error', 'else-twice', 'second ELSE for one IF', kw.col, kw.end - kw.col);
      top.seenElse = true;
      top.active = top.parent && !top.taken;
      top.taken = true;
    } else {
      conditions.pop();
    }
    this.listLine('');
  }

  /** An error for each IF still open at the end of its file or macro body. */
  protected reportUnclosedConditions(conditions: readonly Condition[]): void {
    for (const c of conditions) {
      this.report(
        'error',
        'unterminated-if',
        `${c.token.text.toUpperCase()} without ENDIF`,
        c.token.col,
        c.token.end - c.token.col,
        c.at,
      );
    }
  }

  /** The condition, false when it is in error (the error is already reported). */
  private conditionOrFalse(head: string, rest: Token[], at: Token): boolean {
    try {
      return this.condition(head, rest, at);
    } catch (e) {
      if (!(e instanceof StatementAbort)) throw e;
      return false;
    }
  }

  protected condition(head: string, rest: Token[], at: Token): boolean {
    if (head === 'IF') {
      if (rest.length === 0) this.fail('syntax', 'IF needs a condition', at.col, at.end - at.col);
      return this.value(rest, 'now', 'IF') !== 0;
    }
    if (rest.length !== 1 || rest[0].kind !== 'ident') {
      const [c, l] = this.span(rest.length ? rest : [at]);
      this.fail('syntax', `${head} needs one symbol name`, c, l);
    }
    const known = this.definedThisPass.has(this.qualify(rest[0]));
    return head === 'IFDEF' ? known : !known;
  }
}
