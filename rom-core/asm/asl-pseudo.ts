/** ASL pseudo-ops beyond the common ones (directives.ts): ASSUME, REG, BINCLUDE. */
import type { Token } from './lexer.ts';
import { splitOperands } from './lexer.ts';
import { AsmEmitter } from './emit.ts';

export abstract class AsmAslPseudo extends AsmEmitter {
  /**
   * ASL's `ASSUME MB:0` / `ASSUME MB:1` / `ASSUME MB:NOTHING` (its asmallg.c CodeASSUME; MB is the
   * one register code48.c lets ASSUME name, 0..1 for the 4 KB 8048). A value turns off the SEL MBx
   * byte ASL puts before a JMP or CALL into the other 2 KB half; NOTHING, the start of each pass,
   * turns it on again.
   */
  protected assume(op: Token, rest: Token[]): void {
    if (rest.length === 0) this.fail('syntax', 'ASSUME needs MB:0, MB:1 or MB:NOTHING', op.col, op.end - op.col);
    for (const part of splitOperands(rest)) {
      const [reg, colon, ...value] = part;
      if (!reg || reg.kind !== 'ident' || reg.text.toUpperCase() !== 'MB' || colon?.text !== ':' || !value.length)
        this.fail(
          'syntax',
          'ASSUME knows only MB on the 8048: ASSUME MB:0, MB:1 or MB:NOTHING',
          ...this.span(part.length ? part : [op]),
        );
      if (value.length === 1 && value[0].kind === 'ident' && value[0].text.toUpperCase() === 'NOTHING') {
        this.assumeMB = undefined;
        continue;
      }
      const v = this.value(value, 'now', 'ASSUME')!;
      if (v !== 0 && v !== 1)
        this.fail('out-of-range', `ASSUME MB:${v} is outside 0..1 (the 8048 has two 2 KB halves)`, ...this.span(value));
      this.assumeMB = v;
    }
    this.listLine('');
  }

  /**
   * ASL's `name REG Rn` for the 8048 (code48.c's REG and DecodeReg): `name` stands for the register
   * wherever an instruction takes R0-R7 (and `@name` for @R0 / @R1); it may name another alias.
   */
  protected reg(label: Token | undefined, op: Token, rest: Token[]): void {
    if (!label) this.fail('syntax', 'REG needs a name before it (count REG R6)', op.col, op.end - op.col);
    const target = rest.length === 1 && rest[0].kind === 'ident' ? this.unalias(rest)[0].text.toUpperCase() : '';
    if (!/^R[0-7]$/.test(target))
      this.fail(
        'bad-operand',
        'REG needs a register R0-R7 (or a name REG gave one)',
        ...this.span(rest.length ? rest : [op]),
      );
    // The name is a symbol as in ASL (a label of the same name is a duplicate); it has no number.
    this.define(label, undefined, 'equ');
    this.registerAliases.set(label.text.toUpperCase(), target);
    this.listLine(`      = ${target}`);
  }

  /** ASL's `BINCLUDE "file"[, offset[, length]]`: the file's bytes (from offset; length bytes, or to its end). */
  protected binclude(op: Token, rest: Token[]): void {
    const parts = splitOperands(rest);
    const name = parts[0];
    if (parts.length > 3 || name?.length !== 1 || name[0].kind !== 'string')
      this.fail(
        'syntax',
        'BINCLUDE needs a file name in quotes, then an optional offset and length',
        ...this.span(rest.length ? rest : [op]),
      );
    const path = name[0].text;
    const [offset, length] = parts.slice(1).map((p) => this.value(p, 'now', 'BINCLUDE')!);
    let data: Uint8Array;
    try {
      data = this.readBytes(path);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.fail('missing-include', `cannot BINCLUDE "${path}": ${why}`, name[0].col, name[0].end - name[0].col);
    }
    const from = offset ?? 0;
    const count = length ?? data.length - from;
    if (from < 0 || count < 0 || from + count > data.length)
      this.fail(
        'out-of-range',
        `BINCLUDE "${path}" has ${data.length} bytes; offset ${from} and length ${count} reach past its end`,
        ...this.span(rest),
      );
    this.emit(Array.from(data.subarray(from, from + count)), undefined);
  }

  private readBytes(path: string): Uint8Array {
    const { readBinary, readFile } = this.options;
    if (readBinary) return readBinary(path, this.current.file);
    if (!readFile) throw new Error('no file reader was given');
    // A reader of text only: its characters as bytes (exact when it decodes Latin-1).
    const text = readFile(path, this.current.file);
    return Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
  }
}
