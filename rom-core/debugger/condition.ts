/**
 * Breakpoint addresses and conditions as the user types them: `loop`, `loop+2`, `4A2h`,
 * `A == 3`, `[iram 21h] > 10 && R7 != 0`. Numbers are ASL's (`21h`, `0AFh`) or C's (`0x21`), decimal
 * otherwise; names are the CPU's registers (A, PC, PSW, SP, R0-R7 of the bank in use, T the timer, P1,
 * P2), LINE (the beam's line, beam.ts) and the program's labels; `[iram X]`, `[eram X]`, `[vdc X]` read
 * a byte. A mistake throws one sentence that says what and where.
 */
import type { Odyssey2 } from '../machine/index.ts';
import { beamLine } from './beam.ts';

/** A compiled expression: its value on a machine; `constant` when it reads nothing of the machine. */
export interface Expression {
  value(m: Odyssey2): number;
  constant: boolean;
}

export type Symbols = ReadonlyMap<string, number>;

const TOKEN =
  /\s*(0x[0-9a-f]+|\$[0-9a-f]+|[0-9][0-9a-f]*h\b|[0-9]+|[A-Za-z_.][\w.]*|==|!=|<=|>=|&&|\|\||[<>()[\]+-])/iy;

const REGISTERS: Record<string, (m: Odyssey2) => number> = {
  A: (m) => m.cpu.a,
  PC: (m) => m.cpu.pc,
  PSW: (m) => m.cpu.psw,
  SP: (m) => m.cpu.sp,
  T: (m) => m.cpu.timer,
  P1: (m) => m.p1,
  P2: (m) => m.p2,
  LINE: (m) => beamLine(m),
};
for (let i = 0; i < 8; i++) REGISTERS[`R${i}`] = (m) => m.cpu.reg(i);

/** The memories a condition reads and a watchpoint watches (rom-core/debugger/accesses.ts's WatchSpace). */
export type PlaceSpace = 'iram' | 'eram' | 'vdc';

const SPACES: Record<PlaceSpace, { size: number; read: (m: Odyssey2, a: number) => number }> = {
  iram: { size: 64, read: (m, a) => m.cpu.ram[a] },
  eram: { size: 128, read: (m, a) => m.eram[a] },
  vdc: { size: 256, read: (m, a) => m.vdc.regs[a] },
};

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

function tokenize(text: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length && text.slice(at).trim() !== '') {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) throw new Error(`“${text.slice(at).trim()}” is not a number, a name or an operator.`);
    out.push(m[1]);
    at = TOKEN.lastIndex;
  }
  return out;
}

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: string[],
    private readonly symbols: Symbols,
  ) {}

  done(): void {
    if (this.at < this.tokens.length)
      throw new Error(`“${this.tokens.slice(this.at).join(' ')}” is left over at the end.`);
  }

  /** a || b, a && b, comparisons, sums (a condition is true when not 0). */
  or(): Expression {
    let e = this.and();
    while (this.take('||')) e = both(e, this.and(), (a, b) => (a !== 0 || b !== 0 ? 1 : 0));
    return e;
  }

  private and(): Expression {
    let e = this.compare();
    while (this.take('&&')) e = both(e, this.compare(), (a, b) => (a !== 0 && b !== 0 ? 1 : 0));
    return e;
  }

  private compare(): Expression {
    const left = this.sum();
    const op = this.tokens[this.at];
    const test = op === undefined ? undefined : COMPARE[op];
    if (test === undefined) return left;
    this.at++;
    return both(left, this.sum(), (a, b) => (test(a, b) ? 1 : 0));
  }

  sum(): Expression {
    let e = this.atom();
    for (;;) {
      if (this.take('+')) e = both(e, this.atom(), (a, b) => a + b);
      else if (this.take('-')) e = both(e, this.atom(), (a, b) => a - b);
      else return e;
    }
  }

  private atom(): Expression {
    const t = this.tokens[this.at++];
    if (t === undefined) throw new Error('The expression ends where a value should come.');
    if (t === '(') return this.closed(this.or(), ')');
    if (t === '[') return this.memory();
    const n = numberOf(t);
    if (n !== undefined) return { value: () => n, constant: true };
    const reg = REGISTERS[t.toUpperCase()];
    if (reg) return { value: reg, constant: false };
    const label = [...this.symbols].find(([name]) => name.toUpperCase() === t.toUpperCase());
    if (label) return { value: () => label[1], constant: true };
    throw new Error(
      /^[A-Za-z_.]/.test(t)
        ? `“${t}” is neither a register (A, PC, PSW, SP, R0-R7, T, P1, P2, LINE) nor a label of the program.`
        : `“${t}” cannot stand where a value should come.`,
    );
  }

  private memory(): Expression {
    const name = this.spaceName();
    const space = SPACES[name];
    const address = this.closed(this.sum(), ']');
    if (address.constant) inside(name, address.value(NO_MACHINE));
    return { value: (m) => space.read(m, address.value(m) & (space.size - 1)), constant: false };
  }

  /** The space of `[iram X]` after its “[”; a wrong name throws. */
  private spaceName(): PlaceSpace {
    const name = (this.tokens[this.at++] ?? '').toLowerCase();
    if (!Object.hasOwn(SPACES, name))
      throw new Error(`A byte is read as [iram X], [eram X] or [vdc X], not [${name} …].`);
    return name as PlaceSpace;
  }

  /** A byte's place: `[eram 12h]` names its space, a bare `score` or `21h` is in `space`. */
  place(space: PlaceSpace): { space: PlaceSpace; address: Expression } {
    if (!this.take('[')) return { space, address: this.sum() };
    const named = this.spaceName();
    return { space: named, address: this.closed(this.sum(), ']') };
  }

  private closed(e: Expression, close: string): Expression {
    if (!this.take(close)) throw new Error(`A “${close}” is missing.`);
    return e;
  }

  private take(token: string): boolean {
    if (this.tokens[this.at] !== token) return false;
    this.at++;
    return true;
  }
}

/** Stands for the machine where a constant expression is valued (it reads nothing of it). */
const NO_MACHINE = undefined as unknown as Odyssey2;

/** Throws when `a` is not an address of the space. */
function inside(space: PlaceSpace, a: number): void {
  const size = SPACES[space].size;
  if (a < 0 || a >= size)
    throw new Error(
      `${space} runs from 00h to ${(size - 1).toString(16).toUpperCase()}h; ${a.toString(16).toUpperCase()}h is past it.`,
    );
}

function both(a: Expression, b: Expression, op: (x: number, y: number) => number): Expression {
  return { value: (m) => op(a.value(m), b.value(m)), constant: a.constant && b.constant };
}

/**
 * How the debugger's fields write a number, the assembler's way (`21h`, `0x21`, `$21`), or decimal; said
 * in their placeholders and refusals.
 */
export const NUMBER_FORMS = '21h, 0x21, $21 or 33 (decimal)';

/**
 * One number as the debugger's fields all read it, the assembler's way: `21h` (a leading 0 before a
 * letter: `0AFh`), `0x21`, `$21`, or decimal. Undefined for anything else: a bare `4A2` is no number
 * here, as in the source, so `12` is never hex in one field and decimal in the next.
 */
export function parseNumber(text: string): number | undefined {
  return numberOf(text.trim());
}

function numberOf(t: string): number | undefined {
  if (/^0x[0-9a-f]+$/i.test(t)) return parseInt(t.slice(2), 16);
  if (/^\$[0-9a-f]+$/i.test(t)) return parseInt(t.slice(1), 16);
  if (/^[0-9][0-9a-f]*h$/i.test(t)) return parseInt(t.slice(0, -1), 16);
  if (/^[0-9]+$/.test(t)) return parseInt(t, 10);
  return undefined;
}

/** A condition (`A == 3`), true when its value is not 0. */
export function parseCondition(text: string, symbols: Symbols): Expression {
  const p = new Parser(tokenize(text), symbols);
  const e = p.or();
  p.done();
  return e;
}

/** A program address (`loop`, `loop+2`, `4A2h`): constant, 000h-FFFh. */
export function parseAddress(text: string, symbols: Symbols): number {
  const p = new Parser(tokenize(text), symbols);
  const e = p.sum();
  p.done();
  if (!e.constant)
    throw new Error(`“${text.trim()}” reads the machine; a breakpoint's address is a label or a number.`);
  const a = e.value(NO_MACHINE);
  if (a < 0 || a > 0xfff) throw new Error(`${a.toString(16).toUpperCase()}h is not a program address (000h-FFFh).`);
  return a;
}

/**
 * A byte to watch (`score`, `score+1`, `21h` in `space`, or `[eram 12h]` naming its own space): a
 * constant address inside its space.
 */
export function parsePlace(text: string, symbols: Symbols, space: PlaceSpace): { space: PlaceSpace; address: number } {
  const p = new Parser(tokenize(text), symbols);
  const place = p.place(space);
  p.done();
  if (!place.address.constant)
    throw new Error(`“${text.trim()}” reads the machine; a watchpoint's place is a label or a number.`);
  const address = place.address.value(NO_MACHINE);
  inside(place.space, address);
  return { space: place.space, address };
}
