/** One statement: its label and its directive, macro call or instruction. */
import { isMnemonic } from './encode.ts';
import type { Token } from './lexer.ts';
import { splitOperands } from './lexer.ts';
import { namelessRun } from './source-lines.ts';
import { AsmAddressDirectives } from './address-directives.ts';
import { DIRECTIVES, hex } from './assembler-state.ts';
import type { MacroDef } from './assembler-state.ts';

/** A statement's fields: its label, its operation word (`!` before it keeps a macro from taking it) and operands. */
interface StatementFields {
  label: Token | undefined;
  op: Token;
  opName: string;
  rest: Token[];
  bang: boolean;
}

const upper = (t: Token | undefined): string => (t && t.kind === 'ident' ? t.text.toUpperCase() : '');

export abstract class AsmDirectives extends AsmAddressDirectives {
  /** ASL's `name FUNCTION p1, p2, expression`: the expression with the parameters as names. */
  private defineFunction(label: Token | undefined, op: Token, rest: Token[]): void {
    if (!label) this.fail('syntax', 'FUNCTION needs a name before it', op.col, op.end - op.col);
    const parts = splitOperands(rest);
    const body = parts.pop();
    if (!body || body.length === 0)
      this.fail(
        'syntax',
        'FUNCTION needs parameters and an expression, e.g. lo FUNCTION x, x & 255',
        op.col,
        op.end - op.col,
      );
    const params: string[] = [];
    for (const p of parts) {
      if (p.length !== 1 || p[0].kind !== 'ident')
        this.fail('syntax', 'a function parameter must be a plain name', ...this.span(p.length ? p : [op]));
      params.push(p[0].text.toUpperCase());
    }
    const key = label.text.toUpperCase();
    if (this.functions.has(key))
      this.fail('duplicate-symbol', `function '${label.text}' is already defined`, label.col, label.end - label.col);
    this.functions.set(key, { name: label.text, params, body, at: this.current });
    this.listLine('');
  }

  /** ASL's `CODEPAGE name`: selects a translation table for strings, a new one starting as 1:1; STANDARD is none. */
  private selectCodepage(op: Token, rest: Token[]): void {
    if (rest.length !== 1 || rest[0].kind !== 'ident')
      this.fail('syntax', 'CODEPAGE needs one name', ...this.span(rest.length ? rest : [op]));
    const key = rest[0].text.toUpperCase();
    if (key === 'STANDARD') {
      this.codepage = undefined;
    } else {
      let table = this.codepages.get(key);
      if (!table) {
        table = Uint8Array.from({ length: 256 }, (_, k) => k);
        this.codepages.set(key, table);
      }
      this.codepage = table;
    }
    this.listLine('');
  }

  /** ASL's `CHARSET char, value` / `CHARSET first, last, value` in the current code page; bare CHARSET resets it to 1:1. */
  private charset(op: Token, rest: Token[]): void {
    const table = this.codepage;
    if (!table) this.fail('syntax', 'CHARSET needs a CODEPAGE other than STANDARD selected', op.col, op.end - op.col);
    const parts = splitOperands(rest);
    if (rest.length === 0) {
      for (let k = 0; k < 256; k++) table[k] = k;
    } else if (parts.length === 2 || parts.length === 3) {
      // Character constants here are the source's own characters, not translated ones.
      const saved = this.codepage;
      this.codepage = undefined;
      let values: number[];
      try {
        values = parts.map((p) => this.value(p, 'now', 'CHARSET')!);
      } finally {
        this.codepage = saved;
      }
      const [first, last, to] = values.length === 2 ? [values[0], values[0], values[1]] : values;
      if (first < 0 || last > 255 || last < first)
        this.fail('out-of-range', `CHARSET range ${first}..${last} is not within 0..255`, ...this.span(rest));
      for (let k = first; k <= last; k++) table[k] = (to + k - first) & 0xff;
    } else {
      this.fail(
        'syntax',
        'CHARSET needs a character and its value, or a first, a last and a value',
        op.col,
        op.end - op.col,
      );
    }
    this.listLine('');
  }

  /** `MACEXP ON|OFF`, `LISTING ON|OFF|NOSKIPPED|PURECODE` (PURECODE read as NOSKIPPED). */
  private listingControl(opName: 'MACEXP' | 'LISTING', op: Token, rest: Token[]): void {
    const word = rest.length === 1 && rest[0].kind === 'ident' ? rest[0].text.toUpperCase() : '';
    const allowed = opName === 'MACEXP' ? ['ON', 'OFF'] : ['ON', 'OFF', 'NOSKIPPED', 'PURECODE'];
    if (!allowed.includes(word))
      this.fail('syntax', `${opName} needs one of ${allowed.join(', ')}`, ...this.span(rest.length ? rest : [op]));
    // The line itself is listed under the old setting, as ASL lists the LISTING OFF line.
    this.listLine('');
    if (opName === 'MACEXP') this.macexp = word === 'ON';
    else this.listMode = word === 'PURECODE' ? 'NOSKIPPED' : (word as 'ON' | 'OFF' | 'NOSKIPPED');
  }

  protected abstract beginBlock(kind: 'REPT' | 'IRP' | 'IRPC' | 'WHILE', op: Token, rest: Token[]): void;
  protected abstract include(op: Token, rest: Token[], includeDepth: number, macroDepth: number): void;
  protected abstract expand(macro: MacroDef, op: Token, rest: Token[], includeDepth: number, macroDepth: number): void;

  // ---- statements --------------------------------------------------------------------------

  protected statement(tokens: Token[], includeDepth: number, macroDepth: number): void {
    this.statementAddress = this.address + this.phaseOffset;
    if (tokens.length === 0) {
      this.listLine('');
      return;
    }
    const { label, op, opName, rest, bang } = this.fields(tokens);
    if (this.definition(label, op, opName, rest)) return;
    if (label) this.define(label, this.address + this.phaseOffset, 'label', true);
    if (!op) {
      this.listLine(`${hex(this.address, 4)}`);
      return;
    }
    if (op.kind !== 'ident')
      this.fail('syntax', `expected a mnemonic or directive, found '${op.text}'`, op.col, op.end - op.col);
    if (this.directive(opName, op, rest, includeDepth, macroDepth)) return;
    const macro = bang ? undefined : this.macros.get(opName);
    if (macro) {
      this.expand(macro, op, rest, includeDepth, macroDepth);
      return;
    }
    this.instruction(op, rest);
  }

  /** Whether `t` is a directive, a mnemonic or a macro's name: the operation field, not a label. */
  private isOpWord(t: Token | undefined): boolean {
    return !!t && t.kind === 'ident' && (DIRECTIVES.has(upper(t)) || isMnemonic(t.text) || this.macros.has(upper(t)));
  }

  /** Splits a statement into its fields, defining its nameless label (`-`, `+`) on the way. */
  private fields(tokens: Token[]): StatementFields {
    const [t0, t1] = tokens;
    let label: Token | undefined;
    let i = 0;
    const nameless = namelessRun(tokens, 0);
    if (t0.kind === 'op' && t0.text === ':') {
      // ASL reads a line starting with `:` as an empty label (KTAA bank 3's line 6).
      i = 1;
    } else if (nameless) {
      // ASL's nameless labels: a line starting with `-` (or `+`), with or without a colon.
      this.defineNameless(nameless.sign);
      i = nameless.count;
      if (tokens[i]?.kind === 'op' && tokens[i].text === ':') i++;
    } else if (t0.kind === 'ident' && t1?.kind === 'op' && t1.text === ':') {
      label = t0;
      i = 2;
    } else if (t0.kind === 'ident' && (['EQU', 'SET'].includes(upper(t1)) || (t1?.kind === 'op' && t1.text === '='))) {
      label = t0;
      i = 1;
    } else if (t0.kind === 'ident' && t0.col === 0 && this.isOpWord(t0) && this.isOpWord(t1)) {
      // ASL reads column 1 as the label field: `stop jmp stop` is the label STOP, not the instruction,
      // and `error mov r1,a` (Gust's palntsc) the label ERROR, not the directive.
      label = t0;
      i = 1;
    } else if (t0.kind === 'ident' && !this.isOpWord(t0)) {
      // ASL style: a name in column 1, or a name before a mnemonic, is a label without a colon.
      if (t0.col === 0 || this.isOpWord(t1)) {
        label = t0;
        i = 1;
      }
    }
    // ASL's `!name`: the instruction or directive itself, even when a macro takes its name.
    const bang = tokens[i]?.kind === 'op' && tokens[i].text === '!' && tokens[i + 1]?.col === tokens[i].end;
    if (bang) i++;
    const op = tokens[i];
    const opName = op ? (op.kind === 'op' && op.text === '=' ? 'SET' : upper(op)) : '';
    return { label, op, opName, rest: tokens.slice(i + 1), bang };
  }

  /** Carries out EQU, SET (`=`), LABEL, FUNCTION and REG, which give the label its value; false for others. */
  private definition(label: Token | undefined, op: Token, opName: string, rest: Token[]): boolean {
    switch (opName) {
      case 'EQU':
      case 'SET':
        this.equate(label, op, opName, rest);
        return true;
      case 'LABEL': {
        // ASL's `name LABEL value`: a label with that value (KTAA's `name_bank label $` in a macro).
        if (!label) this.fail('syntax', 'LABEL needs a name before it', op.col, op.end - op.col);
        if (rest.length === 0) this.fail('syntax', 'LABEL needs a value', op.col, op.end - op.col);
        const value = this.value(rest, 'late', 'LABEL');
        this.define(label, value, 'label');
        this.listLine(value === undefined ? '' : `      = ${hex(value & 0xffff, 4)}`);
        return true;
      }
      case 'FUNCTION':
        this.defineFunction(label, op, rest);
        return true;
      case 'REG':
        this.reg(label, op, rest);
        return true;
      default:
        return false;
    }
  }

  /** `name EQU value` (fixed) and `name SET value` / `name = value` (may be set again). */
  private equate(label: Token | undefined, op: Token, opName: 'EQU' | 'SET', rest: Token[]): void {
    if (!label) this.fail('syntax', `${opName} needs a name before it`, op.col, op.end - op.col);
    if (rest.length === 0) this.fail('syntax', `${opName} needs a value`, op.col, op.end - op.col);
    const value = this.valueOrString(rest, 'late', opName);
    const kind = opName === 'EQU' ? 'equ' : 'set';
    // A string value makes a string symbol, as in ASL (`name equ "text"`; `db name` writes its characters).
    if (typeof value === 'string') this.define(label, undefined, kind, false, value);
    else this.define(label, value, kind);
    this.listLine(
      value === undefined ? '' : typeof value === 'string' ? `      = "${value}"` : `      = ${hex(value & 0xffff, 4)}`,
    );
  }

  /** Carries out a directive other than the definitions; false when `opName` is none (a macro or an instruction). */
  private directive(opName: string, op: Token, rest: Token[], includeDepth: number, macroDepth: number): boolean {
    switch (opName) {
      case 'CPU':
        this.aslOperators = true;
        this.listLine('');
        return true;
      case 'SECTION':
        this.section(op, rest);
        return true;
      case 'ENDSECTION':
        this.endSection(op, rest);
        return true;
      case 'ASSUME':
        this.assume(op, rest);
        return true;
      case 'BINCLUDE':
        this.binclude(op, rest);
        return true;
      case 'CODEPAGE':
        this.selectCodepage(op, rest);
        return true;
      case 'CHARSET':
        this.charset(op, rest);
        return true;
      case 'PAGE':
      case 'NEWPAGE':
      case 'TITLE':
        // Page layout of a printed listing; ours has no pages.
        this.listLine('');
        return true;
      case 'MACEXP':
      case 'LISTING':
        this.listingControl(opName, op, rest);
        return true;
      case 'REPT':
      case 'IRP':
      case 'IRPC':
      case 'WHILE':
        this.beginBlock(opName, op, rest);
        return true;
      case 'ERROR':
      case 'FATAL':
        return this.userError(opName, op, rest);
      case 'MESSAGE':
      case 'WARNING':
        this.message(opName, op, rest);
        return true;
      case 'SAVE':
        this.saved.push({ listMode: this.listMode, macexp: this.macexp, codepage: this.codepage });
        this.listLine('');
        return true;
      case 'RESTORE':
        this.restore(op);
        return true;
      case 'SHARED':
        this.declareShared(op, rest);
        return true;
      case 'END':
        this.ended = true;
        this.listLine('');
        return true;
      case 'DB':
      case 'DW':
        this.data(opName, op, rest);
        return true;
      case 'INCLUDE':
        this.include(op, rest, includeDepth, macroDepth);
        return true;
      default:
        return this.addressDirective(opName, op, rest);
    }
  }

  /** ASL's `SECTION name`: local symbols until ENDSECTION. */
  private section(op: Token, rest: Token[]): void {
    if (rest.length !== 1 || rest[0].kind !== 'ident')
      this.fail('syntax', 'SECTION needs one name', ...this.span(rest.length ? rest : [op]));
    this.sections.push({ name: rest[0].text, id: ++this.sectionCount, token: rest[0], at: this.current });
    this.listLine('');
  }

  /** `ENDSECTION [name]`: closes the open section, which the name (if given) must be. */
  private endSection(op: Token, rest: Token[]): void {
    const open = this.sections[this.sections.length - 1];
    if (!open) this.fail('endsection-without-section', 'ENDSECTION without SECTION', op.col, op.end - op.col);
    if (rest.length > 1 || (rest.length === 1 && rest[0].text.toUpperCase() !== open.name.toUpperCase())) {
      this.fail('syntax', `ENDSECTION must name the open section '${open.name}'`, ...this.span(rest));
    }
    this.sections.pop();
    this.listLine('');
  }

  /** ASL's ERROR / FATAL: the source's own error (KTAA's `assert` macro), reached only when assembled. */
  private userError(opName: string, op: Token, rest: Token[]): never {
    return this.fail(
      'user-error',
      rest.length === 1 && rest[0].kind === 'string' ? rest[0].text : this.current.text.slice(op.end).trim() || opName,
      ...this.span(rest.length ? rest : [op]),
    );
  }

  /** ASL's `MESSAGE "text"` (a note) and `WARNING "text"` (a warning). */
  private message(opName: 'MESSAGE' | 'WARNING', op: Token, rest: Token[]): void {
    if (rest.length !== 1 || rest[0].kind !== 'string')
      this.fail('syntax', `${opName} needs a text in quotes`, ...this.span(rest.length ? rest : [op]));
    // ASL prints MESSAGE in every pass; only the last pass's diagnostics are kept, so one note per line.
    this.report(
      opName === 'WARNING' ? 'warning' : 'info',
      opName === 'WARNING' ? 'user-warning' : 'message',
      rest[0].text,
      rest[0].col,
      rest[0].end - rest[0].col,
    );
    this.listLine('');
  }

  /** ASL's RESTORE: the listing, MACEXP and code page settings the last SAVE kept. */
  private restore(op: Token): void {
    const top = this.saved.pop();
    if (!top) this.fail('restore-without-save', 'RESTORE without SAVE', op.col, op.end - op.col);
    ({ listMode: this.listMode, macexp: this.macexp, codepage: this.codepage } = top);
    this.listLine('');
  }

  /** ASL's `SHARED name, name`: symbols to write out for other programs (see shared.ts). */
  private declareShared(op: Token, rest: Token[]): void {
    for (const part of splitOperands(rest)) {
      if (part.length !== 1 || part[0].kind !== 'ident')
        this.fail('syntax', 'SHARED needs symbol names separated by commas', ...this.span(part.length ? part : [op]));
      this.sharedNames.push({ token: part[0], at: this.current });
    }
    if (rest.length === 0)
      this.fail('syntax', 'SHARED needs symbol names separated by commas', op.col, op.end - op.col);
    this.listLine('');
  }
}
