import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';

// Sources written for other 8048 assemblers (issue 36): one error, whose first sentence names the
// assembler, and nothing else. The snippets follow each assembler's documented syntax.
function refused(source: string): { message: string; line: number; column: number } {
  const r = assemble(source, { fileName: 'x.a48' });
  expect(r.ok).toBe(false);
  expect(r.diagnostics).toHaveLength(1);
  expect(r.errorCount).toBe(1);
  expect(r.bytes.length).toBe(0);
  const [d] = r.diagnostics;
  expect(d.code).toBe('foreign-assembler');
  return d;
}

describe('a source for another assembler is refused in one sentence', () => {
  it("SB-Assembler's .cr 8048", () => {
    const d = refused(
      [
        '; demo',
        '        .CR     8048',
        '        .TF     demo.bin,BIN',
        '        .OR     $0400',
        'start   MOV A,#$12',
      ].join('\n'),
    );
    expect(d.message).toMatch(/^this source looks written for SB-Assembler \(its '\.CR' directive, line 2\)/);
    expect(d).toMatchObject({ line: 2, column: 9 });
  });

  it("ASxxxx's as8048: .module / .area", () => {
    const d = refused(
      ['\t.module hello', '\t.area\tCODE (ABS)', '\t.org\t0x400', 'start:\tmov a,#1', '\t.db 1,2'].join('\n'),
    );
    expect(d.message).toContain("written for ASxxxx's as8048 (its '.module' directive, line 1)");
  });

  it("ASxxxx's `name .equ value` (once read as a local label '.equ')", () => {
    const d = refused(['count\t.equ\t5', '\tmov a,#count'].join('\n'));
    expect(d.message).toContain("ASxxxx's as8048");
    expect(d.message).not.toContain('local label');
  });

  it('asm48: .equ NAME, value', () => {
    const d = refused(['\t.equ\tVDC_CTRL, 0xa0', '\t.org\t0x400', 'start:\tmov a,#VDC_CTRL', '\t.db\t1,2'].join('\n'));
    expect(d.message).toContain("written for asm48 (its '.equ' directive, line 1)");
  });

  it('a dot directive the three share names them all', () => {
    const d = refused(['\t.org 0x400', '\tnop', '\t.db 1'].join('\n'));
    expect(d.message).toContain('another 8048 assembler (asm48, ASxxxx or SB-Assembler)');
    expect(d.line).toBe(1);
  });

  it('an included file for another assembler is named at its INCLUDE line', () => {
    const r = assemble('\tinclude "defs.inc"\n\tnop\n', { readFile: () => '\t.equ X, 1\n' });
    expect(r.diagnostics.filter((d) => d.code === 'foreign-assembler')).toMatchObject([{ line: 1 }]);
    expect(r.diagnostics[0].message).toContain('"defs.inc": this source looks written for asm48');
  });
});

describe('ASL sources are not mistaken for them', () => {
  it('local labels with a dot, in column 1 or before a statement, stay labels', () => {
    const r = assemble(
      ['\torg 400h', 'main\tnop', '.end\tnop', '  .loop: djnz r2,.loop', '  .db\tnop', '\tjmp .end'].join('\n'),
    );
    expect(r.diagnostics).toEqual([]);
  });
});
