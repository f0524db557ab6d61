/** The directives that move the address or reserve space: ORG, PHASE / DEPHASE, ALIGN, DS. */
import type { Token } from './lexer.ts';
import { splitOperands } from './lexer.ts';
import { AsmAslPseudo } from './asl-pseudo.ts';
import { ADDRESS_LIMIT, hex } from './assembler-state.ts';

export abstract class AsmAddressDirectives extends AsmAslPseudo {
  /** Carries out ORG, PHASE, DEPHASE, ALIGN or DS; false for any other directive. */
  protected addressDirective(opName: string, op: Token, rest: Token[]): boolean {
    switch (opName) {
      case 'ORG':
        this.org(op, rest);
        return true;
      case 'PHASE':
        this.phase(op, rest);
        return true;
      case 'DEPHASE':
        this.phaseOffset = 0;
        this.listLine('');
        return true;
      case 'ALIGN':
        this.align(op, rest);
        return true;
      case 'DS':
        this.defineStorage(op, rest);
        return true;
      default:
        return false;
    }
  }

  /** `ORG address`: where the next byte goes. */
  private org(op: Token, rest: Token[]): void {
    if (rest.length === 0) this.fail('syntax', 'ORG needs an address', op.col, op.end - op.col);
    const v = this.value(rest, 'now', 'ORG')!;
    if (v < 0 || v >= ADDRESS_LIMIT)
      this.fail('out-of-range', `ORG address ${v} is outside 0..0xFFFF`, ...this.span(rest));
    this.address = v;
    this.listLine(hex(v, 4));
  }

  /** ASL's `PHASE address`: labels take their values as if the code ran there, until DEPHASE. */
  private phase(op: Token, rest: Token[]): void {
    if (rest.length === 0) this.fail('syntax', 'PHASE needs an address', op.col, op.end - op.col);
    const v = this.value(rest, 'now', 'PHASE')!;
    if (v < 0 || v >= ADDRESS_LIMIT)
      this.fail('out-of-range', `PHASE address ${v} is outside 0..0xFFFF`, ...this.span(rest));
    this.phaseOffset = v - this.address;
    this.listLine(hex(this.address, 4));
  }

  /**
   * ASL's ALIGN (the homebrew sources use `align 256` to start a MOVP table on a page):
   * moves the address up to the next multiple, reserving the gap as DS does.
   */
  private align(op: Token, rest: Token[]): void {
    if (rest.length === 0) this.fail('syntax', 'ALIGN needs a value', op.col, op.end - op.col);
    const n = this.value(rest, 'now', 'ALIGN')!;
    if (n < 1 || n > ADDRESS_LIMIT)
      this.fail('out-of-range', `ALIGN value ${n} is outside 1..0x10000`, ...this.span(rest));
    const to = Math.ceil(this.address / n) * n;
    if (to > ADDRESS_LIMIT) this.fail('out-of-range', `ALIGN ${n} moves the address past 0xFFFF`, ...this.span(rest));
    this.listLine(hex(this.address, 4));
    this.address = to;
  }

  /** `DS count` reserves bytes without writing them; `DS count, fill` writes the fill byte. */
  private defineStorage(op: Token, rest: Token[]): void {
    const parts = splitOperands(rest);
    if (parts.length < 1 || parts.length > 2 || parts[0].length === 0)
      this.fail('syntax', 'DS needs a count and an optional fill byte', op.col, op.end - op.col);
    const count = this.value(parts[0], 'now', 'DS')!;
    if (count < 0 || this.address + count > ADDRESS_LIMIT)
      this.fail('out-of-range', `DS count ${count} is out of range`, ...this.span(parts[0]));
    if (parts.length === 2) {
      const fill = this.byteValue(parts[1]);
      this.emit(new Array<number>(count).fill(fill), undefined);
    } else {
      this.listLine(hex(this.address, 4));
      this.address += count;
    }
  }
}
