/**
 * Breakpoints typed as the user thinks of them (the debugger's "Break at" field): `loop`, `loop+2 if
 * A == 3`, `4A2h if [iram 21h] > 10`, or `line 120` (stop when the beam reaches scanline 120). Labels
 * are the running build's symbols. They join the panel's and the editor's breakpoints by address
 * (setBreakpoints); a mistake throws one sentence and changes nothing.
 */
import { parseAddress, parseCondition, scanlineProblem } from '../../rom-core/debugger/index.ts';
import type { MachineDebugger, Symbols } from '../../rom-core/debugger/index.ts';

export interface TypedBreak {
  address: number;
  /** The condition as typed, '' for none. */
  condition: string;
}

export class BreakAt {
  /** The panel's and the editor's breakpoints (addresses alone). */
  private plain: number[] = [];
  private readonly typed = new Map<number, string>();

  private symbols: Symbols = new Map();

  constructor(private readonly debug: MachineDebugger) {}

  /** Every name of the running build with its value (what a breakpoint or watchpoint is typed with). */
  get symbolTable(): Symbols {
    return this.symbols;
  }

  /** Labels by address (the first name given to each). */
  private byAddress = new Map<number, string>();

  /** The running build's symbols (typed) and labels (shown); a rebuild swapped in brings its own. */
  setSymbols(symbols: Symbols, labels: Symbols): void {
    this.symbols = symbols;
    this.byAddress = new Map();
    for (const [name, value] of labels) if (!this.byAddress.has(value)) this.byAddress.set(value, name);
  }

  /** Every label by program address (the ROM view's). */
  labels(): Record<number, string> {
    return Object.fromEntries(this.byAddress);
  }

  /** The label at a program address, if the program names it. */
  labelAt(address: number): string | undefined {
    return this.byAddress.get(address);
  }

  setPlain(addresses: number[]): void {
    this.plain = addresses;
    this.apply();
  }

  /** Adds what `text` says; returns a sentence of what was set. Throws a sentence, changing nothing, when it is wrong. */
  add(text: string): string {
    const line = /^\s*line\s+(.+)$/i.exec(text);
    if (line) return this.scanline(line[1]);
    const [where, ...rest] = text.split(/\s+if\s+/i);
    if (rest.length > 1) throw new Error('A breakpoint takes one “if” and one condition after it.');
    if (where.trim() === '') throw new Error('Say where to break: a label, an address (4A2h) or “line N”.');
    const address = parseAddress(where, this.symbols);
    const condition = rest.length === 1 ? rest[0].trim() : '';
    const compiled = condition ? parseCondition(condition, this.symbols) : undefined;
    this.typed.set(address, condition);
    this.debug.setCondition(address, compiled);
    this.apply();
    const at = address.toString(16).toUpperCase().padStart(3, '0');
    return condition ? `Breakpoint at ${at}h when ${condition}.` : `Breakpoint at ${at}h.`;
  }

  private scanline(text: string): string {
    const e = parseCondition(text, this.symbols);
    if (!e.constant) throw new Error(`“${text.trim()}” reads the machine; a line to break at is a number.`);
    const n = e.value(this.debug.machine);
    const problem = scanlineProblem(this.debug.machine, n);
    if (problem) throw new Error(problem);
    this.debug.setScanline(n);
    return `Break when the beam reaches line ${n}.`;
  }

  /** Forgets the typed breakpoints and the scanline (the panel's Clear breakpoints). */
  clear(): void {
    for (const a of this.typed.keys()) this.debug.setCondition(a, undefined);
    this.typed.clear();
    this.debug.setScanline(undefined);
    this.apply();
  }

  list(): TypedBreak[] {
    return [...this.typed].map(([address, condition]) => ({ address, condition }));
  }

  /** The condition typed for a breakpoint at `address`, if any (for the stop's sentence). */
  conditionAt(address: number): string {
    return this.typed.get(address) ?? '';
  }

  private apply(): void {
    this.debug.setBreakpoints([...this.plain, ...this.typed.keys()]);
  }
}
