/**
 * Inputs built to break the assembler (issue 14 item 5): each ends in a diagnostic at the right
 * place, in bounded time and memory, instead of a crash, minutes of work or a flood of messages.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ERRORS, assemble, formatDiagnostic } from '../../../rom-core/asm/index.ts';
import { MAX_EXPR_DEPTH } from '../../../rom-core/asm/expr.ts';

const errors = (source: string) => assemble(source).diagnostics.filter((d) => d.severity === 'error');

describe('assembler limits', () => {
  it('refuses 1,000 nested parentheses with a diagnostic at the operand (no stack overflow)', () => {
    const source = ` org 400h\n mov a,#${'('.repeat(1000)}1${')'.repeat(1000)}\n`;
    const [e, ...more] = errors(source);
    expect(more).toEqual([]);
    expect(e).toMatchObject({
      code: 'expression-depth',
      line: 2,
      message: `expression nested more than ${MAX_EXPR_DEPTH} deep (parentheses or unary operators)`,
    });
    // The underline sits inside the operand (the parenthesis where the limit was passed).
    expect(e.column).toBe(' mov a,#'.length + MAX_EXPR_DEPTH + 1);
  });

  it('refuses a long unary chain the same way, and still takes deep but sane expressions', () => {
    expect(errors(` org 400h\n db ${'-'.repeat(5000)}1\n`)[0]).toMatchObject({ code: 'expression-depth', line: 2 });
    // `~ ` spaced: `~~` is ASL's logical NOT, a different operator.
    const ok = assemble(` org 400h\n db ${'('.repeat(100)}${'~ '.repeat(50)}1${')'.repeat(100)} & 0FFh\n`);
    expect(ok.ok).toBe(true);
    expect(Array.from(ok.bytes)).toEqual([0x01]);
  });

  it('stops a macro that calls the next level twice (2^32 expansions) with one kind of error, quickly', () => {
    // L0 calls nothing; each Ln calls Ln-1 twice: expanding L31 would bring in 2^31 bodies.
    const lines = [' org 400h', 'L0 macro', ' nop', ' endm'];
    for (let n = 1; n < 32; n++) lines.push(`L${n} macro`, ` L${n - 1}`, ` L${n - 1}`, ' endm');
    lines.push(' L31');
    const r = assemble(lines.join('\n') + '\n');
    expect(r.ok).toBe(false);
    const codes = new Set(r.diagnostics.map((d) => d.code));
    expect([...codes].sort()).toEqual(['macro-expansion', 'too-many-errors'].filter((c) => codes.has(c)).sort());
    expect(r.diagnostics[0].message).toMatch(
      /^macro 'L\d+' not expanded: macros were called more than 100000 times or brought in more than 2000000 lines in one pass/,
    );
  });

  it('takes IF blocks nested 5,000 deep (each line asks only the innermost block)', () => {
    const depth = 5000;
    const source = ` org 400h\n${' if 1\n'.repeat(depth)} db 7\n${' endif\n'.repeat(depth)}${' if 0\n'.repeat(depth)} db 8\n${' endif\n'.repeat(depth)}`;
    const r = assemble(source);
    expect(r.diagnostics).toEqual([]);
    expect(Array.from(r.bytes)).toEqual([7]);
  });

  it('keeps ELSE and ELSEIF right inside skipped and taken blocks', () => {
    const r = assemble(
      ' org 400h\n if 0\n  if 1\n   db 1\n  else\n   db 2\n  endif\n elseif 1\n  if 0\n   db 3\n  elseif 1\n   db 4\n  else\n   db 5\n  endif\n else\n  db 6\n endif\n',
    );
    expect(r.diagnostics).toEqual([]);
    expect(Array.from(r.bytes)).toEqual([4]);
  });

  it(`reports the first ${MAX_ERRORS} errors and counts the rest in one last line`, () => {
    const r = assemble(' org 400h\n' + ' jmp nowhere\n'.repeat(1000));
    const shown = r.diagnostics.filter((d) => d.code !== 'too-many-errors');
    expect(shown).toHaveLength(MAX_ERRORS);
    expect(r.diagnostics[r.diagnostics.length - 1]).toMatchObject({
      code: 'too-many-errors',
      message: `900 more errors not shown (the first ${MAX_ERRORS} are)`,
    });
    expect(r.errorCount).toBe(1000);
  });

  it('shows control and text-direction characters of a source escaped, never raw, with the underline in step', () => {
    const r = assemble(' org 400h\n db 1\x1b[31m2\n');
    expect(r.ok).toBe(false);
    const text = r.diagnostics.map(formatDiagnostic).join('\n');
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(text).toContain('\\x1B');
    const rtl = formatDiagnostic({
      severity: 'error',
      code: 'x',
      message: 'bad \u202e name',
      file: 'f.a48',
      line: 1,
      column: 5,
      length: 1,
      sourceLine: 'ab\u202ecd x',
    });
    expect(rtl).toBe('f.a48:1:5: error: bad \\u202E name\nab\\u202Ecd x\n         ~');
  });
});
