/** The Odyssey²'s keyboard, sticks and RESET key as the machine's inputs (names and wiring in input.ts). */
import { KEY_NAMES, keyTarget, setKeyBit } from './input.ts';

/** The machine's inputs a key reaches (odyssey2.ts passes itself). */
export interface KeyedMachine {
  readonly keys: Uint8Array;
  readonly joy: Uint8Array;
  resetHeld: boolean;
  readonly cpu: { reset(): void };
}

/** Presses or releases a key (names in input.ts: '0'-'9', 'A'-'Z', 'SPACE', 'J0_UP', 'RESET', ...). */
export function setMachineKey(machine: KeyedMachine, name: string, down: boolean): void {
  const t = keyTarget(name);
  if (t === undefined) {
    throw new RangeError(`unknown key '${name}'; keys are ${KEY_NAMES.join(' ')}`);
  }
  if (t.kind !== 'reset') {
    setKeyBit(machine.keys, machine.joy, t, down);
  } else if (down !== machine.resetHeld) {
    // MAME: the RESET key drives the 8048's RESET pin only (RAM, VDC and the cart latch keep their
    // contents); the CPU stays in reset while the key is held.
    machine.resetHeld = down;
    if (down) machine.cpu.reset();
  }
}
