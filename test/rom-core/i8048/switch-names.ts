/**
 * The name a `case` of the CPU's instruction switch (rom-core/i8048/cpu.ts `execute`) carries in
 * its comment, from the one opcode table (rom-core/i8048/opcodes.ts): the row's text for one
 * opcode; for a group that differs only in a register, port or bit number, the datasheet's
 * placeholder stands for the number (`ADD A,Rr`, `MOV A,@Ri`, `MOVD A,Pp`, `JBb addr8`).
 */
import { OPCODES, rowText } from '../../../rom-core/i8048/opcodes.ts';

const PLACEHOLDER: readonly [before: string, letter: string][] = [
  ['@R', 'i'],
  ['R', 'r'],
  ['P', 'p'],
  ['JB', 'b'],
];

export function caseName(opcodes: readonly number[]): string {
  const texts = opcodes.map((op) => {
    const row = OPCODES[op];
    if (row.illegal) throw new Error(`opcode ${op.toString(16)}h is unused, yet has a case`);
    return rowText(row);
  });
  const first = texts[0];
  if (texts.some((t) => t.length !== first.length)) throw new Error(`case ${texts.join(' / ')}: not one instruction`);
  let out = '';
  for (let i = 0; i < first.length; i++) {
    if (texts.every((t) => t[i] === first[i])) {
      out += first[i];
      continue;
    }
    const placeholder = PLACEHOLDER.find(([before]) => out.endsWith(before));
    if (!placeholder || !texts.every((t) => /[0-9]/.test(t[i])))
      throw new Error(`case ${texts.join(' / ')}: not one instruction`);
    out += placeholder[1];
  }
  return out;
}

/** The opcodes named by one source line's `case 0x..:` labels (none when it has none). */
export function caseOpcodes(line: string): number[] {
  return [...line.matchAll(/\bcase 0x([0-9a-f]{2}):/g)].map((m) => parseInt(m[1], 16));
}
