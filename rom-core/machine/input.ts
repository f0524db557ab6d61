/**
 * The Odyssey² controls as MAME's odyssey2 driver wires them (docs/hardware.md §5, MAME ports KEY.0-7,
 * JOY.0/1, RESET).
 *
 * Keyboard: with P1.2 = 0, P2.2-0 select a row through a 74156; a 74148 priority encoder reports the
 * highest pressed bit k of that row as P2.7-5 = 7 - k with P2.4 = 0 (no key: P2 reads FFh).
 *
 * Joysticks: with P1.2 = 0 and P2.2-0 = 0 or 1, INS A,BUS reads that stick active low (bit 0 up,
 * 1 right, 2 down, 3 left, 4 fire). J0 is MAME's JOY.0, which its input definition labels "left"
 * (the left-hand controller, PORT_PLAYER(1)); J1 is JOY.1, the right-hand one. Which of them is
 * "player 1" depends on the game.
 */

/** Key name -> row·8 + bit (the BIOS key code). */
export const KEY_MATRIX: Readonly<Record<string, number>> = Object.freeze({
  '0': 0x00,
  '1': 0x01,
  '2': 0x02,
  '3': 0x03,
  '4': 0x04,
  '5': 0x05,
  '6': 0x06,
  '7': 0x07,
  '8': 0x08,
  '9': 0x09,
  SPACE: 0x0c,
  QUESTION: 0x0d,
  L: 0x0e,
  P: 0x0f,
  PLUS: 0x10,
  W: 0x11,
  E: 0x12,
  R: 0x13,
  T: 0x14,
  U: 0x15,
  I: 0x16,
  O: 0x17,
  Q: 0x18,
  S: 0x19,
  D: 0x1a,
  F: 0x1b,
  G: 0x1c,
  H: 0x1d,
  J: 0x1e,
  K: 0x1f,
  A: 0x20,
  Z: 0x21,
  X: 0x22,
  C: 0x23,
  V: 0x24,
  B: 0x25,
  M: 0x26,
  PERIOD: 0x27,
  MINUS: 0x28,
  TIMES: 0x29,
  DIVIDE: 0x2a,
  EQUALS: 0x2b,
  Y: 0x2c,
  N: 0x2d,
  CLEAR: 0x2e,
  ENTER: 0x2f,
});

/** Joystick switch -> bit of the stick's byte (MAME JOY.n, active high there, inverted on the bus). */
export const JOY_BITS: Readonly<Record<string, number>> = Object.freeze({
  UP: 0x01,
  RIGHT: 0x02,
  DOWN: 0x04,
  LEFT: 0x08,
  FIRE: 0x10,
});

export const RESET_KEY = 'RESET';

/**
 * Every key, by its code: a key is this one number from the page, a pad, a bot, a script or the network
 * to the machine (`Odyssey2.setKeyCode`); names are parsed to it once, where they come in.
 */
export const KEY_NAMES: readonly string[] = Object.freeze([
  ...Object.keys(KEY_MATRIX),
  ...['J0', 'J1'].flatMap((j) => Object.keys(JOY_BITS).map((b) => `${j}_${b}`)),
  RESET_KEY,
]);

/** A key's code: its index in KEY_NAMES. */
export type KeyCode = number;

export type KeyTarget =
  { kind: 'key'; row: number; bit: number } | { kind: 'joy'; stick: 0 | 1; bit: number } | { kind: 'reset' };

function targetOf(name: string): KeyTarget {
  if (name === RESET_KEY) return { kind: 'reset' };
  const code = KEY_MATRIX[name];
  if (code !== undefined) return { kind: 'key', row: code >> 3, bit: 1 << (code & 7) };
  const [stick, sw] = name.split('_');
  return { kind: 'joy', stick: stick === 'J0' ? 0 : 1, bit: JOY_BITS[sw] };
}

/** Where each key code lands in the machine's inputs. */
export const KEY_TARGETS: readonly KeyTarget[] = Object.freeze(KEY_NAMES.map(targetOf));

const CODES = new Map(KEY_NAMES.map((name, code) => [name, code]));

/** A key name's code (case-insensitive); undefined when there is no such key. */
export function keyCode(name: string): KeyCode | undefined {
  return typeof name === 'string' ? CODES.get(name.toUpperCase()) : undefined;
}

/** A key name's code; an unknown name throws a sentence listing the keys. */
export function keyCodeOf(name: string): KeyCode {
  const code = keyCode(name);
  if (code === undefined) throw new RangeError(`unknown key '${String(name)}'; keys are ${KEY_NAMES.join(' ')}`);
  return code;
}

/** Whether a value is a key code (a message from another page or a worker is checked with it). */
export function isKeyCode(value: unknown): value is KeyCode {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < KEY_NAMES.length;
}

/** Resolves a key name (case-insensitive); undefined when there is no such key. */
export function keyTarget(name: string): KeyTarget | undefined {
  const code = keyCode(name);
  return code === undefined ? undefined : KEY_TARGETS[code];
}

/**
 * Sets or clears a key's or a stick switch's bit in a key matrix (8 row bytes) and two stick bytes:
 * the one conversion from a key to the machine's inputs, shared by the machine itself, the worker's
 * key queue and the page's held-input snapshot. RESET is no bit: the caller handles it.
 */
export function setKeyBit(keys: Uint8Array, joy: Uint8Array | number[], t: KeyTarget, down: boolean): void {
  if (t.kind === 'key') keys[t.row] = down ? keys[t.row] | t.bit : keys[t.row] & ~t.bit;
  else if (t.kind === 'joy') joy[t.stick] = down ? joy[t.stick] | t.bit : joy[t.stick] & ~t.bit;
}

/** MAME `p2_read`: what the keyboard encoder drives onto P2 for a row's pressed keys. */
export function encodeRow(rowBits: number): number {
  if ((rowBits & 0xff) === 0) return 0xff;
  const k = 31 - Math.clz32(rowBits & 0xff);
  return ((7 - k) << 5) | 0x0f;
}
