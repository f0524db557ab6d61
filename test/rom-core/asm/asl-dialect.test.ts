import { describe, expect, it } from 'vitest';
import { sharedInclude } from '../../../rom-core/asm/index.ts';
import { bytesOf, errorsOf, ok } from './helpers.ts';

// ASL constructs the Odyssey² homebrew sources use (issue 13), each with ASL 1.42's meaning.
describe('ASL dialect', () => {
  it('a mnemonic-named word in column 1 before a mnemonic is a label (`stop jmp stop`)', () => {
    const r = ok('\torg 400h\n\tnop\nstop\tjmp\tstop\n');
    expect(r.symbols.get('stop')).toBe(0x401);
    expect(Array.from(r.bytes)).toEqual([0x00, 0x84, 0x01]);
  });

  it('the same word indented is still the instruction', () => {
    expect(bytesOf('\tstop\ttcnt\n')).toEqual([0x65]);
  });

  describe('SECTION / ENDSECTION', () => {
    it('a name defined in a section is local to it: two sections may both define .loop', () => {
      const src = [
        '\torg 400h',
        'start',
        '\tsection one',
        '.loop\tdjnz r2,.loop',
        '\tendsection one',
        '\tsection two',
        '.loop\tnop',
        '\tdjnz r3,.loop',
        '\tendsection two',
      ].join('\n');
      expect(bytesOf(src)).toEqual([0xea, 0x00, 0x00, 0xeb, 0x02]);
    });

    it('a use inside finds the section first, a use outside the global name', () => {
      const src = [
        '\torg 400h',
        'x equ 1',
        '\tsection s',
        'x equ 2',
        '\tmov a,#x',
        '\tendsection s',
        '\tmov a,#x',
      ].join('\n');
      expect(bytesOf(src)).toEqual([0x23, 2, 0x23, 1]);
    });

    it('a section reaches its outer sections and the globals, also forward', () => {
      const src = [
        '\torg 400h',
        '\tsection a',
        '\tsection b',
        '\tjmp later',
        '\tjmp outer',
        '\tendsection b',
        'outer\tnop',
        '\tendsection a',
        'later\tnop',
      ].join('\n');
      expect(bytesOf(src)).toEqual([0x84, 0x05, 0x84, 0x04, 0x00, 0x00]);
    });

    it('the label before SECTION on its line belongs outside (`start section main`)', () => {
      const r = ok(['\torg 400h', 'start\tsection main', '\tjmp start', '\tendsection main', '\tjmp start'].join('\n'));
      expect(r.symbols.get('start')).toBe(0x400);
      expect(Array.from(r.bytes)).toEqual([0x84, 0x00, 0x84, 0x00]);
    });

    it('a section symbol is not seen outside it', () => {
      expect(errorsOf(['\tsection s', 'inner\tnop', '\tendsection s', '\tjmp inner'].join('\n'))[0]).toMatchObject({
        code: 'undefined-symbol',
        line: 4,
      });
    });

    it('ENDSECTION must close the open section, and every SECTION must close', () => {
      expect(errorsOf('\tendsection s')[0]).toMatchObject({ code: 'endsection-without-section', line: 1 });
      expect(errorsOf('\tsection a\n\tendsection b')[0]).toMatchObject({
        code: 'syntax',
        message: "ENDSECTION must name the open section 'a'",
        line: 2,
      });
      expect(errorsOf('\tsection a\n\tnop')[0]).toMatchObject({ code: 'unterminated-section', line: 1 });
      expect(errorsOf('\tsection\n')[0]).toMatchObject({ code: 'syntax', message: 'SECTION needs one name' });
    });
  });

  describe('FUNCTION and bitfuncs.inc', () => {
    it('a FUNCTION is an expression of its parameters, may call another and see symbols', () => {
      const src = [
        'base equ 10h',
        'twice function x, x*2',
        'plus function a, b, twice(a) + b + base',
        '\tdb twice(3), plus(1, 2), plus(twice(1), 0)',
      ].join('\n');
      expect(bytesOf(src)).toEqual([6, 0x14, 0x14]);
    });

    it('a FUNCTION takes forward references (the call waits for the value)', () => {
      expect(bytesOf(['low8 function x, x & 255', '\torg 4FEh', '\tdb low8(there)', 'there\tnop'].join('\n'))).toEqual([
        0xff, 0x00,
      ]);
    });

    it('calls with the wrong number of arguments, or a function calling itself, are errors', () => {
      expect(errorsOf('f function x, x\n\tdb f(1, 2)')[0]).toMatchObject({
        code: 'function-arguments',
        message: "function 'f' takes 1 argument, got 2",
        line: 2,
      });
      expect(errorsOf('f function x, f(x)\n\tdb f(1)')[0]).toMatchObject({ code: 'function-recursion', line: 2 });
      expect(errorsOf('\tfunction x, x')[0]).toMatchObject({
        code: 'syntax',
        message: 'FUNCTION needs a name before it',
      });
    });

    it('include "bitfuncs.inc" brings in our own lo, hi, mask, ... with the results of ASL\'s file, no file needed', () => {
      const src = [
        '\tinclude "bitfuncs.inc"',
        '\tdb lo(1234h), hi(1234h), mask(2, 3), invmask(0, 4) & 0ffh, cutout(0ffh, 4, 2)',
        '\tdb loword(12345678h) & 0ffh, hiword(12345678h) >> 8, odd(3), even(3), getbit(4, 2)',
        '\tdb shln(81h, 8, 1), shrn(81h, 8, 1), rotln(81h, 8, 1), rotrn(81h, 8, 1)',
      ].join('\n');
      expect(bytesOf(src)).toEqual([0x34, 0x12, 0x1c, 0xf0, 0x30, 0x78, 0x12, 1, 0, 1, 0x02, 0x40, 0x03, 0xc0]);
    });

    it('without the include, lo( is no function', () => {
      expect(errorsOf('\tdb lo(1)')[0]).toMatchObject({ code: 'undefined-symbol' });
    });
  });

  describe('CODEPAGE / CHARSET', () => {
    // The same source through ASL 1.42 gives 07 42 20 07 23 20 41 42 30.
    it('translates strings and character constants in the selected code page, STANDARD is 1:1', () => {
      const src = [
        '\tcodepage vp',
        "\tcharset 'A',7",
        "\tcharset '0','2',20h",
        '\tdb "AB0"',
        "\tdb 'A'",
        "\tmov a,#'0'",
        '\tcodepage standard',
        '\tdb "AB0"',
      ].join('\n');
      expect(bytesOf(src)).toEqual([0x07, 0x42, 0x20, 0x07, 0x23, 0x20, 0x41, 0x42, 0x30]);
    });

    it('CHARSET needs a code page and a range within 0..255', () => {
      expect(errorsOf("\tcharset 'A',7")[0]).toMatchObject({ code: 'syntax', line: 1 });
      expect(errorsOf('\tcodepage x\n\tcharset 300, 1')[0]).toMatchObject({ code: 'out-of-range', line: 2 });
    });
  });

  describe('listing directives', () => {
    const listed = (src: string): string[] => ok(src).listing.trimEnd().split('\n');

    it('PAGE, NEWPAGE and TITLE are accepted and change no bytes', () => {
      expect(bytesOf('\tpage 0\n\tnewpage\n\ttitle "x"\n\tnop')).toEqual([0x00]);
    });

    it('LISTING OFF leaves lines out until LISTING ON; the bytes are still made', () => {
      const r = ok('\tnop\n\tlisting off\n\tinc a\n\tlisting on\n\tdec a');
      expect(Array.from(r.bytes)).toEqual([0x00, 0x17, 0x07]);
      expect(r.listing).not.toContain('inc a');
      expect(r.listing).toContain('dec a');
    });

    it('LISTING NOSKIPPED leaves out the lines an IF skipped', () => {
      const src = '\tlisting noskipped\n\tif 0\n\tinc a\n\telse\n\tdec a\n\tendif';
      expect(listed(src).some((l) => l.includes('inc a'))).toBe(false);
      expect(listed(src).some((l) => l.includes('dec a'))).toBe(true);
      expect(listed(src.replace('noskipped', 'on')).some((l) => l.includes('inc a'))).toBe(true);
    });

    it('MACEXP OFF lists the macro call but not its expansion', () => {
      const src = 'twice macro\n\tinc a\n\tinc a\n\tendm\n\tmacexp off\n\ttwice';
      const r = ok(src);
      expect(Array.from(r.bytes)).toEqual([0x17, 0x17]);
      expect(r.listing).toContain('twice');
      expect(r.listing.split('\n').some((l) => l.includes('+') && l.includes('inc a'))).toBe(false);
      expect(
        ok(src.replace('off', 'on'))
          .listing.split('\n')
          .some((l) => l.includes('+') && l.includes('inc a')),
      ).toBe(true);
    });

    it('SAVE and RESTORE bring back the listing state and code page', () => {
      const r = ok("\tsave\n\tlisting off\n\tcodepage vp\n\tcharset 'A',1\n\tdb 'A'\n\trestore\n\tdb 'A'");
      expect(Array.from(r.bytes)).toEqual([1, 0x41]);
      expect(r.listing).toContain("db 'A'");
      expect(errorsOf('\trestore')[0]).toMatchObject({ code: 'restore-without-save' });
    });

    it('a bad LISTING or MACEXP argument is an error', () => {
      expect(errorsOf('\tlisting sideways')[0]).toMatchObject({
        code: 'syntax',
        message: 'LISTING needs one of ON, OFF, NOSKIPPED, PURECODE',
      });
    });
  });

  describe('MESSAGE, MOMPASS, PHASE', () => {
    it('MESSAGE reports its text once, as information; WARNING as a warning', () => {
      const r = ok('\tmessage "hello there"\n\twarning "careful"');
      expect(r.diagnostics.map((d) => [d.severity, d.message])).toEqual([
        ['info', 'hello there'],
        ['warning', 'careful'],
      ]);
    });

    it("MOMPASS is the pass being run (ASL's `if mompass=1`): 1 when nothing is used before its definition, as in ASL", () => {
      expect(bytesOf('\tdb mompass\n\tif mompass=2\n\tnop\n\tendif')).toEqual([1]);
      expect(bytesOf('\tjmp x\nx\tdb mompass\n\tif mompass=2\n\tnop\n\tendif')).toEqual([0x04, 0x02, 2, 0x00]);
    });

    it('PHASE gives labels and $ the logical address while the bytes go on; DEPHASE ends it', () => {
      const r = ok(
        ['\torg 400h', '\tphase 100h', 'here\tjmp here', '\tdb $ & 0ffh', '\tdephase', 'after\tnop'].join('\n'),
      );
      expect(r.symbols.get('here')).toBe(0x100);
      expect(r.symbols.get('after')).toBe(0x403);
      expect(r.base).toBe(0x400);
      expect(Array.from(r.bytes)).toEqual([0x24, 0x00, 0x02, 0x00]);
    });
  });

  describe('SHARED', () => {
    it('lists the shared symbols in the order declared, spelled as in SHARED', () => {
      const r = ok('\tshared gamma, Delta\n\torg 400h\ndelta\tnop\ngamma equ -2');
      expect(r.shared).toEqual([
        { name: 'gamma', value: -2 },
        { name: 'Delta', value: 0x400 },
      ]);
      // ASL writes a negative as its 64-bit two's complement.
      expect(sharedInclude('x/s.a48', r.shared)).toBe(
        '; s.a48-Includefile f\u00fcr Assembler-Programm\ngamma equ 0FFFFFFFFFFFFFFFEH\nDelta equ 400H\n; Ende Includefile f\u00fcr Assembler-Programm\n',
      );
    });

    it('a SHARED name never defined is an error at its SHARED line', () => {
      expect(errorsOf('\tnop\n\tshared nothing')[0]).toMatchObject({ code: 'undefined-symbol', line: 2, column: 9 });
    });
  });
});
