import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPCODES } from '../../../rom-core/i8048/opcodes.ts';
import { disassemble } from '../../../rom-core/asm/disasm.ts';
import { assemble } from '../../../rom-core/asm/index.ts';

// An outside witness: J. L. Post's d48 (Debian package d52) disassembles the image our assembler
// made from every table row; its text must match our disassembler's, instruction by instruction.
describe('agreement with the d48 disassembler', () => {
  it('d48 reads every legal opcode as we write it', () => {
    // NOP second: d48 takes zero bytes at either end of the file for unused space.
    const others = OPCODES.filter((r) => !r.illegal && r.opcode !== 0);
    const rows = [others[0], OPCODES[0], ...others.slice(1)];
    const source = rows.map((r) => {
      const ops = r.operands.map((o) =>
        o === '#imm'
          ? '#5Ah'
          : o === 'addr11'
            ? `${(r.opcode >> 5) & 7}5Ah`
            : o === 'addr8'
              ? '(($ + 1) & 0F00h) | 5Ah'
              : o,
      );
      return `  ${r.mnemonic} ${ops.join(',')}`;
    });
    const result = assemble(source.join('\n'));
    expect(result.diagnostics).toEqual([]);

    const dir = mkdtempSync(join(tmpdir(), 'o2-d48-'));
    writeFileSync(join(dir, 'all.bin'), result.bytes);
    execFileSync('d48', ['all.bin'], { cwd: dir, stdio: 'ignore' });
    const theirs = readFileSync(join(dir, 'all.d48'), 'latin1')
      .split('\n')
      .filter((l) => /^\S*\t[a-z]/.test(l) && !/^\S*\t(org|end|equ)\b/.test(l))
      .map((l) =>
        // A jump target gets a label in front of its instruction; drop it.
        l
          .replace(/^\S*\t/, '')
          .replace(/;.*/, '')
          .trim()
          .replace(/\s+/g, ' ')
          .replace(/X([0-9a-f]{4})/gi, (_m, h: string) => `0x${parseInt(h, 16).toString(16).padStart(3, '0')}`)
          .replace(/#([0-9a-f]+)h/g, (_m, h: string) => `#0x${parseInt(h, 16).toString(16).padStart(2, '0')}`),
      );
    const ours = disassemble(result.bytes, 0).map((l) => l.text.toLowerCase());
    expect(theirs).toEqual(ours);
    expect(ours).toHaveLength(230);
  });
});
