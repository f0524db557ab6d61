import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';
import { bytesOf, errorsOf, ok } from './helpers.ts';

describe('directives', () => {
  it('ORG sets the address; the image starts at the lowest byte and fills gaps with 0xFF', () => {
    const r = ok(' org 0x10\n nop\n org 0x13\n db 7');
    expect(r.base).toBe(0x10);
    expect(Array.from(r.bytes)).toEqual([0x00, 0xff, 0xff, 0x07]);
  });

  it('DB takes values, strings and character constants', () => {
    expect(bytesOf(` db 1, -1, 255, "AB", 'C', "it's", 'x'+1`)).toEqual([
      1, 0xff, 0xff, 0x41, 0x42, 0x43, 0x69, 0x74, 0x27, 0x73, 0x79,
    ]);
  });

  it('DB strings know the usual escapes', () => {
    expect(bytesOf(' db "a\\tb\\n\\"\\\\\\0"')).toEqual([0x61, 9, 0x62, 10, 0x22, 0x5c, 0]);
  });

  it('DW stores the low byte first', () => {
    expect(bytesOf(' dw 0x1234, -2, label\nlabel:')).toEqual([0x34, 0x12, 0xfe, 0xff, 0x06, 0x00]);
  });

  it('DS reserves bytes without writing them, or fills them with a second value', () => {
    const r = ok(' nop\n ds 3\n nop\n ds 2, 0xAA\nend:');
    expect(Array.from(r.bytes)).toEqual([0x00, 0xff, 0xff, 0xff, 0x00, 0xaa, 0xaa]);
    expect(r.symbols.get('end')).toBe(7);
  });

  it('ALIGN moves up to the next multiple without writing the gap; an aligned address stays', () => {
    const r = ok(' org 400h\n nop\n align 256\npage: ret\n align 256\nsame: ret\n align 3\nthree:');
    expect(r.symbols.get('page')).toBe(0x500);
    expect(r.symbols.get('same')).toBe(0x600);
    expect(r.symbols.get('three')).toBe(0x603);
    expect(r.bytes.length).toBe(0x201);
    expect(r.bytes[1]).toBe(0xff);
    expect(r.bytes[0x100]).toBe(0x83);
  });

  it('ALIGN refuses a missing or out-of-range value', () => {
    expect(errorsOf(' align').map((e) => e.code)).toEqual(['syntax']);
    expect(errorsOf(' align 0').map((e) => e.message)).toEqual(['ALIGN value 0 is outside 1..0x10000']);
  });

  it('EQU defines a constant, also before its use and from later labels', () => {
    const r = ok('size equ tail - head\nhead: db 1,2,3\ntail:\n mov a,#size');
    expect(Array.from(r.bytes)).toEqual([1, 2, 3, 0x23, 3]);
  });

  it('SET and = may be redefined; EQU may not', () => {
    expect(bytesOf('n set 1\n db n\nn set n+1\n db n\nm = 5\nm = m*2\n db m')).toEqual([1, 2, 10]);
    expect(errorsOf('k equ 1\nk equ 2')).toEqual([
      { code: 'duplicate-symbol', message: "'k' is already defined", line: 2, column: 1, length: 1, severity: 'error' },
    ]);
  });

  it('labels with and without a colon; local labels are scoped to the global label before them', () => {
    const r = ok('first: nop\n.loop djnz r0,.loop\nsecond\n.loop: djnz r1,.loop\n jmp first.loop');
    expect(Array.from(r.bytes)).toEqual([0x00, 0xe8, 0x01, 0xe9, 0x03, 0x04, 0x01]);
    expect(r.symbols.get('first.loop')).toBe(1);
    expect(r.symbols.get('second.loop')).toBe(3);
    expect(r.symbols.get('second')).toBe(3);
  });

  it("ASL's nameless labels: - and -- look back, + and ++ look ahead", () => {
    const src = [
      ' mov r1,#8',
      '-:  inc r0',
      '    djnz r1, -',
      '-   nop',
      '    jnz --',
      '    jz +',
      '    jmp ++',
      '+   nop',
      '+   jmp -',
    ].join('\n');
    expect(bytesOf(src)).toEqual([
      0xb9, 8, 0x18, 0xe9, 0x02, 0x00, 0x96, 0x02, 0xc6, 0x0c, 0x04, 0x0d, 0x00, 0x04, 0x05,
    ]);
    expect(errorsOf(' jmp -\n jmp +')).toMatchObject([
      { code: 'undefined-symbol', message: 'no - label before this line', line: 1, column: 6 },
      { code: 'undefined-symbol', message: 'no + label after this line', line: 2, column: 6 },
    ]);
  });

  it('symbols are case-insensitive, as in ASL', () => {
    expect(bytesOf('Value equ 9\n mov a,#VALUE')).toEqual([0x23, 9]);
  });

  it('CPU is accepted and ignored; END stops reading', () => {
    expect(bytesOf(' cpu 8048\n nop\n end\n this is not read')).toEqual([0x00]);
  });

  it('defines act as EQU before the first line', () => {
    expect(bytesOf(' if DEBUG\n db 1\n else\n db 2\n endif', { defines: { DEBUG: 1 } })).toEqual([1]);
  });

  it('the listing shows address, bytes, cycles and source; the line map points at each statement', () => {
    const r = assemble(' org 0x400\nstart: mov a,#3\n db 1,2,3,4,5\n jmp start', { fileName: 'x.a48' });
    expect(r.listing.split('\n')).toEqual([
      'x.a48:1  0400                  org 0x400',
      'x.a48:2  0400  23 03       2  start: mov a,#3',
      'x.a48:3  0402  01 02 03 04     db 1,2,3,4,5',
      'x.a48:3  0406  05',
      'x.a48:4  0407  84 00       2   jmp start',
      '',
      'Symbol table (1 symbol):',
      'name    value  kind   defined at',
      'start   0400   label  x.a48:2',
      '',
    ]);
    expect(r.lineMap).toEqual([
      { address: 0x400, file: 'x.a48', line: 2 },
      { address: 0x402, file: 'x.a48', line: 3 },
      { address: 0x407, file: 'x.a48', line: 4 },
    ]);
  });
});

describe('expressions', () => {
  it.each([
    ['1+2*3', 7],
    ['(1+2)*3', 9],
    ['10-4-3', 3],
    ['100/7', 14],
    ['100%7', 2],
    ['1<<4|1', 17],
    ['0xF0 & 0x3C ^ 0x0F', 0x3f],
    ['~0 & 0xFF', 0xff],
    ['-(-5)', 5],
    ['-1 & 0xFF', 0xff],
    ['256 >> 4', 16],
    ['HIGH 0x1234', 0x12],
    ['LOW(0x1234)', 0x34],
    ['high(0x1234) + 1', 0x13],
    ['$1F + 1Fh + 0x1F + 31', 124],
    ['0b1010 + 1010b', 20],
    ["'A'", 65],
    ['2 + 3 == 5', 1],
    ['1 < 2 && 3 > 4', 0],
  ] as [string, number][])('%s = %i', (expr, value) => {
    expect(bytesOf(` db ${expr}`)).toEqual([value & 0xff]);
  });

  it('$ is the address of the current statement', () => {
    expect(bytesOf(' org 0x10\n db $, $ + 1\n jmp $')).toEqual([0x10, 0x11, 0x04, 0x12]);
  });
});
