/**
 * The Odyssey²'s keyboard, sticks and RESET key as the machine's inputs (names and wiring in input.ts).
 * The only writes to the machine's input bytes are here: a key by its code, or whole bytes (the
 * sticks of a frame, the rows a page holds).
 */
import { KEY_TARGETS, setKeyBit } from './input.ts';
import type { KeyCode } from './input.ts';

/** The machine's inputs a key reaches (odyssey2.ts passes itself). */
export interface KeyedMachine {
  readonly keys: Uint8Array;
  readonly joy: Uint8Array;
  resetHeld: boolean;
  readonly cpu: { reset(): void };
}

/** Presses or releases a key by its code (input.ts); a code that is no key throws. */
export function setMachineKey(machine: KeyedMachine, code: KeyCode, down: boolean): void {
  const t = KEY_TARGETS[code];
  if (t === undefined) throw new RangeError(`no key has the code ${String(code)}`);
  if (t.kind !== 'reset') {
    setKeyBit(machine.keys, machine.joy, t, down);
  } else if (down !== machine.resetHeld) {
    // MAME: the RESET key drives the 8048's RESET pin only (RAM, VDC and the cart latch keep their
    // contents); the CPU stays in reset while the key is held.
    machine.resetHeld = down;
    if (down) machine.cpu.reset();
  }
}

/**
 * Sets both sticks (5 switch bits each, active high as JOY_BITS) and, when given, the keyboard's 8 row
 * bytes: a frame's whole input at once (a network battle's sticks, bots, a page's held keys).
 */
export function setMachineInputs(machine: KeyedMachine, j0: number, j1: number, rows?: ArrayLike<number>): void {
  machine.joy[0] = j0 & 0x1f;
  machine.joy[1] = j1 & 0x1f;
  if (rows) for (let i = 0; i < 8; i++) machine.keys[i] = rows[i];
}
