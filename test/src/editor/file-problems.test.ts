/** A build's diagnostics by source file (src/editor/file-problems.ts). */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../rom-core/asm/index.ts';
import { countText, errorPlaces, problemsByFile } from '../../../src/editor/file-problems.ts';

const d = (file: string, line: number, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({
  severity,
  code: 'x',
  message: `at ${file}:${line}`,
  file,
  line,
  column: 1,
  length: 1,
  sourceLine: '',
});

describe('problems by source file', () => {
  it('groups by file in the sources’ order, a file not among them last, each with its counts and its own order', () => {
    const list = [d('sprite.h', 3), d('main.a48', 9, 'warning'), d('other.h', 1), d('main.a48', 4), d('sprite.h', 1)];
    const groups = problemsByFile(list, ['main.a48', 'sprite.h']);
    expect(groups.map((g) => g.file)).toEqual(['main.a48', 'sprite.h', 'other.h']);
    expect(groups.map((g) => g.diagnostics.map((x) => x.line))).toEqual([[9, 4], [3, 1], [1]]);
    expect(groups.map((g) => [g.errors, g.warnings])).toEqual([
      [1, 1],
      [2, 0],
      [1, 0],
    ]);
    expect(problemsByFile([], ['main.a48'])).toEqual([]);
  });

  it('says a file’s counts, and where a failed build’s errors are', () => {
    const groups = problemsByFile(
      [d('main.a48', 1), d('main.a48', 2), d('main.a48', 3, 'warning'), d('sprite.h', 1), d('notes.h', 1, 'info')],
      ['main.a48', 'sprite.h', 'notes.h'],
    );
    expect(groups.map(countText)).toEqual(['2 errors, 1 warning', '1 error', '1 message']);
    expect(errorPlaces(groups)).toBe(', 2 in main.a48 and 1 in sprite.h');
    expect(errorPlaces(groups.slice(1))).toBe(' in sprite.h');
    expect(errorPlaces([...groups, ...problemsByFile([d('x.h', 1)], [])])).toBe(
      ', 2 in main.a48, 1 in sprite.h and 1 in x.h',
    );
    expect(errorPlaces(groups.slice(2))).toBe('');
  });
});
