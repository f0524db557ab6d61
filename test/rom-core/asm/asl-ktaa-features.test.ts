import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';
import { bytesOf, errorsOf, ok } from './helpers.ts';

// The ASL features KTAA (test/programs/third-party/gust-ktaa) needs. The expected bytes of the
// sources marked "ASL:" were checked against ASL 1.42 (the build its README describes).
const src = (...lines: string[]): string => [' cpu 8048', ' org 400h', ...lines].join('\n');

describe('REPT / IRP / IRPC', () => {
  it('REPT repeats its body; 0 repeats it no times (ASL: 00 00 00)', () => {
    expect(bytesOf(src(' rept 3', ' nop', ' endm', ' rept 0', ' ret', ' endm'))).toEqual([0, 0, 0]);
  });

  it('REPT nests, and a REPT inside a macro gets the macro parameters first', () => {
    const r = bytesOf(src('m macro n, v', ' rept n', ' rept 2', ' db v', ' endm', ' endm', ' endm', ' m 2, 7'));
    expect(r).toEqual([7, 7, 7, 7]);
  });

  it("IRPC runs once per character of a string, the name replaced inside quotes (ASL: 'c'+1 gives 42 43)", () => {
    expect(bytesOf(src(' irpc c,"AB"', " db 'c'+1", ' endm'))).toEqual([0x42, 0x43]);
  });

  it('IRPC refuses a text without quotes, as ASL does, and swallows its body', () => {
    expect(errorsOf(src(' irpc c,abc', " db 'c'", ' endm')).map((e) => e.code)).toEqual(['syntax']);
  });

  it('IRP runs once per item (ASL: mov r0,a / mov r1,a)', () => {
    expect(bytesOf(src(' irp r,r0,r1', ' mov r,a', ' endm'))).toEqual([0xa8, 0xa9]);
  });

  it('gives each repetition its own .local labels', () => {
    const r = ok(src('main:', ' rept 2', '.l: djnz r0,.l', ' endm'));
    expect(Array.from(r.bytes)).toEqual([0xe8, 0x00, 0xe8, 0x02]);
  });

  it('a REPT without ENDM and a REPT with a bad count are errors, the body not read as code', () => {
    expect(errorsOf(src(' rept 2', ' nop')).map((e) => e.code)).toContain('unterminated-macro');
    const bad = errorsOf(src(' rept later', ' frob', ' endm', 'later nop'));
    expect(bad.map((e) => e.code)).toEqual(['forward-reference']);
  });

  it('a REPT is counted in the expansion limits', () => {
    const r = assemble(src(' rept 1000000', ' nop', ' endm'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['macro-expansion']);
  });
});

describe('macros as ASL replaces their parameters', () => {
  it('inside a longer name joined by _ (KTAA: name_bank label $)', () => {
    const r = ok(src('entry macro name', 'name_bank label $', ' jmp name', ' endm', ' entry start', 'start nop'));
    expect(r.symbols.get('start_bank')).toBe(0x400);
    expect(Array.from(r.bytes)).toEqual([0x84, 0x02, 0x00]);
  });

  it('a macro may take a mnemonic name; !name is the instruction (ASL: 84 03 00 ...)', () => {
    const bytes = bytesOf(
      src(
        'jmp macro addr',
        ' !jmp addr & 7ffh',
        ' !nop',
        ' endm',
        'main section main',
        ' jmp .end',
        '.end ret',
        ' endsection main',
      ),
    );
    expect(bytes).toEqual([0x84, 0x03, 0x00, 0x83]);
  });

  it("a .name used in a macro is the caller's when the expansion has none (KTAA's jmp .end)", () => {
    const r = ok(src('go macro t', ' jmp t', ' endm', 'here:', ' go .x', '.x nop'));
    expect(Array.from(r.bytes)).toEqual([0x84, 0x02, 0x00]);
  });
});

describe('strings and functions in expressions', () => {
  it("a string of 1 to 4 characters is a number, the first character highest (ASL: 'AB' is 4142h)", () => {
    expect(bytesOf(src(' include "bitfuncs.inc"', " db hi('AB'), lo('AB'), 'ABCD' >> 24"))).toEqual([0x41, 0x42, 0x41]);
  });

  it('a string of 5 characters in an expression is an error', () => {
    expect(errorsOf(src(" db 'ABCDE' & 1")).map((e) => e.code)).toEqual(['syntax']);
  });

  it('a string number goes through the code page', () => {
    expect(bytesOf(src(' codepage x', " charset 'A', 1", " db 'AA' & 0ffh, 'AA' >> 8"))).toEqual([1, 1]);
  });

  it('val() evaluates its string, strlen() counts it, ~~ is the logical NOT (ASL: 05 05 01 00)', () => {
    expect(bytesOf(src(' db strlen("hello"), val("2+3"), ~~0, ~~7'))).toEqual([5, 5, 1, 0]);
  });

  it("val() sees the symbols and $ of its line (KTAA's assert)", () => {
    const assert = [
      ' include "bitfuncs.inc"',
      'assert macro expr',
      ' if (~~val(expr))',
      ' error expr',
      ' endif',
      ' endm',
    ];
    expect(bytesOf(src(...assert, 'a: nop', ' assert "hi(a) == hi($)"', ' nop'))).toEqual([0, 0]);
    const e = errorsOf(src(...assert, ' org 4ffh', 'a: nop', ' assert "hi(a) == hi($)"'));
    expect(e).toMatchObject([{ code: 'user-error', message: expect.stringContaining('hi(a) == hi($)') }]);
  });

  it('an error inside val() points at the string', () => {
    expect(errorsOf(src(' db val("2+")'))).toMatchObject([{ column: 9, length: 4 }]);
  });
});

describe('LABEL, ERROR, labels before IF, a lone colon', () => {
  it('LABEL defines a label of that value (ASL: x label $+2 ... 10)', () => {
    const r = ok(src(' nop', 'x label $+2', ' db x & 0ffh'));
    expect(r.symbols.get('x')).toBe(0x403);
    expect(Array.from(r.bytes)).toEqual([0, 3]);
  });

  it('ERROR reports the source its own error, only where assembled', () => {
    expect(errorsOf(src(' if 0', ' error "no"', ' endif', ' error "yes"'))).toMatchObject([
      { code: 'user-error', message: 'yes', line: 6 },
    ]);
  });

  it('a label may stand before IFDEF / ELSE / ENDIF; IFNDEF sees labels (ASL: 02 ...)', () => {
    const r = ok(
      src('skip ifdef UNDEFINED_THING', ' db 1', ' else', ' db 2', ' endif', ' ifndef main', ' db 3', ' endif'),
    );
    expect(Array.from(r.bytes)).toEqual([2, 3]);
    expect(r.symbols.get('skip')).toBe(0x400);
    const named = ok(src('top nop', 'mid: ifdef top', ' db 5', ' endif'));
    expect(named.symbols.get('mid')).toBe(0x401);
    expect(Array.from(named.bytes)).toEqual([0, 5]);
  });

  it('a line holding only : is an empty label (KTAA bank 3, line 6)', () => {
    expect(bytesOf(src(':', ' nop'))).toEqual([0]);
  });

  it("a word in column 1 is a label even when it is a directive's name (Gust's palntsc: error mov r1,a)", () => {
    const r = ok(src(' jz error', 'error mov r1,a'));
    expect(r.symbols.get('error')).toBe(0x402);
  });
});

describe("ASL's passes (MOMPASS)", () => {
  it('one pass when nothing is used before its definition (ASL: 01)', () => {
    expect(bytesOf(src(' db mompass', ' if mompass=2', ' nop', ' endif'))).toEqual([1]);
  });

  it('two passes for a forward reference (ASL: 84 02 02)', () => {
    expect(bytesOf(src(' jmp later', 'later db mompass'))).toEqual([0x84, 0x02, 2]);
  });

  it('a third pass when a label moves: an IF on MOMPASS (ASL: 03 00 84 04 03)', () => {
    expect(bytesOf(src(' db mompass', ' if mompass > 1', ' nop', ' endif', ' jmp x', 'x db mompass'))).toEqual([
      3, 0, 0x84, 0x04, 3,
    ]);
  });

  it('a macro defined after its first use is used there from pass 2 on (ASL: 84 06 27 37 27 37 03)', () => {
    const code = src(
      ' jmp later',
      ' clr a',
      'clr macro r',
      ' !clr r',
      ' !cpl r',
      ' endm',
      ' clr a',
      'later db mompass',
    );
    expect(bytesOf(code)).toEqual([0x84, 0x06, 0x27, 0x37, 0x27, 0x37, 3]);
  });

  it('an EQU of a later symbol is defined in pass 2, not moved (ASL: 00 02 and 05 02)', () => {
    expect(bytesOf(src('x equ later', 'later db x & 0ffh, mompass'))).toEqual([0, 2]);
    expect(bytesOf(src('a equ b', 'b equ 5', ' db a, mompass'))).toEqual([5, 2]);
  });

  it('a source whose labels never settle stops with phase errors', () => {
    // Each pass the IF flips, so x moves every time.
    const e = errorsOf(src(' if x = 400h', ' nop', ' endif', 'x nop'));
    expect(e.map((d) => d.code)).toContain('forward-reference');
    const moving = errorsOf(src(' jmp x', ' if mompass % 2', ' nop', ' endif', 'x nop'));
    expect(moving.map((d) => d.code)).toEqual(['phase']);
    // As ASL, no pass after one with errors (from pass 2): the error, not 16 passes and a phase error.
    const wrong = errorsOf(src(' jmp x', ' if mompass % 2', ' nop', ' endif', 'x nop', ' frob'));
    expect(wrong.map((d) => d.code)).toEqual(['unknown-mnemonic']);
  });
});
