import { describe, expect, it } from 'vitest';
import { OPCODES } from '../../../rom-core/i8048/opcodes.ts';
import type { OpcodeRow } from '../../../rom-core/i8048/opcodes.ts';
import { bytesOf } from './helpers.ts';

const OPERAND_BYTE = 0x5a;

/** The text form of a row with a value written for its value kind, and the bytes it must give at 0. */
function written(row: OpcodeRow): { text: string; bytes: number[] } {
  const operands = row.operands.map((o) => {
    if (o === '#imm') return `#0x${OPERAND_BYTE.toString(16)}`;
    if (o === 'addr11') return `0x${(((row.opcode >> 5) << 8) | OPERAND_BYTE).toString(16)}`;
    if (o === 'addr8') return `0x0${OPERAND_BYTE.toString(16)}`;
    return o;
  });
  const text = operands.length ? `${row.mnemonic} ${operands.join(',')}` : row.mnemonic;
  return { text, bytes: row.bytes === 2 ? [row.opcode, OPERAND_BYTE] : [row.opcode] };
}

const legal = OPCODES.filter((r) => !r.illegal).map((r) => ({
  ...written(r),
  hex: r.opcode.toString(16).padStart(2, '0'),
}));

describe('every table row assembles to its opcode', () => {
  it('covers the 230 legal opcodes', () => {
    expect(legal).toHaveLength(230);
  });

  it.each(legal)('$hex: $text', ({ text, bytes }) => {
    expect(bytesOf(`  ${text}\n`)).toEqual(bytes);
  });

  it.each(legal)('$hex in lower case with spaces: $text', ({ text, bytes }) => {
    expect(bytesOf(`  ${text.toLowerCase().replace(/,/g, ', ')}\n`)).toEqual(bytes);
  });
});

describe('encodings checked against the Intel datasheet by hand', () => {
  it.each([
    ['MOV A,#55h', [0x23, 0x55]],
    ['ADD A,R3', [0x6b]],
    ['ADDC A,@R1', [0x71]],
    ['MOV @R0,#-1', [0xb0, 0xff]],
    ['JMP 123h', [0x24, 0x23]],
    ['CALL 7FFh', [0xf4, 0xff]],
    ['JB7 0x10', [0xf2, 0x10]],
    ['DJNZ R7,0', [0xef, 0x00]],
    ['MOVD P7,A', [0x3f]],
    ['ANLD P4,A', [0x9c]],
    ['ORL P2,#1', [0x8a, 0x01]],
    ['ENT0 CLK', [0x75]],
    ['SEL MB1', [0xf5]],
  ] as [string, number[]][])('%s', (text, bytes) => {
    expect(bytesOf(` ${text}`)).toEqual(bytes);
  });

  it('JMP and CALL put address bits 10-8 in the opcode and keep bit 11 implicit', () => {
    expect(bytesOf(' org 0x800\n jmp 0xA34\n call 0xFFF')).toEqual([0x44, 0x34, 0xf4, 0xff]);
  });

  it('a conditional jump at xFFh is checked against the page of its operand byte', () => {
    // JZ at 0x2FF: its operand byte is at 0x300, so the target must be in page 3.
    expect(bytesOf(' org 0x2ff\n jz 0x310')).toEqual([0xc6, 0x10]);
  });
});
