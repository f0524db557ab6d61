import { ROWS_BY_MNEMONIC, isValueKind } from '../i8048/opcodes.ts';
import type { OpcodeRow, ValueKind } from '../i8048/opcodes.ts';
import { AsmError } from './diagnostic.ts';
import type { Token } from './lexer.ts';

/** An operand as written: its tokens and its span in the line. */
export interface WrittenOperand {
  tokens: Token[];
  col: number;
  end: number;
}

/** The rows an instruction's operands fit, and where its value (if any) is written. */
export interface Match {
  rows: readonly OpcodeRow[];
  kind?: ValueKind;
  /** The expression tokens of the value operand (without `#`). */
  valueTokens?: Token[];
  valueOperand?: WrittenOperand;
}

/** `@ r0` and `@R0` are the same literal; compare without spaces and case. */
function literalText(op: WrittenOperand): string {
  return op.tokens
    .map((t) => t.text)
    .join('')
    .toUpperCase();
}

function fits(rowOperand: string, op: WrittenOperand): boolean {
  if (rowOperand === '#imm') return op.tokens[0].kind === 'op' && op.tokens[0].text === '#' && op.tokens.length > 1;
  if (isValueKind(rowOperand)) {
    const first = op.tokens[0];
    return !(first.kind === 'op' && (first.text === '#' || first.text === '@'));
  }
  return literalText(op) === rowOperand;
}

/** The written forms of one operand position across rows, compressed for messages (R0-R7). */
function expectedAt(rows: readonly OpcodeRow[], index: number): string {
  const seen: string[] = [];
  for (const r of rows) {
    const o = r.operands[index];
    if (o !== undefined && !seen.includes(o)) seen.push(o);
  }
  const text = seen.join(', ').replace('R0, R1, R2, R3, R4, R5, R6, R7', 'R0-R7').replace('P4, P5, P6, P7', 'P4-P7');
  return text.replace('#imm', '#value').replace(/addr11|addr8/, 'address');
}

export function isMnemonic(name: string): boolean {
  return ROWS_BY_MNEMONIC.has(name.toUpperCase());
}

/**
 * Finds the table rows whose operand pattern fits what was written. Rows that differ only in a
 * value (the eight JMP/CALL pages) all stay in the match; the caller picks one by the value.
 */
export function matchInstruction(mnemonic: Token, operands: WrittenOperand[]): Match {
  const name = mnemonic.text.toUpperCase();
  const rows = ROWS_BY_MNEMONIC.get(name);
  if (!rows)
    throw new AsmError(
      'unknown-mnemonic',
      `unknown mnemonic '${mnemonic.text}'`,
      mnemonic.col,
      mnemonic.end - mnemonic.col,
    );
  const counts = [...new Set(rows.map((r) => r.operands.length))];
  if (!counts.includes(operands.length)) {
    const want = counts.map((n) => (n === 0 ? 'no operands' : n === 1 ? '1 operand' : `${n} operands`)).join(' or ');
    const where = operands.length > 0 ? operands[0] : { col: mnemonic.col, end: mnemonic.end };
    const last = operands.length > 0 ? operands[operands.length - 1] : where;
    throw new AsmError(
      'operand-count',
      `${name} takes ${want}, not ${operands.length}`,
      where.col,
      last.end - where.col,
    );
  }
  let candidates = rows.filter((r) => r.operands.length === operands.length);
  for (let i = 0; i < operands.length; i++) {
    const next = candidates.filter((r) => fits(r.operands[i], operands[i]));
    if (next.length === 0) {
      const op = operands[i];
      const written = op.tokens.map((t) => t.text).join('');
      throw new AsmError(
        'bad-operand',
        `bad operand '${written}' for ${name}; expected ${expectedAt(candidates, i)}`,
        op.col,
        op.end - op.col,
      );
    }
    candidates = next;
  }
  const match: Match = { rows: candidates };
  const first = candidates[0];
  const index = first.operands.findIndex(isValueKind);
  if (index >= 0) {
    const op = operands[index];
    match.kind = first.operands[index] as ValueKind;
    match.valueOperand = op;
    match.valueTokens = match.kind === '#imm' ? op.tokens.slice(1) : op.tokens;
  }
  return match;
}
