import { OPCODES, isValueKind } from '../i8048/opcodes.ts';

/**
 * The disassembler reads the same opcode table as the assembler and writes text the assembler
 * reads back to the same bytes: upper-case Intel syntax, numbers as `0x3F`, jump targets as
 * absolute addresses, unused opcodes (and a 2-byte opcode cut off by the end) as `DB 0x01`.
 */

const hex = (n: number, width: number): string => `0x${n.toString(16).toUpperCase().padStart(width, '0')}`;

/** The address of the byte after `address`: the 8048's PC increment does not carry into bit 11. */
export function nextAddress(address: number): number {
  return ((address + 1) & 0x7ff) | (address & ~0x7ff);
}

/**
 * One instruction at `offset` of `bytes`, which the CPU sees at `address`. `name` gives a jump or
 * call target's label (the debugger's `JMP loop`); without one, or for an address it does not name,
 * the target is a number.
 */
export function disassembleOne(
  bytes: Uint8Array,
  offset: number,
  address: number,
  name?: (target: number) => string | undefined,
): { text: string; length: number } {
  const opcode = bytes[offset];
  const row = OPCODES[opcode];
  if (row.illegal || (row.bytes === 2 && offset + 1 >= bytes.length)) {
    return { text: `DB ${hex(opcode, 2)}`, length: 1 };
  }
  if (row.bytes === 1)
    return { text: row.operands.length ? `${row.mnemonic} ${row.operands.join(',')}` : row.mnemonic, length: 1 };
  const operand = bytes[offset + 1];
  const operands = row.operands.map((o) => {
    if (!isValueKind(o)) return o;
    if (o === '#imm') return `#${hex(operand, 2)}`;
    const target =
      o === 'addr11' ? (address & 0x800) | ((opcode & 0xe0) << 3) | operand : (nextAddress(address) & ~0xff) | operand;
    return name?.(target) ?? hex(target, 3);
  });
  return { text: `${row.mnemonic} ${operands.join(',')}`, length: 2 };
}

export function disassemble(bytes: Uint8Array, origin: number): { address: number; bytes: number[]; text: string }[] {
  const out: { address: number; bytes: number[]; text: string }[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const address = origin + offset;
    const { text, length } = disassembleOne(bytes, offset, address);
    out.push({ address, bytes: Array.from(bytes.subarray(offset, offset + length)), text });
    offset += length;
  }
  return out;
}
