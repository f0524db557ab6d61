/**
 * ASL's `WHILE condition` ... `ENDM`: the body repeated while the condition holds, evaluated before
 * each repetition; a condition that stays true stops with an error instead of running on. Bytes are
 * worked out by hand (INC A = 17h, MOV A,#n = 23h n).
 */
import { describe, expect, it } from 'vitest';
import { bytesOf, errorsOf } from './helpers.ts';

describe('WHILE / ENDM', () => {
  it('repeats while the condition holds, the body changing what it tests', () => {
    expect(bytesOf('n set 0\n while n < 4\n db n*2\nn set n+1\n endm\n')).toEqual([0, 2, 4, 6]);
    expect(bytesOf('k set 2\n while k > 0\n inc a\nk set k-1\n endm\n mov a,#5\n')).toEqual([0x17, 0x17, 0x23, 5]);
  });

  it('a condition false at the start makes nothing, and the body is not read as code', () => {
    expect(bytesOf(' while 0\n this is not code\n endm\n db 1\n')).toEqual([1]);
  });

  it('nests with REPT and runs inside a macro, its parameters replaced', () => {
    const src = [
      'fill macro count, v',
      'i set 0',
      ' while i < count',
      ' rept 2',
      ' db v',
      ' endm',
      'i set i+1',
      ' endm',
      ' endm',
      ' fill 2, 0AAh',
      ' fill 1, 55h',
    ].join('\n');
    expect(bytesOf(src)).toEqual([0xaa, 0xaa, 0xaa, 0xaa, 0x55, 0x55]);
  });

  it('a WHILE whose condition stays true stops with an error at the condition', () => {
    const errors = errorsOf(' while 1 == 1\n nop\n endm\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'macro-expansion', line: 1, severity: 'error' });
    // Columns are 1-based: the condition starts at column 8.
    expect(errors[0].column).toBe(8);
    expect(errors[0].message).toMatch(/^WHILE still true after 10000 repetitions: does its body change/);
  });

  it('a WHILE without a condition or without ENDM is an error', () => {
    expect(errorsOf(' while\n nop\n endm\n')[0]).toMatchObject({ code: 'syntax', line: 1 });
    expect(errorsOf('n set 0\n while n < 2\nn set n+1\n')[0]).toMatchObject({
      code: 'unterminated-macro',
      message: 'WHILE without ENDM',
    });
  });
});
