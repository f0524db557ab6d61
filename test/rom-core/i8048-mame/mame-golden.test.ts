/**
 * Our 8048 against MAME 0.251: each test/programs/*.a48 that has a golden trace in
 * test/golden/cpu/ (made by test/mame/make-goldens.ts) must reproduce MAME's CPU state, RAM and
 * external RAM at the exact machine cycle of every recorded frame; and each program, run on its own,
 * must end at its `pass` self-loop. Reads only committed files: MAME is not needed here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGolden } from '../../harness/golden.ts';
import { GOLDEN_DIR, PROGRAMS_DIR, symbol } from '../../harness/program.ts';
import { boot, compareWithGolden, describeStop, runToSelfLoop } from '../../harness/run.ts';

const goldens = readdirSync(GOLDEN_DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.slice(0, -6))
  .sort();
const programs = readdirSync(PROGRAMS_DIR)
  .filter((f) => f.endsWith('.a48'))
  .map((f) => f.slice(0, -4))
  .sort();

describe('8048 CPU against MAME goldens', () => {
  it('has a golden for every program', () => {
    expect(goldens).toEqual(programs);
  });

  for (const name of goldens) {
    it(`${name}: matches MAME at every recorded frame`, () => {
      const golden = parseGolden(readFileSync(join(GOLDEN_DIR, `${name}.jsonl`), 'utf8'), `${name}.jsonl`);
      const m = boot(name);
      // A golden is only written when MAME ended at pass; check it so a stale golden cannot pass.
      expect(golden[golden.length - 1].pc, `${name}.jsonl does not end at pass`).toBe(symbol(m.program.result, 'pass'));
      expect(compareWithGolden(m, golden)).toBe('');
    });
  }
});

describe('8048 self-checking programs (run until the PC stops moving)', () => {
  for (const name of programs) {
    it(`${name}: ends at pass`, () => {
      const m = boot(name);
      const stop = runToSelfLoop(m, 2_000_000);
      expect(describeStop(m, stop.loopPc)).toBe(`${name}: pass`);
    });
  }
});
