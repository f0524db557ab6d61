/** Data and instructions: encoding, the 8048's page and bank rules, the image and the listing. */
import type { OpcodeRow } from '../i8048/opcodes.ts';
import { AsmError } from './diagnostic.ts';
import { matchInstruction } from './encode.ts';
import type { Match, WrittenOperand } from './encode.ts';
import type { Token } from './lexer.ts';
import { splitOperands } from './lexer.ts';
import { ROWS_BY_MNEMONIC } from '../i8048/opcodes.ts';
import { ADDRESS_LIMIT, StatementAbort, hex } from './assembler-state.ts';
import { AsmSymbols } from './symbols.ts';

/** SEL MB0 and SEL MB1 from the one opcode table, by the half they select. */
const SEL_MB = ['MB0', 'MB1'].map((mb) => ROWS_BY_MNEMONIC.get('SEL')!.find((r) => r.operands[0] === mb)!);

export abstract class AsmEmitter extends AsmSymbols {
  // ---- data, instructions ------------------------------------------------------------------

  protected data(kind: 'DB' | 'DW', op: Token, rest: Token[]): void {
    if (rest.length === 0) this.fail('syntax', `${kind} needs at least one value`, op.col, op.end - op.col);
    const out: number[] = [];
    let failed = false;
    for (const item of splitOperands(rest)) {
      if (kind === 'DB' && item.length === 1 && item[0].kind === 'string' && item[0].text.length !== 1) {
        for (const ch of item[0].text) {
          const code = ch.codePointAt(0)!;
          if (code > 255) {
            this.report(
              'error',
              'out-of-range',
              `character '${ch}' does not fit in a byte`,
              item[0].col,
              item[0].end - item[0].col,
            );
            failed = true;
          }
          out.push(this.translate(code) & 0xff);
        }
        continue;
      }
      // A bad item still takes its bytes, so that later labels stay where pass 1 put them.
      const size = kind === 'DB' ? 1 : 2;
      try {
        if (item.length === 0) this.fail('syntax', `empty item in ${kind}`, op.col, op.end - op.col);
        if (kind === 'DB') {
          // An item may be a string (ASL's `db substr(DATE,0,2)`, a string symbol): its characters, each a byte.
          const v = this.valueOrString(item, 'late', 'DB');
          if (typeof v === 'string') out.push(...this.stringBytes(v, item));
          else out.push(this.byteOf(v, item));
        } else {
          const v = this.value(item, 'late', 'DW') ?? 0;
          if (v < -32768 || v > 0xffff)
            this.fail('out-of-range', `value ${v} does not fit in a word (-32768..65535)`, ...this.span(item));
          out.push(v & 0xff, (v >> 8) & 0xff);
        }
      } catch (e) {
        if (!(e instanceof StatementAbort)) throw e;
        failed = true;
        for (let k = 0; k < size; k++) out.push(0xff);
      }
    }
    if (failed) {
      this.address += out.length;
      throw new StatementAbort();
    }
    this.emit(out, undefined);
  }

  /** A string's characters through the code page, one byte each (a character over 255 is an error). */
  protected stringBytes(text: string, at: Token[]): number[] {
    return Array.from(text, (ch) => {
      const code = ch.codePointAt(0)!;
      if (code > 255) this.fail('out-of-range', `character '${ch}' does not fit in a byte`, ...this.span(at));
      return this.translate(code) & 0xff;
    });
  }

  protected instruction(op: Token, rest: Token[]): void {
    const parts = splitOperands(rest).map((p) => this.unalias(p));
    const operands: WrittenOperand[] = parts.map((p) => {
      if (p.length === 0)
        this.fail('syntax', 'missing operand', op.col, (rest[rest.length - 1]?.end ?? op.end) - op.col);
      return { tokens: p, col: p[0].col, end: p[p.length - 1].end };
    });
    const match = this.match(op, operands);
    // Under PHASE the code runs at its logical address: the page rules and targets are checked there.
    const at = this.address + this.phaseOffset;
    const physical = this.address;
    const name = match.rows[0].mnemonic;
    if (match.rows[0].bytes === 2 && (at & 0x7ff) === 0x7ff) {
      this.report(
        'warning',
        'bank-wrap',
        `the operand byte of this instruction at 0x${hex(at, 3)} is read from 0x${hex(at & ~0x7ff, 3)}, not 0x${hex(at + 1, 3)}: the 8048's PC does not carry into bit 11`,
        op.col,
        op.end - op.col,
      );
    }
    if ((name === 'JMPP' || name === 'MOVP') && (at & 0xff) === 0xff) {
      // JMPP and MOVP use the page of the incremented PC: at xFFh that is the next page.
      const page = ((at + 1) & 0x7ff) | (at & 0x800);
      this.report(
        'warning',
        'page-wrap',
        `${name} at 0x${hex(at, 3)} works in page 0x${hex(page & ~0xff, 3)} (the next instruction's), not page 0x${hex(at & ~0xff, 3)}`,
        op.col,
        op.end - op.col,
      );
    }
    try {
      this.encode(match, at);
    } catch (e) {
      // Keep later labels where pass 1 put them even when this line is wrong.
      this.address = physical + match.rows[0].bytes;
      throw e;
    }
  }

  protected match(op: Token, operands: WrittenOperand[]): Match {
    try {
      return matchInstruction(op, operands);
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      this.fail(e.code, e.message, e.column, e.length);
    }
  }

  protected encode(match: Match, at: number): void {
    const row: OpcodeRow = match.rows[0];
    if (!match.kind) {
      this.emit([row.opcode], row);
      return;
    }
    const value = this.value(match.valueTokens!, 'late', row.mnemonic);
    const [vc, vl] = this.span(match.valueTokens!);
    if (value === undefined) {
      // Not known yet (pass 1): taken as in the instruction's own half, so no SEL MBx until the target is known
      // (the usual case; ASL reckons with its own pass-1 value, and both end at the same bytes once labels settle).
      if (match.kind === 'addr11') this.farJump(match, at & 0x800, at, vc, vl);
      else this.emit([row.opcode, 0], row);
      return;
    }
    const name = row.mnemonic;
    if (match.kind === '#imm') {
      if (value < -128 || value > 255)
        this.fail('out-of-range', `immediate ${value} does not fit in a byte (-128..255)`, vc, vl);
      this.emit([row.opcode, value & 0xff], row);
      return;
    }
    if (match.kind === 'addr11') {
      this.farJump(match, value, at, vc, vl);
      return;
    }
    // addr8: the target shares the page of the operand byte; the PC's increment does not carry into bit 11.
    const operandAt = ((at + 1) & 0x7ff) | (at & ~0x7ff);
    if (value < 0 || (value & ~0xff) !== (operandAt & ~0xff)) {
      this.fail(
        'page-crossing',
        `${name} target 0x${hex(value & 0xffffffff, 3)} is not in page 0x${hex(operandAt & ~0xff, 3)} of its operand byte`,
        vc,
        vl,
      );
    }
    this.emit([row.opcode, value & 0xff], row);
  }

  /**
   * JMP / CALL as ASL 1.42's code48.c (DecodeCALL_JMP) makes them: a target in the other 2 KB half
   * gets the SEL MB0 / SEL MB1 byte put before the instruction, every time (ASL does not follow the
   * SEL MBx already executed). After `ASSUME MB:n` no byte is put in, and a target outside half n is
   * ASL's warning "page might not be addressable"; `ASSUME MB:NOTHING` turns the SEL bytes back on.
   */
  private farJump(match: Match, value: number, at: number, vc: number, vl: number): void {
    const name = match.rows[0].mnemonic;
    if (value < 0 || value > 0xfff)
      this.fail(
        'out-of-range',
        `${name} target 0x${hex(value & 0xffffffff, 3)} is outside the 4 KB program space (0x000-0xFFF)`,
        vc,
        vl,
      );
    const row = match.rows.find((r) => ((r.opcode >> 5) & 7) === ((value >> 8) & 7)) ?? match.rows[0];
    const half = (value >> 11) & 1;
    const code = [row.opcode, value & 0xff];
    if ((at & 0x7fe) === 0x7fe) {
      // ASL 1.42's code48.c refuses JMP and CALL here ("instruction must not start on this address"); the
      // CPU runs them, and the disassembler writes them, so they are made bare, with a warning.
      this.report(
        'warning',
        'not-on-this-address',
        `ASL refuses ${name} at 0x${hex(at, 3)}, the last two addresses of a 2 KB half; made without any SEL MBx`,
        vc,
        vl,
      );
      this.emit(code, row);
      return;
    }
    if (this.assumeMB === undefined && half !== ((at >> 11) & 1)) {
      const sel = SEL_MB[half];
      this.emit([sel.opcode, ...code], row, row.cycles + sel.cycles);
      // The JMP itself has an address of its own: the debugger stopping there finds the line too.
      this.lineMap.push({ address: this.address - 2, file: this.current.file, line: this.current.line });
      return;
    }
    if (this.assumeMB !== undefined && half !== this.assumeMB)
      this.report(
        'warning',
        'bank-crossing',
        `${name} target 0x${hex(value, 3)} is outside the 2 KB half ASSUME MB:${this.assumeMB} names, so no SEL MB${half} is put before it (ASL: page might not be addressable)`,
        vc,
        vl,
      );
    this.emit(code, row);
  }

  /** `cycles` for the listing: the row's, or a SEL MBx and its JMP's together. */
  protected emit(bytes: number[], row: OpcodeRow | undefined, cycles: number | undefined = row?.cycles): void {
    const at = this.address;
    if (at + bytes.length > ADDRESS_LIMIT)
      this.fail('out-of-range', 'code runs past address 0xFFFF', 0, this.current.text.length);
    const here = `${this.current.file}:${this.current.line}`;
    for (let k = 0; k < bytes.length; k++) {
      const a = at + k;
      if (this.image.has(a)) {
        this.address = at + bytes.length;
        this.fail(
          'overlap',
          `address 0x${hex(a, 3)} is already filled by ${this.owner.get(a)}`,
          0,
          this.current.text.length,
        );
      }
    }
    for (let k = 0; k < bytes.length; k++) {
      this.image.set(at + k, bytes[k]);
      this.owner.set(at + k, here);
    }
    if (bytes.length) this.lineMap.push({ address: at, file: this.current.file, line: this.current.line });
    for (let k = 0; k < Math.max(1, bytes.length); k += 4) {
      const chunk = bytes
        .slice(k, k + 4)
        .map((b) => hex(b, 2))
        .join(' ');
      const prefix = `${hex(at + k, 4)}  ${chunk.padEnd(12)}${k === 0 && cycles ? String(cycles) : ' '}`;
      if (k === 0) this.listLine(prefix);
      else if (this.listed(false))
        this.listing.push({ file: this.current.file, line: this.current.line, text: prefix });
    }
    this.address = at + bytes.length;
  }

  /** ASL's LISTING OFF / NOSKIPPED and MACEXP OFF keep lines out of the listing. */
  protected listed(skipped: boolean): boolean {
    if (this.listMode === 'OFF') return false;
    if (skipped && this.listMode === 'NOSKIPPED') return false;
    return !(this.current.invokedAt && !this.macexp);
  }

  protected listLine(prefix: string, skipped = false): void {
    if (!this.listed(skipped)) return;
    const marker = this.current.invokedAt ? '+' : ' ';
    this.listing.push({
      file: this.current.file,
      line: this.current.line,
      text: `${prefix.padEnd(19)}${marker} ${this.current.text}`,
    });
  }
}
