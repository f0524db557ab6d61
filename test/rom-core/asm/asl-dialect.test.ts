import { describe, expect, it } from 'vitest';
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
      const src = ['\torg 400h', 'x equ 1', '\tsection s', 'x equ 2', '\tmov a,#x', '\tendsection s', '\tmov a,#x'].join('\n');
      expect(bytesOf(src)).toEqual([0x23, 2, 0x23, 1]);
    });

    it('a section reaches its outer sections and the globals, also forward', () => {
      const src = ['\torg 400h', '\tsection a', '\tsection b', '\tjmp later', '\tjmp outer', '\tendsection b', 'outer\tnop', '\tendsection a', 'later\tnop'].join('\n');
      expect(bytesOf(src)).toEqual([0x84, 0x05, 0x84, 0x04, 0x00, 0x00]);
    });

    it('the label before SECTION on its line belongs outside (`start section main`)', () => {
      const r = ok(['\torg 400h', 'start\tsection main', '\tjmp start', '\tendsection main', '\tjmp start'].join('\n'));
      expect(r.symbols.get('start')).toBe(0x400);
      expect(Array.from(r.bytes)).toEqual([0x84, 0x00, 0x84, 0x00]);
    });

    it('a section symbol is not seen outside it', () => {
      expect(errorsOf(['\tsection s', 'inner\tnop', '\tendsection s', '\tjmp inner'].join('\n'))[0]).toMatchObject({ code: 'undefined-symbol', line: 4 });
    });

    it('ENDSECTION must close the open section, and every SECTION must close', () => {
      expect(errorsOf('\tendsection s')[0]).toMatchObject({ code: 'endsection-without-section', line: 1 });
      expect(errorsOf('\tsection a\n\tendsection b')[0]).toMatchObject({ code: 'syntax', message: "ENDSECTION must name the open section 'a'", line: 2 });
      expect(errorsOf('\tsection a\n\tnop')[0]).toMatchObject({ code: 'unterminated-section', line: 1 });
      expect(errorsOf('\tsection\n')[0]).toMatchObject({ code: 'syntax', message: 'SECTION needs one name' });
    });
  });
});
