/**
 * Watchpoints on the 8048's internal RAM, the external RAM and the VDC's registers. A watch is
 * judged after each instruction, so the CPU stops after the one that touched it: 'read' when the
 * instruction read the byte, 'write' when it wrote it (or the byte changed under it, as the
 * stack does at an interrupt's entry), 'value' when the byte becomes `value`. A watch with a
 * condition (condition.ts) stops only when it holds after that instruction; it is valued only then.
 */
import type { Odyssey2 } from '../machine/index.ts';
import type { Expression } from './condition.ts';
import { Accesses, READ, SPACES, SPACE_SIZE, WRITE, decodeAccesses } from './accesses.ts';
import type { WatchSpace } from './accesses.ts';

export type WatchKind = 'read' | 'write' | 'value';

export interface Watchpoint {
  space: WatchSpace;
  address: number;
  kind: WatchKind;
  /** For 'value': the byte that stops the CPU when the location becomes it. */
  value?: number;
  /** The program's name for the byte (`score`), said with its address. */
  name?: string;
  /** The condition as typed (`A == 3`), said at a stop; `test` is it compiled. */
  condition?: string;
  /** Stops only when this is not 0; left out of list() and hits (plain data crosses to the page). */
  test?: Expression;
}

/** The watch as data: everything but its compiled test. */
function plain(w: Watchpoint): Watchpoint {
  const { test: _test, ...rest } = w;
  return rest;
}

/** What stopped the CPU: which watch, the byte before and after, and the instruction that ran. */
export interface WatchHit {
  watch: Watchpoint;
  old: number;
  value: number;
  /** Address of the instruction after which the watch was judged. */
  pc: number;
}

const NAMES: Record<WatchSpace, string> = { iram: 'internal RAM', eram: 'external RAM', vdc: 'VDC register' };

const hex = (n: number, digits: number): string => n.toString(16).toUpperCase().padStart(digits, '0') + 'h';

/** "external RAM 12h", "VDC register A0h", "internal RAM 21h (score)". */
export function watchPlace(w: Pick<Watchpoint, 'space' | 'address' | 'name'>): string {
  return `${NAMES[w.space]} ${hex(w.address, 2)}${w.name ? ` (${w.name})` : ''}`;
}

/** "write of external RAM 12h", "internal RAM 20h becoming 05h". */
export function watchText(w: Watchpoint): string {
  const when = w.condition ? ` if ${w.condition}` : '';
  if (w.kind === 'value') return `${watchPlace(w)} becoming ${hex(w.value ?? 0, 2)}${when}`;
  return `${w.kind} of ${watchPlace(w)}${when}`;
}

/** Checks a watchpoint from outside (the worker's API); returns a sentence when it is not one. */
export function watchProblem(w: Watchpoint): string | undefined {
  if (!SPACES.includes(w.space)) return `a watchpoint watches iram, eram or vdc, not ${String(w.space)}`;
  const size = SPACE_SIZE[w.space];
  if (!Number.isInteger(w.address) || w.address < 0 || w.address >= size) {
    return `${NAMES[w.space]} runs from 00h to ${hex(size - 1, 2)}; ${String(w.address)} is outside it`;
  }
  if (!['read', 'write', 'value'].includes(w.kind))
    return `a watchpoint's kind is read, write or value, not ${String(w.kind)}`;
  if (w.kind === 'value' && !(Number.isInteger(w.value) && (w.value as number) >= 0 && (w.value as number) <= 0xff)) {
    return `a value watchpoint needs a byte (00h-FFh) to wait for`;
  }
  return undefined;
}

/** The byte a watch looks at, as the machine holds it now. */
export function watchedByte(machine: Odyssey2, space: WatchSpace, address: number): number {
  if (space === 'iram') return machine.cpu.ram[address];
  if (space === 'eram') return machine.eram[address];
  return machine.vdc.regs[address];
}

export class WatchList {
  private watches: Watchpoint[] = [];
  /** Each watch's byte after the last instruction judged. */
  private last = new Uint8Array(0);
  /** READ | WRITE: what the instruction now running does to each watch's byte. */
  private touched = new Uint8Array(0);
  private readonly accesses = new Accesses();
  private lastPc = 0;

  constructor(private readonly machine: Odyssey2) {}

  get size(): number {
    return this.watches.length;
  }

  list(): Watchpoint[] {
    return this.watches.map(plain);
  }

  /** Replaces the watches (each checked with watchProblem first; a bad one throws its sentence). */
  set(list: readonly Watchpoint[]): void {
    for (const w of list) {
      const problem = watchProblem(w);
      if (problem) throw new RangeError(problem);
    }
    this.watches = list.map((w) => ({
      space: w.space,
      address: w.address,
      kind: w.kind,
      ...(w.kind === 'value' ? { value: w.value } : {}),
      ...(w.name ? { name: w.name } : {}),
      ...(w.test ? { test: w.test, condition: w.condition ?? '' } : {}),
    }));
    this.last = new Uint8Array(list.length);
    this.touched = new Uint8Array(list.length);
    this.sync();
  }

  /** Takes the bytes as they are now as the starting point (a run begins; nothing ran yet). */
  sync(): void {
    for (let i = 0; i < this.watches.length; i++) {
      const w = this.watches[i];
      this.last[i] = watchedByte(this.machine, w.space, w.address);
      this.touched[i] = 0;
    }
  }

  /** Notes what the instruction at `pc`, about to run, does to the watched bytes. */
  observe(pc: number): void {
    this.lastPc = pc;
    if (this.watches.length === 0) return;
    const a = this.accesses;
    decodeAccesses(this.machine.cpu, this.machine.p1, a);
    for (let k = 0; k < a.count; k++) {
      const space = SPACES[a.space[k]];
      for (let i = 0; i < this.watches.length; i++) {
        const w = this.watches[i];
        if (w.space === space && w.address === a.address[k]) this.touched[i] |= a.how[k];
      }
    }
  }

  /** Judges the watches after the observed instruction ran; the first that fires, if any. */
  check(): WatchHit | undefined {
    let hit: WatchHit | undefined;
    for (let i = 0; i < this.watches.length; i++) {
      const w = this.watches[i];
      const now = watchedByte(this.machine, w.space, w.address);
      const old = this.last[i];
      const fired =
        w.kind === 'read'
          ? (this.touched[i] & READ) !== 0
          : w.kind === 'write'
            ? (this.touched[i] & WRITE) !== 0 || now !== old
            : now === w.value && old !== w.value;
      // The condition is valued only for a watch that fired, on the machine after the instruction.
      if (fired && hit === undefined && (w.test === undefined || w.test.value(this.machine) !== 0))
        hit = { watch: plain(w), old, value: now, pc: this.lastPc };
      this.last[i] = now;
      this.touched[i] = 0;
    }
    return hit;
  }
}
