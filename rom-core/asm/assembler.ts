/** The passes (as many as ASL runs) and the result; the parts are assembler-state.ts, symbols.ts, emit.ts, address-directives.ts, directives.ts, repeat.ts, conditions.ts and macros.ts. */
import { splitLines } from './source-lines.ts';
import { foreignDialect, foreignMessage } from './foreign.ts';
import { aslDateTime } from './string-functions.ts';
import { AsmMacros } from './macros.ts';
import { MAX_ERRORS, MAX_PASSES } from './assembler-state.ts';
import type { AssembleOptions, AssembleResult } from './assembler-state.ts';
import type { SharedSymbol } from './shared.ts';
import { formatListing } from './symbol-table.ts';
import type { SymbolInfo } from './symbol-table.ts';

export { MAX_ERRORS } from './assembler-state.ts';
export type { AssembleOptions, AssembleResult, LineMapEntry } from './assembler-state.ts';

/** A line whose statement is CPU (after an optional label): `\tcpu\t8048`, `start: cpu 8048`. */
const CPU_LINE = /^(?:[A-Za-z_.?][\w.?]*:?)?[ \t]+cpu[ \t]/im;

class Assembler extends AsmMacros {
  run(source: string): void {
    const file = this.options.fileName ?? '<input>';
    const foreign = foreignDialect(source);
    if (foreign) {
      // One sentence and stop: another assembler's source would give a cascade of errors that read as the user's mistakes.
      const at = { text: source.split(/\r?\n/)[foreign.line - 1], file, line: foreign.line };
      this.report('error', 'foreign-assembler', foreignMessage(foreign), foreign.column - 1, foreign.word.length, at);
      return;
    }
    // A CPU statement anywhere in the main source: its expressions before it are ASL's too.
    if (CPU_LINE.test(source)) this.aslOperators = true;
    // ASL's DATE and TIME are taken once, at the first pass (its as.c), and are strings.
    const { date, time } = aslDateTime(this.options.now ?? new Date());
    // ASL's passes: another while a symbol was used before its definition (pass 1) or moved
    // (a later pass); only the last pass's bytes, listing and diagnostics are kept. As ASL, no
    // more passes after one with errors, but pass 2 always runs when asked, to report the
    // undefined symbols beside pass 1's errors (and a hostile source does not run 16 times).
    const another = (pass: number): boolean =>
      pass === 1 || (this.repass && pass <= MAX_PASSES && (pass === 2 || this.errorCount + this.errorsOver === 0));
    for (let pass = 1; another(pass); pass++) {
      this.startPass(pass, date, time);
      this.processLines(splitLines(source, file), 0, 0);
      if (pass > 1 && this.forwardThis.join() !== this.forwardBefore.join()) this.repass = true;
      for (const open of this.sections) {
        this.report(
          'error',
          'unterminated-section',
          `SECTION '${open.name}' without ENDSECTION`,
          open.token.col,
          open.token.end - open.token.col,
          open.at,
        );
      }
    }
    this.collectShared();
  }

  /** A pass starts as the first did, but for the symbols, the macros and the forward references seen. */
  private startPass(pass: number, date: string, time: string): void {
    this.pass = pass;
    this.repass = false;
    this.clearOutput();
    this.definedThisPass = new Set();
    // Macros stay from the pass before, as in ASL: a macro defined after its first use is used there from pass 2 on.
    this.address = 0;
    this.currentGlobal = '';
    this.macroScopes = [];
    this.macroLocals = [];
    this.sections = [];
    this.functions = new Map();
    this.bitfuncs = false;
    this.codepages = new Map();
    this.codepage = undefined;
    this.listMode = 'ON';
    this.macexp = true;
    this.phaseOffset = 0;
    this.saved = [];
    this.sharedNames = [];
    this.functionDepth = 0;
    this.assumeMB = undefined;
    this.stringSymbols = new Map();
    // ASL predefines them unless the source defines the name itself.
    if (!this.symbols.has('DATE')) this.stringSymbols.set('DATE', date);
    if (!this.symbols.has('TIME')) this.stringSymbols.set('TIME', time);
    this.sectionCount = 0;
    this.expansionCount = 0;
    this.expandedLines = 0;
    this.includeCount = 0;
    this.includedLines = 0;
    this.ended = false;
    this.backward = [];
    this.forwardBefore = this.forwardThis;
    this.forwardThis = [];
    this.forwardSeen = 0;
    for (const [name, value] of Object.entries(this.options.defines ?? {})) {
      this.symbols.set(name.toUpperCase(), { name, value, kind: 'equ', file: '<defines>', line: 0 });
      this.definedThisPass.add(name.toUpperCase());
    }
  }

  /** The last pass's SHARED names with their values; a name with none is an error. */
  private collectShared(): void {
    for (const { token, at } of this.sharedNames) {
      const value = this.symbols.get(token.text.toUpperCase())?.value;
      if (value === undefined)
        this.report(
          'error',
          'undefined-symbol',
          `SHARED symbol '${token.text}' is not defined (outside any section)`,
          token.col,
          token.end - token.col,
          at,
        );
      else this.shared.push({ name: token.text, value });
    }
  }

  private readonly shared: SharedSymbol[] = [];

  /** Every name of the last pass with its kind and where it is defined (labels local to one macro expansion left out). */
  private symbolInfos(): SymbolInfo[] {
    const out: SymbolInfo[] = [];
    for (const [key, s] of this.symbols) {
      if (key.includes('/') || !this.definedThisPass.has(key)) continue;
      const text = this.stringSymbols.get(key);
      const reg = this.registerAliases.get(key);
      const kind = reg
        ? 'register'
        : text !== undefined
          ? 'string'
          : s.kind === 'label'
            ? 'label'
            : s.kind === 'equ'
              ? 'constant'
              : 'variable';
      out.push({ name: s.name, value: reg ?? text ?? s.value, kind, file: s.file, line: s.line });
    }
    for (const m of this.macros.values())
      if (m.name)
        out.push({ name: m.name, value: undefined, kind: 'macro', file: m.at?.file ?? '', line: m.at?.line ?? 0 });
    for (const f of this.functions.values())
      out.push({ name: f.name, value: undefined, kind: 'function', file: f.at.file, line: f.at.line });
    return out;
  }

  private clearOutput(): void {
    this.diagnostics.length = 0;
    this.listing.length = 0;
    this.lineMap.length = 0;
    this.image.clear();
    this.owner.clear();
    this.errorCount = 0;
    this.errorsOver = 0;
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
    const table = this.symbolInfos();
    const errorCount = this.errorCount + this.errorsOver;
    if (this.errorsOver > 0) {
      const last = this.diagnostics[this.diagnostics.length - 1];
      this.diagnostics.push({
        severity: 'error',
        code: 'too-many-errors',
        message: `${this.errorsOver} more error${this.errorsOver === 1 ? '' : 's'} not shown (the first ${MAX_ERRORS} are)`,
        file: last?.file ?? this.options.fileName ?? '<input>',
        line: last?.line ?? 1,
        column: 1,
        length: 1,
        sourceLine: '',
      });
      this.errorsOver = 0;
    }
    return {
      ok: !this.diagnostics.some((d) => d.severity === 'error'),
      bytes,
      base,
      shared: this.shared,
      symbols,
      diagnostics: this.diagnostics,
      errorCount,
      listing: formatListing(this.listing, table),
      symbolTable: table,
      lineMap: this.lineMap,
    };
  }
}

export function assemble(source: string, options: AssembleOptions = {}): AssembleResult {
  const asm = new Assembler(options);
  asm.run(source);
  return asm.result();
}
