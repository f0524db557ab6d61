/**
 * An include bomb (issue 36): 16 files of about 1 KB, each including the next four times, would
 * read 4^15 files. The total INCLUDEs and included lines of a pass are capped, so it ends within
 * seconds in one sentence; the console's worker builds through the same assemble(), so the same cap holds there.
 */
import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';
import { MAX_INCLUDED_LINES, MAX_INCLUDES } from '../../../rom-core/asm/assembler-state.ts';

/** bomb0.inc ... bomb15.inc: about 1 KB each (SET lines: no bytes, so only the cap can stop it), each including the next four times. */
function bombFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (let n = 0; n < 16; n++) {
    const body = Array.from({ length: 30 }, (_, k) => `v${n}\tset ${k} ; filler line ${k} of file ${n}`);
    const includes = n < 15 ? Array.from({ length: 4 }, () => `\tinclude "bomb${n + 1}.inc"`) : [];
    files.set(`bomb${n}.inc`, [...body, ...includes].join('\n') + '\n');
  }
  return files;
}

describe('include bomb', () => {
  it('each file is about 1 KB', () => {
    for (const text of bombFiles().values()) expect(text.length).toBeGreaterThan(900);
  });

  it('ends within seconds with one sentence at the INCLUDE that passed the cap, and nothing after it', () => {
    const files = bombFiles();
    let reads = 0;
    const started = performance.now();
    const r = assemble('\torg 400h\n\tinclude "bomb0.inc"\n\tnop\n', {
      readFile: (path) => {
        reads++;
        return files.get(path)!;
      },
    });
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(10);
    expect(r.ok).toBe(false);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0].code).toBe('include-limit');
    expect(errors[0].message).toMatch(
      /^too much included: more than 4096 INCLUDEs or 1,000,000 included lines in one pass/,
    );
    // At most the cap's worth of files read per pass (two passes at most here).
    expect(reads).toBeLessThanOrEqual(2 * (MAX_INCLUDES + 1));
  });

  it('counts lines too: a few huge includes stop at the line cap', () => {
    const big = '; a comment line\n'.repeat(300_000);
    const r = assemble(Array.from({ length: 5 }, () => '\tinclude "big.inc"').join('\n'), { readFile: () => big });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toMatchObject([{ code: 'include-limit', line: 4 }]);
    expect(MAX_INCLUDED_LINES).toBe(1_000_000);
  });

  it('a normal project with many small includes is untouched', () => {
    const source = Array.from({ length: 200 }, (_, k) => `\tinclude "part${k % 3}.inc"`).join('\n');
    const r = assemble('\torg 400h\n' + source, { readFile: () => '\tnop\n' });
    expect(r.ok).toBe(true);
    expect(r.bytes.length).toBe(200);
  });
});
