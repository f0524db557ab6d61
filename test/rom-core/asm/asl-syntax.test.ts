import { describe, expect, it } from 'vitest';
import { ok } from './helpers.ts';

// Written for these tests in the style of the Odyssey² homebrew sources built with ASL
// (tab-indented lower-case code, `equ` tables in an included header, labels without colons).
const HEADER = [
  '; BIOS entry points',
  'gfxoff\t\tequ\t011Ch',
  'waitvsync\tequ\t0176h',
  'selectgame\tequ\t02C3h',
  'vdc_char0\tequ\t010h',
  'vdc_spr0_shape\tequ\t080h',
  'col_chr_white\tequ\t07h << 1',
  'col_spr_white\tequ\t07h << 3',
  'spr_double\tequ\t04h',
  '_H equ 1Dh',
  '_I equ 16h',
].join('\n');

const GAME = [
  '\tcpu\t8048',
  '',
  'iram_x\t\tequ\t020h\t\t; x position',
  '',
  '\torg 400h',
  '\tinclude "g7000.h"',
  '',
  '\tjmp\tselectgame\t\t; reset',
  '\tjmp\ttimer',
  '',
  'timer retr',
  '',
  'start:',
  '\tcall\tgfxoff\t\t\t; switch the graphics off',
  '\tmov \tr0,#vdc_char0',
  '\tmov\t\tr1,#hellostr & 0FFh\t; the string to print',
  '\tmov\t\ta,#col_spr_white | spr_double',
  '\tjf0\tfire',
  'loop',
  '\tmov\t\ta,r1',
  '\tmovp\ta,@a',
  '\tMOVP3\tA,@A',
  '\tinc\t\tr1',
  '\tdjnz\tr2,loop',
  'fire:\tsel\trb1',
  '\toutl\tp1,a',
  '\tins\ta,bus',
  '\tin\ta,p1',
  '\tmov\t@r0,#060h',
  '\tanl\ta,#63',
  '\tmov\tr0,#iram_x+1',
  '\tmov\ta,#10101010b',
  '\tjmpp\t@a',
  'hellostr',
  '\tdb _H,_I',
  '\torg 0500h',
  'table\tdb\t1,2',
].join('\n');

describe('ASL-style Odyssey² sources assemble unchanged', () => {
  const r = ok(GAME, {
    fileName: 'game.a48',
    readFile: (path) =>
      path === 'g7000.h'
        ? HEADER
        : (() => {
            throw new Error('no such file');
          })(),
  });

  it('produces the expected bytes', () => {
    const at = (addr: number, n: number): number[] => Array.from(r.bytes.subarray(addr - r.base, addr - r.base + n));
    expect(r.base).toBe(0x400);
    expect(at(0x400, 4)).toEqual([0x44, 0xc3, 0x84, 0x04]); // jmp 2C3h, jmp 404h
    expect(at(0x404, 1)).toEqual([0x93]); // timer retr
    expect(at(0x405, 8)).toEqual([0x34, 0x1c, 0xb8, 0x10, 0xb9, 0x22, 0x23, 0x3c]);
    expect(at(0x40d, 2)).toEqual([0xb6, 0x15]); // jf0 fire
    expect(at(0x40f, 7)).toEqual([0xf9, 0xa3, 0xe3, 0x19, 0xea, 0x0f, 0xd5]);
    expect(at(0x416, 13)).toEqual([0x39, 0x08, 0x09, 0xb0, 0x60, 0x53, 0x3f, 0xb8, 0x21, 0x23, 0xaa, 0xb3, 0x1d]);
    expect(at(0x423, 1)).toEqual([0x16]);
    expect(at(0x500, 2)).toEqual([1, 2]);
  });

  it('defines the labels written without colons', () => {
    expect(r.symbols.get('timer')).toBe(0x404);
    expect(r.symbols.get('loop')).toBe(0x40f);
    expect(r.symbols.get('hellostr')).toBe(0x422);
    expect(r.symbols.get('table')).toBe(0x500);
    expect(r.symbols.get('col_spr_white')).toBe(0x38);
  });

  it('warns about nothing', () => {
    expect(r.diagnostics).toEqual([]);
  });
});
