import { describe, expect, it } from 'vitest';
import { assemble, formatDiagnostic } from '../../../rom-core/asm/index.ts';
import { errorsOf } from './helpers.ts';

type Case = [
  name: string,
  source: string,
  expected: { code: string; message: string; line: number; column: number; length: number; severity?: string },
];

const cases: Case[] = [
  [
    'undefined symbol',
    ' nop\n jmp nowhere',
    { code: 'undefined-symbol', message: "undefined symbol 'nowhere'", line: 2, column: 6, length: 7 },
  ],
  [
    'unknown mnemonic',
    ' frob a',
    { code: 'unknown-mnemonic', message: "unknown mnemonic 'frob'", line: 1, column: 2, length: 4 },
  ],
  [
    'bad operand',
    ' mov a, r9',
    {
      code: 'bad-operand',
      message: "bad operand 'r9' for MOV; expected #value, T, PSW, @R0, @R1, R0-R7",
      line: 1,
      column: 9,
      length: 2,
    },
  ],
  [
    'immediate without #',
    ' add a,5',
    {
      code: 'bad-operand',
      message: "bad operand '5' for ADD; expected #value, @R0, @R1, R0-R7",
      line: 1,
      column: 8,
      length: 1,
    },
  ],
  [
    'operand count',
    ' nop a',
    { code: 'operand-count', message: 'NOP takes no operands, not 1', line: 1, column: 6, length: 1 },
  ],
  ['missing operand', ' mov a,', { code: 'syntax', message: 'missing operand', line: 1, column: 2, length: 6 }],
  [
    'immediate too big',
    ' mov a,#256',
    {
      code: 'out-of-range',
      message: 'immediate 256 does not fit in a byte (-128..255)',
      line: 1,
      column: 9,
      length: 3,
    },
  ],
  [
    'immediate too small',
    ' mov a,#-129',
    {
      code: 'out-of-range',
      message: 'immediate -129 does not fit in a byte (-128..255)',
      line: 1,
      column: 9,
      length: 4,
    },
  ],
  [
    'jump beyond 12 bits',
    ' jmp 0x1000',
    {
      code: 'out-of-range',
      message: 'JMP target 0x1000 is outside the 4 KB program space (0x000-0xFFF)',
      line: 1,
      column: 6,
      length: 6,
    },
  ],
  [
    'conditional jump off the page',
    ' org 0x2f0\nback: nop\n org 0x2ff\n jz back',
    {
      code: 'page-crossing',
      message: 'JZ target 0x2F0 is not in page 0x300 of its operand byte',
      line: 4,
      column: 5,
      length: 4,
    },
  ],
  [
    'DJNZ off the page',
    ' org 0x1ff\n djnz r1, 0x1fe',
    {
      code: 'page-crossing',
      message: 'DJNZ target 0x1FE is not in page 0x200 of its operand byte',
      line: 2,
      column: 11,
      length: 5,
    },
  ],
  [
    'DB value too big',
    ' db 1, 300',
    { code: 'out-of-range', message: 'value 300 does not fit in a byte (-128..255)', line: 1, column: 8, length: 3 },
  ],
  [
    'duplicate label',
    'x: nop\nx: nop',
    { code: 'duplicate-symbol', message: "'x' is already defined", line: 2, column: 1, length: 1 },
  ],
  [
    'ORG from a later symbol',
    ' org later\nlater: nop',
    { code: 'forward-reference', message: "'later' must be defined before ORG uses it", line: 1, column: 6, length: 5 },
  ],
  [
    'IF on a later symbol',
    ' if later\n endif\nlater equ 1',
    { code: 'forward-reference', message: "'later' must be defined before IF uses it", line: 1, column: 5, length: 5 },
  ],
  [
    'overlapping ORG',
    ' org 0x10\n db 1,2\n org 0x11\n db 3',
    { code: 'overlap', message: 'address 0x011 is already filled by <input>:2', line: 4, column: 1, length: 5 },
  ],
  [
    'division by zero',
    ' db 1/0',
    { code: 'division-by-zero', message: 'division by zero', line: 1, column: 6, length: 1 },
  ],
  ['bad number', ' db 12xh', { code: 'syntax', message: "bad number '12xh'", line: 1, column: 5, length: 4 }],
  [
    'unterminated string',
    ' db "abc',
    { code: 'syntax', message: 'unterminated string', line: 1, column: 5, length: 4 },
  ],
  ['missing parenthesis', ' db (1+2', { code: 'syntax', message: "missing ')'", line: 1, column: 9, length: 1 }],
  [
    'unterminated IF',
    ' nop\n if 1\n nop',
    { code: 'unterminated-if', message: 'IF without ENDIF', line: 2, column: 2, length: 2 },
  ],
  [
    'unterminated IFDEF',
    ' ifdef x\n  if 1\n  endif',
    { code: 'unterminated-if', message: 'IFDEF without ENDIF', line: 1, column: 2, length: 5 },
  ],
  [
    'second ELSE',
    ' if 1\n else\n else\n endif',
    { code: 'else-twice', message: 'second ELSE for one IF', line: 3, column: 2, length: 4 },
  ],
  ['ELSE without IF', ' else', { code: 'else-without-if', message: 'ELSE without IF', line: 1, column: 2, length: 4 }],
  [
    'ENDIF without IF',
    ' endif',
    { code: 'endif-without-if', message: 'ENDIF without IF', line: 1, column: 2, length: 5 },
  ],
  [
    'unterminated MACRO',
    'm macro\n nop',
    { code: 'unterminated-macro', message: "MACRO 'm' without ENDM", line: 1, column: 1, length: 1 },
  ],
  [
    'ENDM without MACRO',
    ' endm',
    { code: 'endm-without-macro', message: 'ENDM without MACRO', line: 1, column: 2, length: 4 },
  ],
  [
    'too many macro arguments',
    'm macro a\n endm\n m 1, 2',
    { code: 'macro-arguments', message: "macro 'm' takes 1 argument(s), got 2", line: 3, column: 4, length: 4 },
  ],
  [
    'macro recursion',
    'm macro\n m\n endm\n m',
    {
      code: 'macro-recursion',
      message:
        "macro 'm' nested more than 32 deep (does it call itself without an IF to stop?) (in macro 'm' used at <input>:2)",
      line: 2,
      column: 2,
      length: 1,
    },
  ],
  [
    'INCLUDE without a reader',
    ' include "g7000.h"',
    {
      code: 'missing-include',
      message: 'cannot include "g7000.h": no file reader was given',
      line: 1,
      column: 10,
      length: 9,
    },
  ],
  [
    'local label before any global',
    '.x: nop',
    { code: 'syntax', message: "local label '.x' needs a global label before it", line: 1, column: 1, length: 2 },
  ],
];

describe('each mistake gets one diagnostic with its position', () => {
  it.each(cases)('%s', (_name, source, expected) => {
    expect(errorsOf(source)).toEqual([{ severity: 'error', ...expected }]);
  });

  it('a missing include file, as the reader reports it', () => {
    const e = errorsOf(' include "nothere.h"', {
      readFile: () => {
        throw new Error('no such file');
      },
    });
    expect(e).toEqual([
      {
        severity: 'error',
        code: 'missing-include',
        message: 'cannot include "nothere.h": no such file',
        line: 1,
        column: 10,
        length: 11,
      },
    ]);
  });

  it('a file that includes itself', () => {
    const e = errorsOf(' include "self.a48"', { readFile: () => ' include "self.a48"' });
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ code: 'include-depth', line: 1, column: 10 });
  });

  it('JMP into the other 2 KB half gets its SEL MB1 byte, as ASL puts it (bank-select.test.ts); no diagnostic', () => {
    const r = assemble(' org 0x100\n jmp 0x900');
    expect(r.ok).toBe(true);
    expect(Array.from(r.bytes)).toEqual([0xf5, 0x24, 0x00]);
    expect(r.diagnostics).toEqual([]);
  });

  it('after ASSUME MB:0 a JMP into the other half is bare, with a warning at its target', () => {
    const r = assemble(' org 0x100\n assume mb:0\n jmp 0x900');
    expect(Array.from(r.bytes)).toEqual([0x24, 0x00]);
    expect(r.diagnostics).toMatchObject([
      { severity: 'warning', code: 'bank-crossing', line: 3, column: 6, length: 5 },
    ]);
  });

  it('a 2-byte instruction at x7FFh is a warning: its operand byte comes from the start of the half', () => {
    const r = assemble(' org 0x7ff\n mov a,#1');
    expect(r.ok).toBe(true);
    expect(r.diagnostics).toMatchObject([
      {
        severity: 'warning',
        code: 'bank-wrap',
        line: 2,
        column: 2,
        length: 3,
        message:
          "the operand byte of this instruction at 0x7FF is read from 0x000, not 0x800: the 8048's PC does not carry into bit 11",
      },
    ]);
    expect(assemble(' org 0xfff\n nop').diagnostics).toEqual([]);
  });

  it('JMPP and MOVP at xFFh are a warning: they work in the next page', () => {
    const r = assemble(' org 0x4ff\n jmpp @a\n org 0x7ff\n movp a,@a');
    expect(r.ok).toBe(true);
    expect(r.diagnostics).toMatchObject([
      {
        severity: 'warning',
        code: 'page-wrap',
        line: 2,
        column: 2,
        length: 4,
        message: "JMPP at 0x4FF works in page 0x500 (the next instruction's), not page 0x400",
      },
      {
        severity: 'warning',
        code: 'page-wrap',
        line: 4,
        column: 2,
        length: 4,
        message: "MOVP at 0x7FF works in page 0x000 (the next instruction's), not page 0x700",
      },
    ]);
    expect(assemble(' org 0x4fe\n jmpp @a\n movp3 a,@a').diagnostics).toEqual([]);
  });

  it('a wrong line keeps its size, so later labels do not move', () => {
    const r = assemble(' jz 0x300\n mov a,#999\n db 1, 1/0\nafter: nop');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['page-crossing', 'out-of-range', 'division-by-zero']);
    expect(r.symbols.get('after')).toBe(6);
  });

  it('reports every bad line, not just the first', () => {
    expect(errorsOf(' foo\n bar\n nop\n baz').map((e) => e.line)).toEqual([1, 2, 4]);
  });
});

describe('formatDiagnostic', () => {
  it('prints file:line:col, the source line and a ~~~ underline under the operand', () => {
    const [d] = assemble('start:\n\tmov\ta,#toobig', { fileName: 'game.a48', defines: { toobig: 300 } }).diagnostics;
    expect(formatDiagnostic(d)).toBe(
      'game.a48:2:9: error: immediate 300 does not fit in a byte (-128..255)\n' +
        '\tmov\ta,#toobig\n' +
        '\t   \t   ~~~~~~',
    );
  });
});
