/**
 * Every case of the CPU's instruction switch names its instruction in a comment, as the opcode
 * table (rom-core/i8048/opcodes.ts) writes it, so an opcode's code is found by its mnemonic; and the
 * switch has a case for each used opcode and none for the unused ones.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPCODES } from '../../../rom-core/i8048/opcodes.ts';
import { caseName, caseOpcodes } from './switch-names.ts';

const source = readFileSync(new URL('../../../rom-core/i8048/cpu.ts', import.meta.url), 'utf8').split('\n');
const from = source.findIndex((l) => l.includes('switch (op) {'));
const to = source.findIndex((l, i) => i > from && /^\s*default:/.test(l));
const cases = source
  .slice(from + 1, to)
  .map((text, i) => ({ line: from + 2 + i, text, opcodes: caseOpcodes(text) }))
  .filter((c) => c.opcodes.length > 0);

describe("the CPU's instruction switch", () => {
  it('is found, one switch in execute()', () => {
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    expect(source.filter((l) => l.includes('switch (op) {'))).toHaveLength(1);
  });

  it('names the instruction of every case as the opcode table does', () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const name = caseName(c.opcodes);
      const at = c.text.indexOf(' // ');
      const comment = at < 0 ? '' : c.text.slice(at + 4);
      if (comment !== name && !comment.startsWith(`${name}: `))
        wrong.push(`cpu.ts:${c.line}: want // ${name}, have // ${comment}`);
    }
    expect(wrong).toEqual([]);
  });

  it('has one case for each used opcode and none for an unused one', () => {
    const handled = cases.flatMap((c) => c.opcodes).sort((a, b) => a - b);
    expect(new Set(handled).size).toBe(handled.length);
    expect(handled).toEqual(OPCODES.filter((r) => !r.illegal).map((r) => r.opcode));
  });
});
