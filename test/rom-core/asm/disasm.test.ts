import { describe, expect, it } from 'vitest';
import { OPCODES } from '../../../rom-core/i8048/opcodes.ts';
import { disassemble, disassembleOne } from '../../../rom-core/asm/disasm.ts';
import { assemble } from '../../../rom-core/asm/index.ts';

const hex = (n: number): string => `0x${n.toString(16)}`;

/** Disassembles bytes at an address, assembles the text at the same ORG, and returns the bytes. */
function roundTrip(bytes: number[], address: number): { text: string; back: number[]; diagnostics: string[] } {
  const lines = disassemble(Uint8Array.from(bytes), address);
  const text = `  ORG ${hex(address)}\n${lines.map((l) => `  ${l.text}`).join('\n')}\n`;
  const r = assemble(text);
  return {
    text,
    back: Array.from(r.bytes),
    diagnostics: r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
  };
}

const ADDRESSES = [0x000, 0x2ff, 0x7ff, 0xa40, 0xfff];
const OPERANDS = [0x00, 0x7f, 0x80, 0xff];

const cases = OPCODES.flatMap((row) =>
  ADDRESSES.flatMap((address) =>
    (row.bytes === 2 && !row.illegal ? OPERANDS : [undefined]).map((operand) => ({
      opcode: row.opcode,
      address,
      bytes: operand === undefined ? [row.opcode] : [row.opcode, operand],
      label: `${row.opcode.toString(16).padStart(2, '0')}${operand === undefined ? '' : ' ' + operand.toString(16).padStart(2, '0')} @${hex(address)}`,
    })),
  ),
);

describe('bytes -> text -> bytes for every opcode', () => {
  it('covers all 256 opcodes', () => {
    expect(new Set(cases.map((c) => c.opcode)).size).toBe(256);
  });

  it.each(cases)('$label', ({ bytes, address }) => {
    const { back, diagnostics, text } = roundTrip(bytes, address);
    expect(diagnostics, text).toEqual([]);
    expect(back, text).toEqual(bytes);
  });

  it('a whole random image survives the round trip', () => {
    let seed = 12345;
    const image = Array.from({ length: 2048 }, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 24;
    });
    const { back, diagnostics } = roundTrip(image, 0x400);
    expect(diagnostics).toEqual([]);
    expect(back).toEqual(image);
  });
});

describe('disassembler text', () => {
  it('writes Intel syntax with absolute targets', () => {
    const one = (b: number[], at: number): string => disassembleOne(Uint8Array.from(b), 0, at).text;
    expect(one([0x23, 0x3f], 0)).toBe('MOV A,#0x3F');
    expect(one([0xa4, 0x56], 0x800)).toBe('JMP 0xD56');
    expect(one([0xc6, 0x10], 0x2ff)).toBe('JZ 0x310');
    expect(one([0xe3], 0)).toBe('MOVP3 A,@A');
    expect(one([0x01], 0)).toBe('DB 0x01');
  });

  it('writes a 2-byte opcode cut off by the end of the data as DB', () => {
    expect(disassemble(Uint8Array.from([0x00, 0x23]), 0x10)).toEqual([
      { address: 0x10, bytes: [0x00], text: 'NOP' },
      { address: 0x11, bytes: [0x23], text: 'DB 0x23' },
    ]);
  });
});

describe('jump and call targets by name', () => {
  it('names a JMP, CALL or conditional jump target the name function knows, and leaves other targets as numbers', () => {
    // 410h: JMP 412h, CALL 5A0h, DJNZ R7,410h, JZ 4FFh.
    const bytes = Uint8Array.from([0x84, 0x12, 0xb4, 0xa0, 0xef, 0x10, 0xc6, 0xff]);
    const names: Record<number, string> = { 0x412: 'loop', 0x5a0: 'draw', 0x410: 'top' };
    const at = (offset: number): string => disassembleOne(bytes, offset, 0x410 + offset, (t) => names[t]).text;
    expect([at(0), at(2), at(4), at(6)]).toEqual(['JMP loop', 'CALL draw', 'DJNZ R7,top', 'JZ 0x4FF']);
    // MOV A,#imm is a value, never a target.
    expect(disassembleOne(Uint8Array.from([0x23, 0x12]), 0, 0x400, () => 'loop').text).toBe('MOV A,#0x12');
  });
});
