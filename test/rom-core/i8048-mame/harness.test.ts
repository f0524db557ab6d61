/**
 * The comparison harness itself must be able to fail, and say where: a golden changed in one field
 * is reported with its frame, field, expected and actual value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGolden } from '../../harness/golden.ts';
import { GOLDEN_DIR } from '../../harness/program.ts';
import { boot, compareWithGolden, describeStop, runToSelfLoop } from '../../harness/run.ts';

const load = (name: string) => parseGolden(readFileSync(join(GOLDEN_DIR, `${name}.jsonl`), 'utf8'), name);

describe('CPU/MAME comparison harness', () => {
  it('names the frame, field, expected and actual value of a difference', () => {
    const golden = load('bench-cpu');
    golden[5].a ^= 0x01;
    golden[5].ram[0x23] ^= 0x80;
    const message = compareWithGolden(boot('bench-cpu'), golden);
    expect(message).toContain('bench-cpu: frame 5');
    expect(message).toMatch(/a: expected [0-9A-F]{2}h, actual [0-9A-F]{2}h/);
    expect(message).toMatch(/ram\[23h\]: expected [0-9A-F]{2}h, actual [0-9A-F]{2}h/);
    expect(message).not.toContain('pc:');
  });

  it('reports a cycle count our instruction boundaries cannot reach', () => {
    const golden = load('timer');
    golden[1].cycles += 1;
    expect(compareWithGolden(boot('timer'), golden)).toMatch(/frame 1 .*\n\s+cycles: expected/);
  });

  it('reports external RAM differences', () => {
    const golden = load('ports');
    golden[0].xram[0x7f] = 0x00;
    expect(compareWithGolden(boot('ports'), golden)).toContain('xram[7Fh]: expected 00h, actual A5h');
  });

  it('rejects a malformed golden line with its line number', () => {
    expect(() => parseGolden('{"frame":0}\n', 'x.jsonl')).toThrow(
      'x.jsonl line 1: field cycles missing or not an integer',
    );
  });

  it('stops a program that never parks itself at the cycle budget', () => {
    const m = boot('bench-cpu');
    const stop = runToSelfLoop(m, 1000);
    expect(stop.loopPc).toBeUndefined();
    expect(describeStop(m, stop.loopPc)).toMatch(/^bench-cpu: no self-loop reached/);
  });
});
