import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';
import { bytesOf, ok } from './helpers.ts';

describe('MACRO / ENDM', () => {
  it('substitutes parameters as ASL does: inside strings too, case-insensitive, not next to a letter or digit', () => {
    const src = [
      'put macro reg, val',
      ' mov reg,#val',
      ' db "val", value, VAL',
      ' endm',
      'value equ 9',
      ' put r3, 0x22',
    ].join('\n');
    // "val" becomes "0x22" (4 bytes); `value` stays (a letter follows `val`); `VAL` is the parameter.
    expect(bytesOf(src)).toEqual([0xbb, 0x22, 0x30, 0x78, 0x32, 0x32, 9, 0x22]);
  });

  it('replaces a parameter inside a longer name (KTAA: `name_bank label $`)', () => {
    const src = [
      'entry macro name',
      'name_bank label $',
      ' jmp name',
      ' endm',
      ' org 400h',
      ' entry start',
      'start nop',
      ' jmp start_bank',
    ].join('\n');
    const r = ok(src);
    expect(r.symbols.get('start_bank')).toBe(0x400);
    expect(Array.from(r.bytes)).toEqual([0x84, 0x02, 0x00, 0x84, 0x00]);
  });

  it('gives each expansion its own local labels', () => {
    const src = [
      'wait macro n',
      ' mov r7,#n',
      '.spin: djnz r7,.spin',
      ' endm',
      'main:',
      ' wait 3',
      ' wait 4',
      '.spin: jmp .spin',
    ].join('\n');
    const r = ok(src);
    expect(Array.from(r.bytes)).toEqual([0xbf, 3, 0xef, 0x02, 0xbf, 4, 0xef, 0x06, 0x04, 0x08]);
    expect(r.symbols.get('main.spin')).toBe(8);
  });

  it('takes an argument with commas inside parentheses and an expression', () => {
    expect(bytesOf('two macro a, b\n db a, b\n endm\n two (1+2)*3, HIGH(0x1234)')).toEqual([9, 0x12]);
  });

  it('expands macros inside macros and stops recursion with IF', () => {
    const src = ['count macro n', ' if n > 0', ' db n', ' count n-1', ' endif', ' endm', ' count 3'].join('\n');
    expect(bytesOf(src)).toEqual([3, 2, 1]);
  });

  it('marks expanded lines in the listing with +', () => {
    const r = ok('m macro\n nop\n endm\n m');
    expect(r.listing).toContain('0000  00          1+  nop');
  });
});

describe('IF / ELSE / ENDIF', () => {
  it('chooses a branch and nests', () => {
    const src = [
      'a equ 1',
      'b equ 0',
      ' if a',
      '  if b',
      '   db 1',
      '  else',
      '   db 2',
      '  endif',
      ' else',
      '  if a',
      '   db 3',
      '  endif',
      ' endif',
      ' if a == 0',
      '  db 4',
      ' else',
      '  db 5',
      ' endif',
    ].join('\n');
    expect(bytesOf(src)).toEqual([2, 5]);
  });

  it('ELSEIF takes the first true branch only', () => {
    const pick = (n: number): number[] =>
      bytesOf(`n equ ${n}\n if n == 1\n db 1\n elseif n == 2\n db 2\n elseif n >= 2\n db 3\n else\n db 4\n endif`);
    expect([pick(1), pick(2), pick(3), pick(0)]).toEqual([[1], [2], [3], [4]]);
    expect(bytesOf(' if 0\n  if 1\n   db 1\n  elseif 1\n   db 2\n  endif\n endif\n db 3')).toEqual([3]);
  });

  it('IFDEF and IFNDEF look at symbols defined so far', () => {
    expect(
      bytesOf('x equ 1\n ifdef x\n db 1\n endif\n ifndef y\n db 2\n endif\n ifdef later\n db 3\n endif\nlater:'),
    ).toEqual([1, 2]);
  });

  it('skips unknown mnemonics in a false branch', () => {
    expect(bytesOf(' if 0\n frobnicate\n endif\n nop')).toEqual([0]);
  });
});

describe('INCLUDE', () => {
  const files: Record<string, string> = {
    'defs.h': 'color equ 7\n include "sub/more.h"',
    'sub/more.h': 'shape equ 8',
    'code.a48': 'routine: ret',
  };
  const readFile = (path: string, from: string): string => {
    const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
    const text = files[dir + path] ?? files[path];
    if (text === undefined) throw new Error('no such file');
    return text;
  };

  it('reads included files through readFile, relative to the including file', () => {
    const r = ok(' include "defs.h"\n mov a,#color+shape\n include "code.a48"', { readFile });
    expect(Array.from(r.bytes)).toEqual([0x23, 15, 0x83]);
    expect(r.symbols.get('routine')).toBe(2);
    expect(r.lineMap).toContainEqual({ address: 2, file: 'code.a48', line: 1 });
  });

  it('reports an error in an included file with its own name and line', () => {
    const r = assemble(' include "bad.h"', { fileName: 'dir/main.a48', readFile: () => 'ok equ 1\n mov a,#nothing' });
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({
      code: 'undefined-symbol',
      file: 'dir/bad.h',
      line: 2,
      column: 9,
      sourceLine: ' mov a,#nothing',
    });
  });
});
