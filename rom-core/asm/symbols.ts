/** Symbols: definition, scopes of local and nameless labels, and expression values. */
import { AsmError } from './diagnostic.ts';
import { evaluate, evaluateValue } from './expr.ts';
import type { ExprValue } from './string-functions.ts';
import type { ExprContext, ExprFunction, SymbolLookup } from './expr.ts';
import { BITFUNCS } from './bitfuncs.ts';
import type { Token } from './lexer.ts';
import { namelessRun } from './source-lines.ts';
import { AsmState, MAX_FUNCTION_DEPTH, MAX_PASSES, hex } from './assembler-state.ts';
import type { Mode, SymbolEntry } from './assembler-state.ts';

export abstract class AsmSymbols extends AsmState {
  /** `line`: a label of the line's address (not LABEL's), local to a macro expansion when defined in one. */
  protected define(
    label: Token,
    value: number | undefined,
    kind: SymbolEntry['kind'],
    line = false,
    text?: string,
  ): void {
    const local = line ? this.macroLocal(label) : undefined;
    const key = local ?? this.qualify(label, kind === 'label', true);
    const existing = this.symbols.get(key);
    if (this.definedThisPass.has(key) && !(kind === 'set' && existing?.kind === 'set')) {
      this.report('error', 'duplicate-symbol', `'${label.text}' is already defined`, label.col, label.end - label.col);
      return;
    }
    if (kind !== 'set' && existing?.value !== undefined && value !== undefined && existing.value !== value) {
      // The value moved since the pass before: ASL runs another pass (a macro defined after its
      // first use, an IF on MOMPASS...). At the last pass allowed, it is an error.
      this.repass = true;
      if (this.pass >= MAX_PASSES)
        this.report(
          'error',
          'phase',
          `'${label.text}' still moves between passes (0x${hex(existing.value, 4)}, now 0x${hex(value, 4)}) after ${MAX_PASSES} passes`,
          label.col,
          label.end - label.col,
        );
    }
    const plain = local
      ? `${this.macroLocals[this.macroLocals.length - 1]}/${label.text}`
      : label.text.startsWith('.') && (this.macroScopes.length || !this.sections.length)
        ? this.scopeName() + label.text
        : label.text;
    const name = this.sections.length && !local ? `${this.sections.map((s) => s.name).join(':')}:${plain}` : plain;
    this.symbols.set(key, { name, value, kind, file: this.current.file, line: this.current.line });
    this.definedThisPass.add(key);
    // ASL's string symbols (`name equ "text"`) have their text here; a number defined later replaces it.
    if (text === undefined) this.stringSymbols.delete(key);
    else this.stringSymbols.set(key, text);
  }

  /**
   * The key of a line label without a dot defined in a macro expansion: its own (`NAME@3/LOOP`), so
   * the macro can be expanded many times (ASL keeps such labels local to the expansion).
   */
  private macroLocal(label: Token): string | undefined {
    if (label.text.startsWith('.') || this.macroLocals.length === 0) return undefined;
    return `${this.macroLocals[this.macroLocals.length - 1].toUpperCase()}/${label.text.toUpperCase()}`;
  }

  /**
   * An operand naming an ASL register alias (`count reg r6`: `count`, `@ptr`) as the register itself,
   * as code48.c's DecodeReg reads one; any other operand as written.
   */
  protected unalias(operand: Token[]): Token[] {
    const at = operand.length === 2 && operand[0].text === '@' ? 1 : 0;
    const name = operand[at];
    if (operand.length !== at + 1 || name.kind !== 'ident') return operand;
    const reg = this.registerAliases.get(name.text.toUpperCase());
    return reg ? [...operand.slice(0, at), { ...name, text: reg }] : operand;
  }

  protected scopeName(): string {
    return this.macroScopes.length ? this.macroScopes[this.macroScopes.length - 1] : this.currentGlobal;
  }

  /**
   * The symbol-table key of a name: upper case; `.local` gets its scope's name in front (inside an
   * ASL section, outside a macro, a dot name is an ordinary name of the section, as ASL has it).
   * In a section a definition belongs to the innermost section; a use finds the innermost section
   * that defines the name (known from the pass before), else the global one.
   */
  protected qualify(t: Token, settingScope = false, defining = settingScope): string {
    let key = t.text.toUpperCase();
    if (!defining && !key.startsWith('.')) {
      // Inside macro expansions a name is first the innermost expansion's own label, then the enclosing ones'.
      for (let k = this.macroLocals.length - 1; k >= 0; k--) {
        const own = `${this.macroLocals[k].toUpperCase()}/${key}`;
        if (this.symbols.has(own)) return own;
      }
    }
    if (key.startsWith('.') && this.macroScopes.length && !defining) {
      // A use inside a macro finds the expansion's own `.name` first (then the enclosing
      // expansions'), else the name where the macro was called (KTAA's `jmp .end` macro reaching the section's `.end`), as ASL looks
      // through the macro's local symbols and then the enclosing ones.
      for (let k = this.macroScopes.length - 1; k >= 0; k--) {
        const own = this.macroScopes[k].toUpperCase() + key;
        if (this.symbols.has(own)) return own;
      }
      const scopes = this.macroScopes;
      this.macroScopes = [];
      try {
        return this.qualify(t, false, false);
      } finally {
        this.macroScopes = scopes;
      }
    }
    if (key.startsWith('.') && (this.macroScopes.length || !this.sections.length)) {
      const scope = this.scopeName();
      if (!scope) this.fail('syntax', `local label '${t.text}' needs a global label before it`, t.col, t.end - t.col);
      key = scope.toUpperCase() + key;
    } else if (settingScope && !key.startsWith('.')) {
      this.currentGlobal = t.text;
    }
    if (this.sections.length === 0) return key;
    if (defining) return `#${this.sections[this.sections.length - 1].id}:${key}`;
    for (let k = this.sections.length - 1; k >= 0; k--) {
      const local = `#${this.sections[k].id}:${key}`;
      if (this.symbols.has(local)) return local;
    }
    return key;
  }

  protected defineNameless(sign: '-' | '+'): void {
    if (sign === '-') {
      this.backward.push(this.address);
    } else {
      this.forwardThis.push(this.address);
      this.forwardSeen++;
    }
  }

  /** `-` is the last `-` label before this line, `--` the one before it; `+`, `++` look ahead. */
  protected nameless(tokens: Token[], sign: '-' | '+'): number | undefined {
    const n = tokens.length;
    if (sign === '-') {
      const v = this.backward[this.backward.length - n];
      if (v === undefined)
        this.fail('undefined-symbol', `no ${'-'.repeat(n)} label before this line`, ...this.span(tokens));
      return v;
    }
    const v = this.forwardBefore[this.forwardSeen + n - 1];
    if (v === undefined && this.pass === 1) this.repass = true;
    else if (v === undefined)
      this.fail('undefined-symbol', `no ${'+'.repeat(n)} label after this line`, ...this.span(tokens));
    return v;
  }

  protected value(tokens: Token[], mode: Mode, what: string): number | undefined {
    return this.evaluated(tokens, mode, what, evaluate);
  }

  /** As `value`, but a string stays one (DB items, EQU): ASL's string symbols and SUBSTR. */
  protected valueOrString(tokens: Token[], mode: Mode, what: string): ExprValue | undefined {
    return this.evaluated(tokens, mode, what, evaluateValue);
  }

  private evaluated<T extends ExprValue>(
    tokens: Token[],
    mode: Mode,
    what: string,
    run: (tokens: Token[], ctx: ExprContext) => T | undefined,
  ): T | number | undefined {
    const nameless = namelessRun(tokens, 0);
    if (nameless && nameless.count === tokens.length) {
      const v = this.nameless(tokens, nameless.sign);
      if (v === undefined && mode === 'now')
        this.fail('forward-reference', `${what} cannot use a + label`, ...this.span(tokens));
      return v;
    }
    try {
      const functions = (name: string): ExprFunction | undefined => this.findFunction(name, lookup, functions);
      const lookup: SymbolLookup = (name, token) => {
        // ASL's MOMPASS: the pass being run, unless the source defines the name itself.
        if (token.text.toUpperCase() === 'MOMPASS' && !this.symbols.has('MOMPASS')) return this.pass;
        const key = this.qualify(token);
        const entry = this.symbols.get(key);
        if (mode === 'now') {
          if (!this.definedThisPass.has(key) || entry?.value === undefined) {
            this.fail(
              'forward-reference',
              `'${name}' must be defined before ${what} uses it`,
              token.col,
              token.end - token.col,
            );
          }
          return entry!.value;
        }
        if (entry?.value !== undefined) return entry.value;
        // Not known in pass 1: a forward reference, so ASL runs another pass; later, an error.
        if (this.pass === 1) this.repass = true;
        else {
          if (!entry) this.fail('undefined-symbol', `undefined symbol '${name}'`, token.col, token.end - token.col);
          this.fail(
            'undefined-symbol',
            `symbol '${name}' has no value (is its definition circular?)`,
            token.col,
            token.end - token.col,
          );
        }
        return undefined;
      };
      const strings = (_: string, token: Token): string | undefined => this.stringSymbols.get(this.qualify(token));
      const asl = this.aslOperators;
      return run(tokens, { here: this.statementAddress, lookup, functions, translate: this.translate, strings, asl });
    } catch (e) {
      if (!(e instanceof AsmError)) throw e;
      const [c, l] = e.length === 0 && tokens.length ? this.span(tokens) : [e.column, e.length];
      this.fail(e.code, e.message, c, l);
    }
  }

  /** A FUNCTION defined above, else (after `include "bitfuncs.inc"`) one of ASL's bit functions. */
  private findFunction(
    name: string,
    outer: SymbolLookup,
    functions: (name: string) => ExprFunction | undefined,
  ): ExprFunction | undefined {
    const key = name.toUpperCase();
    const user = this.functions.get(key);
    if (user) {
      return {
        params: user.params.length,
        call: (args, token) => {
          if (this.functionDepth >= MAX_FUNCTION_DEPTH) {
            throw new AsmError(
              'function-recursion',
              `function '${user.name}' nested more than ${MAX_FUNCTION_DEPTH} deep (does it call itself?)`,
              token.col,
              token.end - token.col,
            );
          }
          this.functionDepth++;
          try {
            return evaluate(user.body, {
              here: this.statementAddress,
              lookup: (n, t) => {
                const k = user.params.indexOf(n.toUpperCase());
                return k >= 0 ? args[k] : outer(n, t);
              },
              functions,
              asl: this.aslOperators,
            });
          } catch (e) {
            if (!(e instanceof AsmError)) throw e;
            // The body sits on another line: point at the call, and say where the function is.
            throw new AsmError(
              e.code,
              `${e.message} (in function '${user.name}' defined at ${user.at.file}:${user.at.line})`,
              token.col,
              token.end - token.col,
            );
          } finally {
            this.functionDepth--;
          }
        },
      };
    }
    const builtin = this.bitfuncs ? BITFUNCS.get(key) : undefined;
    return builtin && { params: builtin[0], call: (args) => builtin[1](args) };
  }

  protected byteValue(tokens: Token[]): number {
    if (tokens.length === 0) this.fail('syntax', 'missing value', 0, this.current.text.length);
    return this.byteOf(this.value(tokens, 'late', 'DB'), tokens);
  }

  /** A DB value checked for a byte (undefined, not known yet, is 0). */
  protected byteOf(v: number | undefined, tokens: Token[]): number {
    if (v === undefined) return 0;
    if (v < -128 || v > 255)
      this.fail('out-of-range', `value ${v} does not fit in a byte (-128..255)`, ...this.span(tokens));
    return v & 0xff;
  }
}
