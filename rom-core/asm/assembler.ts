import type { OpcodeRow } from '../i8048/opcodes.ts';
import { AsmError } from './diagnostic.ts';
import type { Diagnostic } from './diagnostic.ts';
import { matchInstruction, isMnemonic } from './encode.ts';
import type { Match, WrittenOperand } from './encode.ts';
import { evaluate } from './expr.ts';
import { commentStart, splitOperands, tokenize } from './lexer.ts';
import { includedName, namelessRun, splitLines, substitute } from './source-lines.ts';
import type { SourceLine } from './source-lines.ts';
import type { Token } from './lexer.ts';

export interface AssembleOptions {
  /** For diagnostics; default '<input>'. */
  fileName?: string;
  /** Resolves INCLUDE; without it INCLUDE is an error. */
  readFile?: (path: string, from: string) => string;
  /** Symbols defined before the first line, as if by EQU. */
  defines?: Record<string, number>;
}

export interface LineMapEntry {
  address: number;
  file: string;
  line: number;
}

export interface AssembleResult {
  /** No errors (warnings allowed). */
  ok: boolean;
  /** The image from `base` (lowest address emitted) to the highest byte emitted; gaps are 0xFF. */
  bytes: Uint8Array;
  base: number;
  /** Every symbol by the spelling of its definition; local labels as `global.local`. */
  symbols: Map<string, number>;
  diagnostics: Diagnostic[];
  /** All errors found, the ones past MAX_ERRORS (not in `diagnostics`, told of in its last line) included. */
  errorCount: number;
  /** Address, bytes, cycles and source per line. */
  listing: string;
  /** Address -> source, for the debugger; one entry per instruction or data statement. */
  lineMap: LineMapEntry[];
}

const MAX_MACRO_DEPTH = 32;
/** Macro calls in one pass, and lines they bring in: a macro calling the next level twice at every level grows as 2^depth. */
const MAX_EXPANSIONS = 100_000;
const MAX_EXPANDED_LINES = 2_000_000;
/** Errors reported; the rest are counted in one last line. */
export const MAX_ERRORS = 100;
const MAX_INCLUDE_DEPTH = 16;
const ADDRESS_LIMIT = 0x10000;

const DIRECTIVES = new Set([
  'ORG', 'ALIGN', 'DB', 'DW', 'DS', 'EQU', 'SET', 'INCLUDE', 'MACRO', 'ENDM', 'IF', 'IFDEF', 'IFNDEF', 'ELSEIF', 'ELSE', 'ENDIF', 'CPU', 'END',
]);

interface SymbolEntry {
  name: string;
  value: number | undefined;
  kind: 'label' | 'equ' | 'set';
}

interface MacroDef {
  name: string;
  params: string[];
  body: SourceLine[];
}

type Mode = 'now' | 'late';

const hex = (n: number, width: number): string => n.toString(16).toUpperCase().padStart(width, '0');

/** Stops the current statement after its diagnostic has been recorded. */
/** Ends a statement already reported; not an Error, so throwing it captures no stack (a 10 MB source of bad lines throws it a million times). */
class StatementAbort {}

class Assembler {
  private readonly symbols = new Map<string, SymbolEntry>();
  private pass: 1 | 2 = 1;
  private definedThisPass = new Set<string>();
  private macros = new Map<string, MacroDef>();
  private address = 0;
  private currentGlobal = '';
  private macroScopes: string[] = [];
  private expansionCount = 0;
  private ended = false;
  private current: SourceLine = { text: '', file: '', line: 0 };
  private statementAddress = 0;
  /** Addresses of nameless labels: `-` ones seen so far; `+` ones from pass 1, and how many passed. */
  private backward: number[] = [];
  private forwardPass1: number[] = [];
  private forwardSeen = 0;
  private expandedLines = 0;
  private errorCount = 0;
  /** Errors not reported because MAX_ERRORS were already. */
  private errorsOver = 0;

  readonly diagnostics: Diagnostic[] = [];
  readonly listing: string[] = [];
  readonly lineMap: LineMapEntry[] = [];
  /** Emitted bytes by address, with the `file:line` that emitted each (for overlap errors). */
  private readonly image = new Map<number, number>();
  private readonly owner = new Map<number, string>();

  constructor(private readonly options: AssembleOptions) {}

  run(source: string): void {
    const file = this.options.fileName ?? '<input>';
    for (const pass of [1, 2] as const) {
      this.pass = pass;
      this.definedThisPass = new Set();
      this.macros = new Map();
      this.address = 0;
      this.currentGlobal = '';
      this.macroScopes = [];
      this.expansionCount = 0;
      this.expandedLines = 0;
      this.ended = false;
      this.backward = [];
      this.forwardSeen = 0;
      for (const [name, value] of Object.entries(this.options.defines ?? {})) {
        this.symbols.set(name.toUpperCase(), { name, value, kind: 'equ' });
        this.definedThisPass.add(name.toUpperCase());
      }
      this.processLines(splitLines(source, file), 0, 0);
    }
  }

  result(): AssembleResult {
    let lo = Infinity;
    let hi = -1;
    for (const a of this.image.keys()) {
      lo = Math.min(lo, a);
      hi = Math.max(hi, a);
    }
    const base = hi < 0 ? 0 : lo;
    const bytes = new Uint8Array(hi < 0 ? 0 : hi - lo + 1).fill(0xff);
    for (const [a, b] of this.image) bytes[a - base] = b;
    const symbols = new Map<string, number>();
    for (const s of this.symbols.values()) if (s.value !== undefined) symbols.set(s.name, s.value);
    const errorCount = this.errorCount + this.errorsOver;
    if (this.errorsOver > 0) {
      const last = this.diagnostics[this.diagnostics.length - 1];
      this.diagnostics.push({
        severity: 'error', code: 'too-many-errors',
        message: `${this.errorsOver} more error${this.errorsOver === 1 ? '' : 's'} not shown (the first ${MAX_ERRORS} are)`,
        file: last?.file ?? this.options.fileName ?? '<input>', line: last?.line ?? 1, column: 1, length: 1, sourceLine: '',
      });
      this.errorsOver = 0;
    }
    return {
      ok: !this.diagnostics.some((d) => d.severity === 'error'),
      bytes,
      base,
      symbols,
      diagnostics: this.diagnostics,
      errorCount,
      listing: this.listing.join('\n') + (this.listing.length ? '\n' : ''),
      lineMap: this.lineMap,
    };
  }

  // ---- diagnostics -------------------------------------------------------------------------

  private report(severity: 'error' | 'warning', code: string, message: string, col: number, length: number, where = this.current): void {
    if (this.pass !== 2) return;
    if (severity === 'error' && this.errorCount >= MAX_ERRORS) {
      this.errorsOver++;
      return;
    }
    if (severity === 'error') this.errorCount++;
    const note = where.invokedAt ? ` (in macro '${where.invokedAt.name}' used at ${where.invokedAt.file}:${where.invokedAt.line})` : '';
    this.diagnostics.push({
      severity,
      code,
      message: message + note,
      file: where.file,
      line: where.line,
      column: col + 1,
      length: Math.max(1, length),
      sourceLine: where.text,
    });
  }

  private fail(code: string, message: string, col: number, length: number): never {
    this.report('error', code, message, col, length);
    throw new StatementAbort();
  }

  private span(tokens: readonly Token[]): [number, number] {
    if (tokens.length === 0) return [0, this.current.text.length];
    return [tokens[0].col, tokens[tokens.length - 1].end - tokens[0].col];
  }

  // ---- lines, IF, MACRO recording ----------------------------------------------------------

  /** Runs the lines of one file or one macro body; IF and MACRO must close inside it. */
  private processLines(lines: SourceLine[], includeDepth: number, macroDepth: number): void {
    // Each IF keeps whether its enclosing block is active, so a line asks only the innermost one
    // (nesting costs nothing per line, however deep).
    const conditions: { active: boolean; taken: boolean; seenElse: boolean; parent: boolean; at: SourceLine; token: Token }[] = [];
    let recording: { def: MacroDef; at: SourceLine; col: number; nested: number } | undefined;
    const active = (): boolean => conditions.length === 0 || conditions[conditions.length - 1].active;

    for (const line of lines) {
      if (this.ended) break;
      this.current = line;
      let tokens: Token[];
      try {
        tokens = tokenize(line.text.slice(0, commentStart(line.text)));
      } catch (e) {
        if (!(e instanceof AsmError)) throw e;
        if (recording) {
          recording.def.body.push(line);
          continue;
        }
        if (active()) {
          this.report('error', e.code, e.message, e.column, e.length);
          this.listLine('');
        }
        continue;
      }
      const [first, second] = [tokens[0], tokens[1]];
      const word = (t: Token | undefined): string => (t && t.kind === 'ident' ? t.text.toUpperCase() : '');
      const opWord = word(first) === 'ENDM' || word(first) === 'MACRO' || DIRECTIVES.has(word(first)) ? word(first) : word(second);

      if (recording) {
        if (opWord === 'MACRO') recording.nested++;
        if (opWord === 'ENDM') {
          if (recording.nested === 0) {
            this.macros.set(recording.def.name.toUpperCase(), recording.def);
            recording = undefined;
            this.listLine('');
            continue;
          }
          recording.nested--;
        }
        recording.def.body.push(line);
        this.listLine('');
        continue;
      }

      const head = word(first);
      if (head === 'IF' || head === 'IFDEF' || head === 'IFNDEF') {
        let cond = false;
        const parent = active();
        if (parent) {
          try {
            cond = this.condition(head, tokens.slice(1), first);
          } catch (e) {
            if (!(e instanceof StatementAbort)) throw e;
          }
        }
        // A condition inside a skipped block is never active (taken, so no ELSE wakes it).
        conditions.push({ active: parent && cond, taken: !parent || cond, seenElse: false, parent, at: line, token: first });
        this.listLine('');
        continue;
      }
      if (head === 'ELSE' || head === 'ELSEIF' || head === 'ENDIF') {
        const top = conditions[conditions.length - 1];
        if (!top) {
          this.report('error', head === 'ENDIF' ? 'endif-without-if' : 'else-without-if', `${head} without IF`, first.col, first.end - first.col);
        } else if (head === 'ELSEIF') {
          if (top.seenElse) this.report('error', 'else-twice', 'ELSEIF after ELSE', first.col, first.end - first.col);
          let cond = false;
          if (!top.taken) {
            try {
              cond = this.condition('IF', tokens.slice(1), first);
            } catch (e) {
              if (!(e instanceof StatementAbort)) throw e;
            }
          }
          top.active = top.parent && !top.taken && cond;
          top.taken ||= cond;
        } else if (head === 'ELSE') {
          if (top.seenElse) this.report('error', 'else-twice', 'second ELSE for one IF', first.col, first.end - first.col);
          top.seenElse = true;
          top.active = top.parent && !top.taken;
          top.taken = true;
        } else {
          conditions.pop();
        }
        this.listLine('');
        continue;
      }
      if (!active()) {
        this.listLine('');
        continue;
      }
      if (word(second) === 'MACRO' && first?.kind === 'ident') {
        const params = splitOperands(tokens.slice(2));
        const names: string[] = [];
        let bad = false;
        for (const p of params) {
          if (p.length !== 1 || p[0].kind !== 'ident') {
            const [c, l] = this.span(p.length ? p : [second]);
            this.report('error', 'syntax', 'a macro parameter must be a plain name', c, l);
            bad = true;
          } else {
            names.push(p[0].text.toUpperCase());
          }
        }
        if (DIRECTIVES.has(first.text.toUpperCase()) || isMnemonic(first.text)) {
          this.report('error', 'syntax', `'${first.text}' is a mnemonic or directive and cannot name a macro`, first.col, first.end - first.col);
          bad = true;
        }
        recording = { def: { name: bad ? '' : first.text, params: names, body: [] }, at: line, col: first.col, nested: 0 };
        this.listLine('');
        continue;
      }
      if (head === 'ENDM') {
        this.report('error', 'endm-without-macro', 'ENDM without MACRO', first.col, first.end - first.col);
        this.listLine('');
        continue;
      }
      try {
        this.statement(tokens, includeDepth, macroDepth);
      } catch (e) {
        if (!(e instanceof StatementAbort)) throw e;
        this.listLine('');
      }
    }
    if (this.ended) return;
    for (const c of conditions) {
      this.report('error', 'unterminated-if', `${c.token.text.toUpperCase()} without ENDIF`, c.token.col, c.token.end - c.token.col, c.at);
    }
    if (recording) {
      this.report('error', 'unterminated-macro', `MACRO '${recording.def.name}' without ENDM`, recording.col, recording.def.name.length, recording.at);
    }
  }

  private condition(head: string, rest: Token[], at: Token): boolean {
    if (head === 'IF') {
      if (rest.length === 0) this.fail('syntax', 'IF needs a condition', at.col, at.end - at.col);
      return this.value(rest, 'now', 'IF') !== 0;
    }
    if (rest.length !== 1 || rest[0].kind !== 'ident') {
      const [c, l] = this.span(rest.length ? rest : [at]);
      this.fail('syntax', `${head} needs one symbol name`, c, l);
    }
    const known = this.definedThisPass.has(this.qualify(rest[0]));
    return head === 'IFDEF' ? known : !known;
  }

  // ---- statements --------------------------------------------------------------------------

  private statement(tokens: Token[], includeDepth: number, macroDepth: number): void {
    this.statementAddress = this.address;
    if (tokens.length === 0) {
      this.listLine('');
      return;
    }
    const [t0, t1] = tokens;
    const upper = (t: Token | undefined): string => (t && t.kind === 'ident' ? t.text.toUpperCase() : '');
    const isOpWord = (t: Token | undefined): boolean =>
      !!t && t.kind === 'ident' && (DIRECTIVES.has(upper(t)) || isMnemonic(t.text) || this.macros.has(upper(t)));

    let label: Token | undefined;
    let i = 0;
    const nameless = namelessRun(tokens, 0);
    if (nameless) {
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
    } else if (t0.kind === 'ident' && !isOpWord(t0)) {
      // ASL style: a name in column 1, or a name before a mnemonic, is a label without a colon.
      if (t0.col === 0 || isOpWord(t1)) {
        label = t0;
        i = 1;
      }
    }
    const op = tokens[i];
    const rest = tokens.slice(i + 1);
    const opName = op ? (op.kind === 'op' && op.text === '=' ? 'SET' : upper(op)) : '';

    if (opName === 'EQU' || opName === 'SET') {
      if (!label) this.fail('syntax', `${opName} needs a name before it`, op.col, op.end - op.col);
      if (rest.length === 0) this.fail('syntax', `${opName} needs a value`, op.col, op.end - op.col);
      const value = this.value(rest, 'late', opName);
      this.define(label, value, opName === 'EQU' ? 'equ' : 'set');
      this.listLine(value === undefined ? '' : `      = ${hex(value & 0xffff, 4)}`);
      return;
    }
    if (label) this.define(label, this.address, 'label');
    if (!op) {
      this.listLine(`${hex(this.address, 4)}`);
      return;
    }
    if (op.kind !== 'ident') this.fail('syntax', `expected a mnemonic or directive, found '${op.text}'`, op.col, op.end - op.col);

    switch (opName) {
      case 'CPU':
        this.listLine('');
        return;
      case 'END':
        this.ended = true;
        this.listLine('');
        return;
      case 'ORG': {
        if (rest.length === 0) this.fail('syntax', 'ORG needs an address', op.col, op.end - op.col);
        const v = this.value(rest, 'now', 'ORG')!;
        if (v < 0 || v >= ADDRESS_LIMIT) this.fail('out-of-range', `ORG address ${v} is outside 0..0xFFFF`, ...this.span(rest));
        this.address = v;
        this.listLine(hex(v, 4));
        return;
      }
      case 'ALIGN': {
        // ASL's ALIGN (the homebrew sources use `align 256` to start a MOVP table on a page):
        // moves the address up to the next multiple, reserving the gap as DS does.
        if (rest.length === 0) this.fail('syntax', 'ALIGN needs a value', op.col, op.end - op.col);
        const n = this.value(rest, 'now', 'ALIGN')!;
        if (n < 1 || n > ADDRESS_LIMIT) this.fail('out-of-range', `ALIGN value ${n} is outside 1..0x10000`, ...this.span(rest));
        const to = Math.ceil(this.address / n) * n;
        if (to > ADDRESS_LIMIT) this.fail('out-of-range', `ALIGN ${n} moves the address past 0xFFFF`, ...this.span(rest));
        this.listLine(hex(this.address, 4));
        this.address = to;
        return;
      }
      case 'DB':
      case 'DW':
        this.data(opName, op, rest);
        return;
      case 'DS': {
        const parts = splitOperands(rest);
        if (parts.length < 1 || parts.length > 2 || parts[0].length === 0) this.fail('syntax', 'DS needs a count and an optional fill byte', op.col, op.end - op.col);
        const count = this.value(parts[0], 'now', 'DS')!;
        if (count < 0 || this.address + count > ADDRESS_LIMIT) this.fail('out-of-range', `DS count ${count} is out of range`, ...this.span(parts[0]));
        if (parts.length === 2) {
          const fill = this.byteValue(parts[1]);
          this.emit(new Array<number>(count).fill(fill), undefined);
        } else {
          this.listLine(hex(this.address, 4));
          this.address += count;
        }
        return;
      }
      case 'INCLUDE':
        this.include(op, rest, includeDepth, macroDepth);
        return;
    }
    const macro = this.macros.get(opName);
    if (macro) {
      this.expand(macro, op, rest, includeDepth, macroDepth);
      return;
    }
    this.instruction(op, rest);
  }

  private define(label: Token, value: number | undefined, kind: SymbolEntry['kind']): void {
    const key = this.qualify(label, kind === 'label');
    const existing = this.symbols.get(key);
    if (this.definedThisPass.has(key) && !(kind === 'set' && existing?.kind === 'set')) {
      this.report('error', 'duplicate-symbol', `'${label.text}' is already defined`, label.col, label.end - label.col);
      return;
    }
    if (this.pass === 2 && kind === 'label' && existing?.value !== undefined && existing.value !== value) {
      // Cannot happen while sizes are fixed and IF sees only earlier symbols; say so if it does.
      this.report('error', 'phase', `'${label.text}' moved from 0x${hex(existing.value, 4)} to 0x${hex(value ?? 0, 4)} between passes`, label.col, label.end - label.col);
    }
    const name = label.text.startsWith('.') ? this.scopeName() + label.text : label.text;
    this.symbols.set(key, { name, value, kind });
    this.definedThisPass.add(key);
  }

  private scopeName(): string {
    return this.macroScopes.length ? this.macroScopes[this.macroScopes.length - 1] : this.currentGlobal;
  }

  /** The symbol-table key of a name: upper case; `.local` gets its scope's name in front. */
  private qualify(t: Token, settingScope = false): string {
    const key = t.text.toUpperCase();
    if (key.startsWith('.')) {
      const scope = this.scopeName();
      if (!scope) this.fail('syntax', `local label '${t.text}' needs a global label before it`, t.col, t.end - t.col);
      return scope.toUpperCase() + key;
    }
    if (settingScope) this.currentGlobal = t.text;
    return key;
  }

  private defineNameless(sign: '-' | '+'): void {
    if (sign === '-') {
      this.backward.push(this.address);
    } else {
      if (this.pass === 1) this.forwardPass1.push(this.address);
      this.forwardSeen++;
    }
  }

  /** `-` is the last `-` label before this line, `--` the one before it; `+`, `++` look ahead. */
  private nameless(tokens: Token[], sign: '-' | '+'): number | undefined {
    const n = tokens.length;
    if (sign === '-') {
      const v = this.backward[this.backward.length - n];
      if (v === undefined) this.fail('undefined-symbol', `no ${'-'.repeat(n)} label before this line`, ...this.span(tokens));
      return v;
    }
    const v = this.forwardPass1[this.forwardSeen + n - 1];
    if (v === undefined && this.pass === 2) this.fail('undefined-symbol', `no ${'+'.repeat(n)} label after this line`, ...this.span(tokens));
    return v;
  }

  private value(tokens: Token[], mode: Mode, what: string): number | undefined {
    const run = namelessRun(tokens, 0);
    if (run && run.count === tokens.length) {
      const v = this.nameless(tokens, run.sign);
      if (v === undefined && mode === 'now') this.fail('forward-reference', `${what} cannot use a + label`, ...this.span(tokens));
      return v;
    }
    try {
      return evaluate(tokens, {
        here: this.statementAddress,
        lookup: (name, token) => {
          const key = this.qualify(token);
          const entry = this.symbols.get(key);
          if (mode === 'now') {
            if (!this.definedThisPass.has(key) || entry?.value === undefined) {
              this.fail('forward-reference', `'${name}' must be defined before ${what} uses it`, token.col, token.end - token.col);
            }
            return entry!.value;
          }
          if (entry?.value !== undefined) return entry.value;
          if (this.pass === 2) {
            if (!entry) this.fail('undefined-symbol', `undefined symbol '${name}'`, token.col, token.end - token.col);
            this.fail('undefined-symbol', `symbol '${name}' has no value (is its definition circular?)`, token.col, token.end - token.col);
          }
          return undefined;
        },
      });
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      const [c, l] = e.length === 0 && tokens.length ? this.span(tokens) : [e.column, e.length];
      this.fail(e.code, e.message, c, l);
    }
  }

  private byteValue(tokens: Token[]): number {
    if (tokens.length === 0) this.fail('syntax', 'missing value', 0, this.current.text.length);
    const v = this.value(tokens, 'late', 'DB');
    if (v === undefined) return 0;
    if (v < -128 || v > 255) this.fail('out-of-range', `value ${v} does not fit in a byte (-128..255)`, ...this.span(tokens));
    return v & 0xff;
  }

  // ---- data, instructions ------------------------------------------------------------------

  private data(kind: 'DB' | 'DW', op: Token, rest: Token[]): void {
    if (rest.length === 0) this.fail('syntax', `${kind} needs at least one value`, op.col, op.end - op.col);
    const out: number[] = [];
    let failed = false;
    for (const item of splitOperands(rest)) {
      if (kind === 'DB' && item.length === 1 && item[0].kind === 'string' && item[0].text.length !== 1) {
        for (const ch of item[0].text) {
          const code = ch.codePointAt(0)!;
          if (code > 255) {
            this.report('error', 'out-of-range', `character '${ch}' does not fit in a byte`, item[0].col, item[0].end - item[0].col);
            failed = true;
          }
          out.push(code & 0xff);
        }
        continue;
      }
      // A bad item still takes its bytes, so that later labels stay where pass 1 put them.
      const size = kind === 'DB' ? 1 : 2;
      try {
        if (item.length === 0) this.fail('syntax', `empty item in ${kind}`, op.col, op.end - op.col);
        if (kind === 'DB') {
          out.push(this.byteValue(item));
        } else {
          const v = this.value(item, 'late', 'DW') ?? 0;
          if (v < -32768 || v > 0xffff) this.fail('out-of-range', `value ${v} does not fit in a word (-32768..65535)`, ...this.span(item));
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

  private instruction(op: Token, rest: Token[]): void {
    const parts = splitOperands(rest);
    const operands: WrittenOperand[] = parts.map((p) => {
      if (p.length === 0) this.fail('syntax', 'missing operand', op.col, (rest[rest.length - 1]?.end ?? op.end) - op.col);
      return { tokens: p, col: p[0].col, end: p[p.length - 1].end };
    });
    const match = this.match(op, operands);
    const at = this.address;
    if (match.rows[0].bytes === 2 && (at & 0x7ff) === 0x7ff) {
      this.report('warning', 'bank-wrap', `the operand byte of this instruction at 0x${hex(at, 3)} is read from 0x${hex(at & ~0x7ff, 3)}, not 0x${hex(at + 1, 3)}: the 8048's PC does not carry into bit 11`, op.col, op.end - op.col);
    }
    const name = match.rows[0].mnemonic;
    if ((name === 'JMPP' || name === 'MOVP') && (at & 0xff) === 0xff) {
      // JMPP and MOVP use the page of the incremented PC: at xFFh that is the next page.
      const page = ((at + 1) & 0x7ff) | (at & 0x800);
      this.report('warning', 'page-wrap', `${name} at 0x${hex(at, 3)} works in page 0x${hex(page & ~0xff, 3)} (the next instruction's), not page 0x${hex(at & ~0xff, 3)}`, op.col, op.end - op.col);
    }
    try {
      this.encode(match, at);
    } catch (e) {
      // Keep later labels where pass 1 put them even when this line is wrong.
      this.address = at + match.rows[0].bytes;
      throw e;
    }
  }

  private match(op: Token, operands: WrittenOperand[]): Match {
    try {
      return matchInstruction(op, operands);
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      this.fail(e.code, e.message, e.column, e.length);
    }
  }

  private encode(match: Match, at: number): void {
    let row: OpcodeRow = match.rows[0];
    if (!match.kind) {
      this.emit([row.opcode], row);
      return;
    }
    const value = this.value(match.valueTokens!, 'late', row.mnemonic);
    const [vc, vl] = this.span(match.valueTokens!);
    if (value === undefined) {
      this.emit([row.opcode, 0], row);
      return;
    }
    const name = row.mnemonic;
    if (match.kind === '#imm') {
      if (value < -128 || value > 255) this.fail('out-of-range', `immediate ${value} does not fit in a byte (-128..255)`, vc, vl);
      this.emit([row.opcode, value & 0xff], row);
      return;
    }
    if (match.kind === 'addr11') {
      if (value < 0 || value > 0xfff) this.fail('out-of-range', `${name} target 0x${hex(value & 0xffffffff, 3)} is outside the 4 KB program space (0x000-0xFFF)`, vc, vl);
      row = match.rows.find((r) => ((r.opcode >> 5) & 7) === ((value >> 8) & 7)) ?? row;
      if ((value & 0x800) !== (at & 0x800)) {
        this.report('warning', 'bank-crossing', `${name} target 0x${hex(value, 3)} is in the other 2 KB half from 0x${hex(at, 3)}; it is reached only with the matching SEL MB0/MB1`, vc, vl);
      }
      this.emit([row.opcode, value & 0xff], row);
      return;
    }
    // addr8: the target shares the page of the operand byte; the PC's increment does not carry into bit 11.
    const operandAt = ((at + 1) & 0x7ff) | (at & ~0x7ff);
    if (value < 0 || (value & ~0xff) !== (operandAt & ~0xff)) {
      this.fail('page-crossing', `${name} target 0x${hex(value & 0xffffffff, 3)} is not in page 0x${hex(operandAt & ~0xff, 3)} of its operand byte`, vc, vl);
    }
    this.emit([row.opcode, value & 0xff], row);
  }

  private emit(bytes: number[], row: OpcodeRow | undefined): void {
    const at = this.address;
    if (at + bytes.length > ADDRESS_LIMIT) this.fail('out-of-range', 'code runs past address 0xFFFF', 0, this.current.text.length);
    if (this.pass === 2) {
      const here = `${this.current.file}:${this.current.line}`;
      for (let k = 0; k < bytes.length; k++) {
        const a = at + k;
        if (this.image.has(a)) {
          this.address = at + bytes.length;
          this.fail('overlap', `address 0x${hex(a, 3)} is already filled by ${this.owner.get(a)}`, 0, this.current.text.length);
        }
      }
      for (let k = 0; k < bytes.length; k++) {
        this.image.set(at + k, bytes[k]);
        this.owner.set(at + k, here);
      }
      if (bytes.length) this.lineMap.push({ address: at, file: this.current.file, line: this.current.line });
      for (let k = 0; k < Math.max(1, bytes.length); k += 4) {
        const chunk = bytes.slice(k, k + 4).map((b) => hex(b, 2)).join(' ');
        const prefix = `${hex(at + k, 4)}  ${chunk.padEnd(12)}${k === 0 && row ? String(row.cycles) : ' '}`;
        if (k === 0) this.listLine(prefix);
        else this.listing.push(prefix.trimEnd());
      }
    }
    this.address = at + bytes.length;
  }

  private listLine(prefix: string): void {
    if (this.pass !== 2) return;
    const marker = this.current.invokedAt ? '+' : ' ';
    this.listing.push(`${prefix.padEnd(19)}${marker} ${this.current.text}`.trimEnd());
  }

  // ---- INCLUDE, macros ---------------------------------------------------------------------

  private include(op: Token, rest: Token[], includeDepth: number, macroDepth: number): void {
    if (rest.length !== 1 || rest[0].kind !== 'string') {
      const [c, l] = this.span(rest.length ? rest : [op]);
      this.fail('syntax', 'INCLUDE needs a file name in quotes', c, l);
    }
    const path = rest[0].text;
    const [c, l] = [rest[0].col, rest[0].end - rest[0].col];
    if (!this.options.readFile) this.fail('missing-include', `cannot include "${path}": no file reader was given`, c, l);
    if (includeDepth >= MAX_INCLUDE_DEPTH) this.fail('include-depth', `includes nested more than ${MAX_INCLUDE_DEPTH} deep (does "${path}" include itself?)`, c, l);
    let text: string;
    try {
      text = this.options.readFile(path, this.current.file);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.fail('missing-include', `cannot include "${path}": ${why}`, c, l);
    }
    this.listLine('');
    const saved = this.current;
    this.processLines(splitLines(text, includedName(path, saved.file)), includeDepth + 1, macroDepth);
    this.current = saved;
  }

  private expand(macro: MacroDef, op: Token, rest: Token[], includeDepth: number, macroDepth: number): void {
    if (macroDepth >= MAX_MACRO_DEPTH) {
      this.fail('macro-recursion', `macro '${macro.name}' nested more than ${MAX_MACRO_DEPTH} deep (does it call itself without an IF to stop?)`, op.col, op.end - op.col);
    }
    if (this.expansionCount >= MAX_EXPANSIONS || this.expandedLines + macro.body.length > MAX_EXPANDED_LINES) {
      this.fail('macro-expansion', `macro '${macro.name}' not expanded: macros were called more than ${MAX_EXPANSIONS} times or brought in more than ${MAX_EXPANDED_LINES} lines in one pass (does a macro call another more than once at each level?)`, op.col, op.end - op.col);
    }
    this.expandedLines += macro.body.length;
    const args = splitOperands(rest).map((p) => (p.length ? this.current.text.slice(p[0].col, p[p.length - 1].end) : ''));
    if (args.length > macro.params.length) {
      this.fail('macro-arguments', `macro '${macro.name}' takes ${macro.params.length} argument(s), got ${args.length}`, ...this.span(rest));
    }
    const invokedAt = { name: macro.name, file: this.current.file, line: this.current.line };
    const body = macro.body.map((l) => ({ ...l, text: substitute(l.text, macro.params, args), invokedAt }));
    this.listLine('');
    const saved = this.current;
    this.macroScopes.push(`${macro.name}@${++this.expansionCount}`);
    try {
      this.processLines(body, includeDepth, macroDepth + 1);
    } finally {
      this.macroScopes.pop();
      this.current = saved;
    }
  }
}

export function assemble(source: string, options: AssembleOptions = {}): AssembleResult {
  const asm = new Assembler(options);
  asm.run(source);
  return asm.result();
}
