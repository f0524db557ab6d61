import { describe, expect, it } from 'vitest';
import { bytesOf, errorsOf, ok } from './helpers.ts';

// ASL built-ins real sources use (issue 36). Every expected byte below is what ASL 1.42 Bld 282
// (built from the source of github.com/Macroassembler-AS/asl-releases, branch upstream) and its
// p2bin made of the same lines, run side by side with ours on one file.
const src = (...lines: string[]): string =>
  ['\tcpu 8048', '\torg 400h', ...lines.map((l) => (l.includes('\t') ? l : `\t${l}`))].join('\n') + '\n';

describe('REG: a name for a register (code48.c)', () => {
  it('stands for Rn wherever an instruction takes one, and @name for @R0/@R1', () => {
    // ASL: FE EE 01 F1 1E BE 05 21
    const s = src('count\treg\tr6', 'ptr\treg\tr1', 'cnt2\treg\tcount', 'mov a,count', 'djnz count,$', 'mov a,@ptr');
    expect(bytesOf(s + '\tinc cnt2\n\tmov count,#5\n\txch a,@ptr\n')).toEqual([
      0xfe, 0xee, 0x01, 0xf1, 0x1e, 0xbe, 0x05, 0x21,
    ]);
  });

  it('refuses a non-register, and the name cannot also be a label', () => {
    expect(errorsOf(src('x\treg\t5'))).toMatchObject([{ code: 'bad-operand', line: 3 }]);
    expect(errorsOf(src('x\treg\tr8'))).toMatchObject([{ code: 'bad-operand', line: 3 }]);
    expect(errorsOf(src('x\treg\tr2', 'x\tnop'))).toMatchObject([{ code: 'duplicate-symbol', line: 4 }]);
  });
});

describe('# is modulo', () => {
  it('at the level of * and /, truncating as C (ASL: 02 FF 04; mov a,#17#5 is 23 02)', () => {
    expect(bytesOf(src('db 17 # 5, -7 # 3, 100#7*2', 'mov a,#17#5'))).toEqual([0x02, 0xff, 0x04, 0x23, 0x02]);
  });

  it('by zero is an error', () => {
    expect(errorsOf(src('db 5 # 0'))).toMatchObject([{ code: 'division-by-zero' }]);
  });
});

describe('strings: SUBSTR, CHARFROMSTR and their kin', () => {
  it('SUBSTR(s, start, count): count 0 is to the end, past the end is empty (ASL: 45 4C 4C 4C 4F 41 42)', () => {
    expect(
      bytesOf(src('db substr("HELLO",1,3)', 'db substr("HELLO",3,10), substr("HELLO",7,2), substr("AB",0,0)')),
    ).toEqual([0x45, 0x4c, 0x4c, 0x4c, 0x4f, 0x41, 0x42]);
  });

  it('CHARFROMSTR(s, pos) is the code, -1 outside (ASL: 45 FF FF; mov a,#charfromstr(s1,0) 23 74)', () => {
    expect(bytesOf(src('db charfromstr("HELLO",1), charfromstr("HI",5), charfromstr("HI",-1)'))).toEqual([
      0x45, 0xff, 0xff,
    ]);
    expect(bytesOf(src('s1\tequ\t"text"', 'mov a,#charfromstr(s1,0)'))).toEqual([0x23, 0x74]);
  });

  it('a string symbol, + joining strings, STRLEN, UPSTRING, STRSTR, string comparison (ASL: 74 65 78 74 04 58 59 5A 41 42 02 01)', () => {
    const s = src(
      's1\tequ\t"text"',
      'db s1, strlen(s1)',
      'db "X" + "YZ"',
      'db upstring("ab"), strstr("hello","ll")',
      'if "abc" < "abd"',
      'db 1',
      'endif',
    );
    expect(bytesOf(s)).toEqual([0x74, 0x65, 0x78, 0x74, 0x04, 0x58, 0x59, 0x5a, 0x41, 0x42, 0x02, 0x01]);
  });

  it('a string and a number add as numbers ("a"+1 is 62h, as ASL)', () => {
    expect(bytesOf(src('db "a"+1'))).toEqual([0x62]);
  });

  it('a wrong argument type is named', () => {
    expect(errorsOf(src('db substr(5,0,1)'))[0].message).toContain('argument 1 of substr() must be a string');
  });
});

describe("DATE and TIME, in ASL's own format", () => {
  // ASL's nls.c on Unix takes the locale's strftime formats; in the C locale "%m/%d/%y" and
  // "%H:%M:%S" (the ASL built here listed DATE "11/28/26" and TIME "21:05:23" in its symbol table).
  const now = new Date(2025, 4, 7, 9, 3, 1);

  it('are strings: DATE mm/dd/yy and TIME hh:mm:ss', () => {
    expect(bytesOf(src('db DATE, 0, TIME'), { now })).toEqual([...Buffer.from('05/07/25\u000009:03:01', 'latin1')]);
  });

  it('work in SUBSTR and STRLEN as ASL (ASL: 08 08 2F 3A)', () => {
    expect(bytesOf(src('db strlen(DATE), strlen(TIME)', 'db substr(DATE,2,1), substr(TIME,2,1)'), { now })).toEqual([
      8, 8, 0x2f, 0x3a,
    ]);
    expect(bytesOf(src('db val(substr(DATE,6,2))'), { now })).toEqual([25]);
  });

  it('a source may define the names itself', () => {
    expect(bytesOf(src('date\tequ\t7', 'db date'))).toEqual([7]);
  });
});

describe('BINCLUDE', () => {
  const data = Uint8Array.from([0x41, 0x42, 0x43, 0x01, 0xff]);
  const readBinary = (path: string): Uint8Array => {
    if (path !== 'data.bin') throw new Error('no such file');
    return data;
  };

  it('the whole file, from an offset, or a length from an offset (ASL: 41 42 43 01 FF | 42 43 | 01 FF)', () => {
    expect(
      bytesOf(src('binclude "data.bin"', 'binclude "data.bin", 1, 2', 'binclude "data.bin", 3'), { readBinary }),
    ).toEqual([0x41, 0x42, 0x43, 0x01, 0xff, 0x42, 0x43, 0x01, 0xff]);
  });

  it('moves the address by the bytes it writes', () => {
    expect(ok(src('binclude "data.bin", 1', 'after\tnop'), { readBinary }).symbols.get('after')).toBe(0x404);
  });

  it('with only a text reader, takes its characters as Latin-1 bytes', () => {
    expect(bytesOf(src('binclude "t.bin"'), { readFile: () => 'A\u00ff' })).toEqual([0x41, 0xff]);
  });

  it('past the end of the file, or a missing file, is an error', () => {
    expect(errorsOf(src('binclude "data.bin", 4, 2'), { readBinary })).toMatchObject([{ code: 'out-of-range' }]);
    expect(errorsOf(src('binclude "nope.bin"'), { readBinary })).toMatchObject([{ code: 'missing-include' }]);
  });
});

describe('FUNCTION', () => {
  it('takes arguments, nests (ASL: 31 10)', () => {
    expect(bytesOf(src('sq\tfunction x, x*x', 'db sq(7), sq(sq(2))'))).toEqual([0x31, 0x10]);
  });
});
