import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';

const PIECES = [
  'mov',
  'a',
  ',',
  '#',
  '@',
  'r0',
  'jmp',
  'djnz',
  'r1',
  'x',
  '.l',
  ':',
  'equ',
  'set',
  '=',
  'macro',
  'endm',
  'if',
  'else',
  'endif',
  'ifdef',
  'db',
  'dw',
  'ds',
  'org',
  '"s"',
  "'c'",
  '(',
  ')',
  '+',
  '-',
  '*',
  '/',
  '0',
  '1',
  '0FFh',
  '$',
  'high',
  'include',
  'end',
  'cpu',
  '\n',
  '\n',
  '\n',
  ' ',
  '\t',
  ';',
  'm',
  'jz',
  '300',
  '0x1000',
  '<<',
  '~',
  '"',
  "'",
  '%',
  '&&',
];

describe('bad input never crashes the assembler', () => {
  it('reports diagnostics (never throws) for random token soup', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (words, gaps) => {
          const source = words.map((w, k) => w + (gaps[k] ? ' ' : '')).join('');
          const r = assemble(source, { readFile: () => 'x equ 1' });
          for (const d of r.diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.column).toBeGreaterThanOrEqual(1);
            expect(d.message.length).toBeGreaterThan(0);
          }
          expect(r.ok).toBe(!r.diagnostics.some((d) => d.severity === 'error'));
        },
      ),
      { numRuns: 400, seed: 48 },
    );
  });

  it('reports diagnostics (never throws) for arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        expect(() => assemble(source)).not.toThrow();
      }),
      { numRuns: 300, seed: 8048 },
    );
  });
});
