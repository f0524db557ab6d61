/**
 * The debugger's edits of a stopped machine (MAME's debugger and 8bitworkshop have them): A, PC, PSW,
 * R0-R7 of the register bank in use, a byte of internal RAM, of external RAM or of the VDC's
 * registers. An edit is the byte itself, as a memory window writes it, not a bus cycle: no VDC latch,
 * sound step or cartridge bank switch follows, so what the user types is what the next instruction
 * sees. A bad target or value throws a sentence and changes nothing.
 */
import type { Odyssey2 } from '../machine/index.ts';

export type PokeTarget =
  { kind: 'a' | 'pc' | 'psw' } | { kind: 'reg'; index: number } | { kind: 'iram' | 'eram' | 'vdc'; address: number };

const IRAM_SIZE = 64;
const ERAM_SIZE = 128;
const VDC_SIZE = 256;

const hex = (n: number, digits: number): string => n.toString(16).toUpperCase().padStart(digits, '0') + 'h';

/** "PC", "R3", "external RAM 12h": the place an edit names, as the debugger's sentences say it. */
export function pokePlace(t: PokeTarget): string {
  switch (t.kind) {
    case 'a':
      return 'A';
    case 'pc':
      return 'PC';
    case 'psw':
      return 'PSW';
    case 'reg':
      return `R${t.index}`;
    case 'iram':
      return `internal RAM ${hex(t.address, 2)}`;
    case 'eram':
      return `external RAM ${hex(t.address, 2)}`;
    case 'vdc':
      return `VDC register ${hex(t.address, 2)}`;
  }
}

/** Why the edit cannot be made, or undefined when it can. */
export function pokeProblem(t: PokeTarget, value: number): string | undefined {
  const inRange = (n: number, size: number): boolean => Number.isInteger(n) && n >= 0 && n < size;
  switch (t.kind) {
    case 'reg':
      if (!inRange(t.index, 8)) return 'A register is R0 to R7.';
      break;
    case 'iram':
      if (!inRange(t.address, IRAM_SIZE)) return 'Internal RAM runs from 00h to 3Fh.';
      break;
    case 'eram':
      if (!inRange(t.address, ERAM_SIZE)) return 'External RAM runs from 00h to 7Fh.';
      break;
    case 'vdc':
      if (!inRange(t.address, VDC_SIZE)) return 'The VDC registers run from 00h to FFh.';
      break;
    case 'a':
    case 'pc':
    case 'psw':
      break;
    default:
      return 'Nothing of that name can be edited.';
  }
  if (t.kind === 'pc') return inRange(value, 0x1000) ? undefined : 'PC is an address from 000h to FFFh.';
  return inRange(value, 0x100) ? undefined : `${pokePlace(t)} holds a byte, 00h to FFh.`;
}

/** The byte (or PC) the target holds now. */
export function peek(m: Odyssey2, t: PokeTarget): number {
  const cpu = m.cpu;
  switch (t.kind) {
    case 'a':
      return cpu.a;
    case 'pc':
      return cpu.pc;
    case 'psw':
      return cpu.psw;
    case 'reg':
      return cpu.ram[((cpu.psw & 0x10) !== 0 ? 24 : 0) + t.index];
    case 'iram':
      return cpu.ram[t.address];
    case 'eram':
      return m.eram[t.address];
    case 'vdc':
      return m.vdc.regs[t.address];
  }
}

/**
 * Writes `value` to the target; throws the sentence of pokeProblem, changing nothing, when it is bad.
 * PSW keeps what the 8048 keeps of it (bit 3 reads as 1 and is not stored), and choosing the other
 * register bank (BS, bit 4) switches R0-R7 at once, as SEL RB would.
 */
export function poke(m: Odyssey2, t: PokeTarget, value: number): void {
  const problem = pokeProblem(t, value);
  if (problem) throw new Error(problem);
  const cpu = m.cpu;
  switch (t.kind) {
    case 'a':
      cpu.a = value;
      break;
    case 'pc':
      cpu.pc = value;
      break;
    case 'psw':
      cpu.psw = value;
      break;
    case 'reg':
      cpu.ram[((cpu.psw & 0x10) !== 0 ? 24 : 0) + t.index] = value;
      break;
    case 'iram':
      cpu.ram[t.address] = value;
      break;
    case 'eram':
      m.eram[t.address] = value;
      break;
    case 'vdc':
      m.vdc.poke(t.address, value);
      break;
  }
}
