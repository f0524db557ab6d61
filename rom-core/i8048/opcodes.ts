/**
 * The one table of Intel 8048 opcodes: the CPU's cycle table, the assembler and the disassembler all
 * read it. One row per opcode byte (256 rows), in datasheet order. Cycle and byte counts follow MAME's
 * mcs48.cpp (which agree with the Intel datasheet); the 26 unused opcodes are rows marked `illegal`,
 * executed as 1-cycle no-ops as MAME does.
 *
 * An operand is either a literal token that must appear as written ('A', '@R0', 'P1', 'RB1', ...)
 * or one of the value kinds:
 *  - '#imm'   an 8-bit immediate written `#expr`, stored in byte 2;
 *  - 'addr11' a JMP/CALL target: bits 10-8 go into opcode bits 7-5, bits 7-0 into byte 2;
 *  - 'addr8'  a conditional-jump / DJNZ target inside the page of byte 2.
 */

export type ValueKind = '#imm' | 'addr11' | 'addr8';
export type Operand = string;

export interface OpcodeRow {
  readonly opcode: number;
  /** Upper-case mnemonic; for an unused opcode, the empty string. */
  readonly mnemonic: string;
  readonly operands: readonly Operand[];
  readonly bytes: 1 | 2;
  readonly cycles: 1 | 2;
  readonly illegal: boolean;
}

export const VALUE_KINDS: readonly ValueKind[] = ['#imm', 'addr11', 'addr8'];

export function isValueKind(operand: Operand): operand is ValueKind {
  return operand === '#imm' || operand === 'addr11' || operand === 'addr8';
}

const rows: (OpcodeRow | undefined)[] = new Array(256).fill(undefined);

function def(opcode: number, cycles: 1 | 2, mnemonic: string, ...operands: Operand[]): void {
  if (rows[opcode]) throw new Error(`opcode ${opcode.toString(16)} defined twice`);
  const bytes = operands.some(isValueKind) ? 2 : 1;
  rows[opcode] = { opcode, mnemonic, operands, bytes, cycles, illegal: false };
}

/** Eight rows that differ only in a register number in the low three bits. */
function defR(base: number, cycles: 1 | 2, mnemonic: string, template: (r: string) => Operand[]): void {
  for (let n = 0; n < 8; n++) def(base + n, cycles, mnemonic, ...template(`R${n}`));
}

/** Two rows for @R0 / @R1 in the low bit. */
function defAtR(base: number, cycles: 1 | 2, mnemonic: string, template: (r: string) => Operand[]): void {
  for (let n = 0; n < 2; n++) def(base + n, cycles, mnemonic, ...template(`@R${n}`));
}

/** Four rows for the 8243 expander ports P4-P7 in the low two bits. */
function defP(base: number, mnemonic: string, template: (p: string) => Operand[]): void {
  for (let n = 0; n < 4; n++) def(base + n, 2, mnemonic, ...template(`P${n + 4}`));
}

// Arithmetic and logic on A.
defR(0x68, 1, 'ADD', (r) => ['A', r]);
defAtR(0x60, 1, 'ADD', (r) => ['A', r]);
def(0x03, 2, 'ADD', 'A', '#imm');
defR(0x78, 1, 'ADDC', (r) => ['A', r]);
defAtR(0x70, 1, 'ADDC', (r) => ['A', r]);
def(0x13, 2, 'ADDC', 'A', '#imm');
defR(0x58, 1, 'ANL', (r) => ['A', r]);
defAtR(0x50, 1, 'ANL', (r) => ['A', r]);
def(0x53, 2, 'ANL', 'A', '#imm');
defR(0x48, 1, 'ORL', (r) => ['A', r]);
defAtR(0x40, 1, 'ORL', (r) => ['A', r]);
def(0x43, 2, 'ORL', 'A', '#imm');
defR(0xd8, 1, 'XRL', (r) => ['A', r]);
defAtR(0xd0, 1, 'XRL', (r) => ['A', r]);
def(0xd3, 2, 'XRL', 'A', '#imm');
def(0x17, 1, 'INC', 'A');
def(0x07, 1, 'DEC', 'A');
def(0x27, 1, 'CLR', 'A');
def(0x37, 1, 'CPL', 'A');
def(0x57, 1, 'DA', 'A');
def(0x47, 1, 'SWAP', 'A');
def(0xe7, 1, 'RL', 'A');
def(0xf7, 1, 'RLC', 'A');
def(0x77, 1, 'RR', 'A');
def(0x67, 1, 'RRC', 'A');

// Registers and data memory.
defR(0x18, 1, 'INC', (r) => [r]);
defAtR(0x10, 1, 'INC', (r) => [r]);
defR(0xc8, 1, 'DEC', (r) => [r]);
defR(0xf8, 1, 'MOV', (r) => ['A', r]);
defAtR(0xf0, 1, 'MOV', (r) => ['A', r]);
def(0x23, 2, 'MOV', 'A', '#imm');
defR(0xa8, 1, 'MOV', (r) => [r, 'A']);
defAtR(0xa0, 1, 'MOV', (r) => [r, 'A']);
defR(0xb8, 2, 'MOV', (r) => [r, '#imm']);
defAtR(0xb0, 2, 'MOV', (r) => [r, '#imm']);
def(0xc7, 1, 'MOV', 'A', 'PSW');
def(0xd7, 1, 'MOV', 'PSW', 'A');
defR(0x28, 1, 'XCH', (r) => ['A', r]);
defAtR(0x20, 1, 'XCH', (r) => ['A', r]);
defAtR(0x30, 1, 'XCHD', (r) => ['A', r]);
defAtR(0x80, 2, 'MOVX', (r) => ['A', r]);
defAtR(0x90, 2, 'MOVX', (r) => [r, 'A']);
def(0xa3, 2, 'MOVP', 'A', '@A');
def(0xe3, 2, 'MOVP3', 'A', '@A');

// Flags.
def(0x97, 1, 'CLR', 'C');
def(0xa7, 1, 'CPL', 'C');
def(0x85, 1, 'CLR', 'F0');
def(0x95, 1, 'CPL', 'F0');
def(0xa5, 1, 'CLR', 'F1');
def(0xb5, 1, 'CPL', 'F1');

// Branches.
for (let page = 0; page < 8; page++) {
  def(0x04 | (page << 5), 2, 'JMP', 'addr11');
  def(0x14 | (page << 5), 2, 'CALL', 'addr11');
  def(0x12 | (page << 5), 2, `JB${page}`, 'addr8');
}
def(0xb3, 2, 'JMPP', '@A');
defR(0xe8, 2, 'DJNZ', (r) => [r, 'addr8']);
def(0xf6, 2, 'JC', 'addr8');
def(0xe6, 2, 'JNC', 'addr8');
def(0xc6, 2, 'JZ', 'addr8');
def(0x96, 2, 'JNZ', 'addr8');
def(0x36, 2, 'JT0', 'addr8');
def(0x26, 2, 'JNT0', 'addr8');
def(0x56, 2, 'JT1', 'addr8');
def(0x46, 2, 'JNT1', 'addr8');
def(0xb6, 2, 'JF0', 'addr8');
def(0x76, 2, 'JF1', 'addr8');
def(0x16, 2, 'JTF', 'addr8');
def(0x86, 2, 'JNI', 'addr8');
def(0x83, 2, 'RET');
def(0x93, 2, 'RETR');

// Ports, bus and the 8243 expander.
def(0x08, 2, 'INS', 'A', 'BUS');
def(0x09, 2, 'IN', 'A', 'P1');
def(0x0a, 2, 'IN', 'A', 'P2');
def(0x02, 2, 'OUTL', 'BUS', 'A');
def(0x39, 2, 'OUTL', 'P1', 'A');
def(0x3a, 2, 'OUTL', 'P2', 'A');
def(0x88, 2, 'ORL', 'BUS', '#imm');
def(0x89, 2, 'ORL', 'P1', '#imm');
def(0x8a, 2, 'ORL', 'P2', '#imm');
def(0x98, 2, 'ANL', 'BUS', '#imm');
def(0x99, 2, 'ANL', 'P1', '#imm');
def(0x9a, 2, 'ANL', 'P2', '#imm');
defP(0x0c, 'MOVD', (p) => ['A', p]);
defP(0x3c, 'MOVD', (p) => [p, 'A']);
defP(0x8c, 'ORLD', (p) => [p, 'A']);
defP(0x9c, 'ANLD', (p) => [p, 'A']);

// Timer/counter and interrupt control.
def(0x42, 1, 'MOV', 'A', 'T');
def(0x62, 1, 'MOV', 'T', 'A');
def(0x55, 1, 'STRT', 'T');
def(0x45, 1, 'STRT', 'CNT');
def(0x65, 1, 'STOP', 'TCNT');
def(0x25, 1, 'EN', 'TCNTI');
def(0x35, 1, 'DIS', 'TCNTI');
def(0x05, 1, 'EN', 'I');
def(0x15, 1, 'DIS', 'I');
def(0x75, 1, 'ENT0', 'CLK');

// Control.
def(0xc5, 1, 'SEL', 'RB0');
def(0xd5, 1, 'SEL', 'RB1');
def(0xe5, 1, 'SEL', 'MB0');
def(0xf5, 1, 'SEL', 'MB1');
def(0x00, 1, 'NOP');

/** The unused opcodes, as MAME runs them: one-cycle no-ops. */
export const ILLEGAL_OPCODES: readonly number[] = [
  0x01, 0x06, 0x0b, 0x22, 0x33, 0x38, 0x3b, 0x63, 0x66, 0x73, 0x82, 0x87, 0x8b, 0x9b, 0xa2, 0xa6, 0xb7, 0xc0, 0xc1,
  0xc2, 0xc3, 0xd6, 0xe0, 0xe1, 0xe2, 0xf3,
];
for (const opcode of ILLEGAL_OPCODES) {
  if (rows[opcode]) throw new Error(`illegal opcode ${opcode.toString(16)} also defined`);
  rows[opcode] = { opcode, mnemonic: '', operands: [], bytes: 1, cycles: 1, illegal: true };
}

for (let op = 0; op < 256; op++) {
  if (!rows[op]) throw new Error(`opcode ${op.toString(16)} missing from the table`);
}

export const OPCODES: readonly OpcodeRow[] = rows as OpcodeRow[];

/** Machine cycles per opcode, for the CPU's hot path. */
export const CYCLES: Uint8Array = Uint8Array.from(OPCODES, (r) => r.cycles);

/** Instruction length in bytes per opcode. */
export const LENGTHS: Uint8Array = Uint8Array.from(OPCODES, (r) => r.bytes);

/** Rows grouped by mnemonic, for the assembler's operand matching. */
export const ROWS_BY_MNEMONIC: ReadonlyMap<string, readonly OpcodeRow[]> = (() => {
  const map = new Map<string, OpcodeRow[]>();
  for (const row of OPCODES) {
    if (row.illegal) continue;
    const list = map.get(row.mnemonic) ?? [];
    list.push(row);
    map.set(row.mnemonic, list);
  }
  return map;
})();

/** Intel's written form of a row, e.g. `MOV A,#imm` or `JB3 addr8`. */
export function rowText(row: OpcodeRow): string {
  if (row.illegal) return `DB ${row.opcode.toString(16).toUpperCase().padStart(2, '0')}h`;
  return row.operands.length ? `${row.mnemonic} ${row.operands.join(',')}` : row.mnemonic;
}
