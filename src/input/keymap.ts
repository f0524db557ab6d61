/**
 * How the PC keyboard plays the Odyssey². Two jobs compete for the same keys (MAME warns about it;
 * O2EM switches with Caps Lock): typing on the console's full keyboard, and steering the two hand
 * controls. The rule here is simple and shown on screen:
 *   - "type" mode: every key that has an O2 key types it; only keys the O2 keyboard lacks (arrows,
 *     Ctrl) steer.
 *   - "steer" mode: the stick bindings (remappable, see bindings.ts) steer; every other key still types.
 */
import { KEY_TARGETS, keyCodeOf, setKeyBit } from '../../rom-core/machine/index.ts';
import type { KeyCode } from '../../rom-core/machine/index.ts';

export type InputMode = 'type' | 'steer';

/** The actions a stick binding can drive: J0 is the left-hand controller, J1 the right-hand one. */
export const STICK_ACTIONS = ['UP', 'DOWN', 'LEFT', 'RIGHT', 'FIRE'] as const;
export type StickAction = (typeof STICK_ACTIONS)[number];
export type StickName = 'J0' | 'J1';
export type JoyKey = `${StickName}_${StickAction}`;

export const JOY_KEYS: readonly JoyKey[] = (['J0', 'J1'] as const).flatMap((j) =>
  STICK_ACTIONS.map((a) => `${j}_${a}` as JoyKey),
);

/** Physical keys (KeyboardEvent.code) that type an O2 key regardless of what they print. */
const BY_CODE: Record<string, string> = {
  Space: 'SPACE',
  Enter: 'ENTER',
  NumpadEnter: 'ENTER',
  Backspace: 'CLEAR',
  Delete: 'CLEAR',
  Period: 'PERIOD',
  NumpadDecimal: 'PERIOD',
  Minus: 'MINUS',
  NumpadSubtract: 'MINUS',
  Equal: 'EQUALS',
  NumpadAdd: 'PLUS',
  NumpadMultiply: 'TIMES',
  NumpadDivide: 'DIVIDE',
  Slash: 'QUESTION',
  BracketRight: 'PLUS',
  BracketLeft: 'TIMES',
  Backslash: 'DIVIDE',
};
for (let d = 0; d <= 9; d++) {
  BY_CODE[`Digit${d}`] = String(d);
  BY_CODE[`Numpad${d}`] = String(d);
}
for (let c = 65; c <= 90; c++) BY_CODE[`Key${String.fromCharCode(c)}`] = String.fromCharCode(c);

/** Printed characters that name an O2 key more naturally than the key's position (layout-proof). */
const BY_CHAR: Record<string, string> = {
  '+': 'PLUS',
  '*': 'TIMES',
  '/': 'DIVIDE',
  '?': 'QUESTION',
  '=': 'EQUALS',
  '-': 'MINUS',
  '.': 'PERIOD',
};

/** The tables above as key codes: a PC key becomes the one number the machine takes, here. */
const CODE_BY_CODE = new Map(Object.entries(BY_CODE).map(([pc, name]) => [pc, keyCodeOf(name)]));
const CODE_BY_CHAR = new Map(Object.entries(BY_CHAR).map(([ch, name]) => [ch, keyCodeOf(name)]));

/** The O2 key a PC key types, or undefined. `key` is KeyboardEvent.key (for + * / ? = on any layout). */
export function o2KeyFor(code: string, key?: string): KeyCode | undefined {
  const byChar = key === undefined ? undefined : CODE_BY_CHAR.get(key);
  return byChar ?? CODE_BY_CODE.get(code);
}

/** Default stick keys on the PC keyboard. */
export const DEFAULT_KEY_BINDINGS: Readonly<Record<JoyKey, string>> = {
  J0_UP: 'ArrowUp',
  J0_DOWN: 'ArrowDown',
  J0_LEFT: 'ArrowLeft',
  J0_RIGHT: 'ArrowRight',
  J0_FIRE: 'ControlRight',
  J1_UP: 'KeyW',
  J1_DOWN: 'KeyS',
  J1_LEFT: 'KeyA',
  J1_RIGHT: 'KeyD',
  J1_FIRE: 'ShiftLeft',
};

/** What one keydown does in a mode: a stick switch, an O2 key, or nothing. */
export function resolveKey(
  code: string,
  key: string | undefined,
  mode: InputMode,
  bindings: Readonly<Record<JoyKey, string>>,
): { joy: JoyKey } | { key: KeyCode } | undefined {
  const joy = (Object.keys(bindings) as JoyKey[]).find((j) => bindings[j] === code);
  const o2 = o2KeyFor(code, key);
  if (joy && (mode === 'steer' || o2 === undefined)) return { joy };
  if (o2 !== undefined) return { key: o2 };
  return undefined;
}

/**
 * The PC key held to run the game backwards on the console page (no O2 key uses it; Shift with it goes
 * back twice as fast), and the gamepad buttons (standard mapping) that do the same: the left shoulder,
 * and the left trigger at double speed.
 */
export const REWIND_CODE = 'Backquote';
export const REWIND_PAD_BUTTON = 'b4';
export const REWIND_FAST_PAD_BUTTON = 'b6';

/**
 * Builds the 12-byte held-input snapshot (keyboard rows, J0, J1, RESET, rewind: 0 none, 1 normal, 2
 * double speed; src/worker/protocol.ts) from the codes of held keys and stick switches.
 */
export function buildSnapshot(
  keys: Iterable<KeyCode>,
  joy: [number, number],
  reset: boolean,
  swap: boolean,
  rewind: 0 | 1 | 2 = 0,
): Uint8Array {
  const snap = new Uint8Array(12);
  const sticks = [joy[0], joy[1]];
  for (const code of keys) {
    // The machine's own conversion (rom-core/machine/input.ts): a code means the same key everywhere.
    const t = KEY_TARGETS[code];
    if (t && t.kind !== 'reset') setKeyBit(snap, sticks, t, true);
  }
  snap[8] = swap ? sticks[1] : sticks[0];
  snap[9] = swap ? sticks[0] : sticks[1];
  snap[10] = reset ? 1 : 0;
  snap[11] = rewind;
  return snap;
}

/**
 * The console's keyboard as printed on it, row by row (legend, O2 key name, width in key units), for
 * the on-screen keyboard and the picture of which PC key is which.
 */
export const O2_LAYOUT: readonly (readonly [string, string, number?][])[] = [
  [
    ['1', '1'],
    ['2', '2'],
    ['3', '3'],
    ['4', '4'],
    ['5', '5'],
    ['6', '6'],
    ['7', '7'],
    ['8', '8'],
    ['9', '9'],
    ['0', '0'],
  ],
  [
    ['+', 'PLUS'],
    ['Q', 'Q'],
    ['W', 'W'],
    ['E', 'E'],
    ['R', 'R'],
    ['T', 'T'],
    ['U', 'U'],
    ['I', 'I'],
    ['O', 'O'],
    ['P', 'P'],
  ],
  [
    ['−', 'MINUS'],
    ['A', 'A'],
    ['S', 'S'],
    ['D', 'D'],
    ['F', 'F'],
    ['G', 'G'],
    ['H', 'H'],
    ['J', 'J'],
    ['K', 'K'],
    ['L', 'L'],
  ],
  [
    ['×', 'TIMES'],
    ['Z', 'Z'],
    ['X', 'X'],
    ['C', 'C'],
    ['V', 'V'],
    ['B', 'B'],
    ['M', 'M'],
    ['.', 'PERIOD'],
    ['?', 'QUESTION'],
    ['÷', 'DIVIDE'],
  ],
  [
    ['=', 'EQUALS'],
    ['YES', 'Y'],
    ['NO', 'N'],
    ['SPACE', 'SPACE', 3],
    ['CLEAR', 'CLEAR', 2],
    ['ENTER', 'ENTER', 2],
  ],
];

/** The PC key legend for an O2 key (for the layout picture). */
export const PC_LEGEND: Readonly<Record<string, string>> = {
  PLUS: '+ or ]',
  MINUS: '-',
  TIMES: '* or [',
  DIVIDE: '/ (numpad) or \\',
  QUESTION: '?',
  EQUALS: '=',
  PERIOD: '.',
  SPACE: 'Space',
  CLEAR: 'Backspace',
  ENTER: 'Enter',
  Y: 'Y',
  N: 'N',
};

/** Names of PC keys (KeyboardEvent.code) as the keycaps print them, for the keys shown beside the console. */
const CODE_LABEL: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  ControlLeft: 'Left Ctrl',
  ControlRight: 'Right Ctrl',
  ShiftLeft: 'Left Shift',
  ShiftRight: 'Right Shift',
  AltLeft: 'Left Alt',
  AltRight: 'Right Alt',
  MetaLeft: 'Left ⌘',
  MetaRight: 'Right ⌘',
  Space: 'Space',
  Enter: 'Enter',
  Tab: 'Tab',
  CapsLock: 'Caps Lock',
  Backspace: 'Backspace',
  Slash: '/',
  Backslash: '\\',
  Period: '.',
  Comma: ',',
  Semicolon: ';',
  Quote: "'",
  BracketLeft: '[',
  BracketRight: ']',
  Minus: '-',
  Equal: '=',
  Backquote: '`',
};

/** What a PC key is called on its keycap ("KeyW" -> "W", "ArrowUp" -> "↑"); '' for no key. */
export function keyLabel(code: string): string {
  if (!code) return '';
  if (CODE_LABEL[code]) return CODE_LABEL[code];
  const m = /^(?:Key|Digit)(.)$/.exec(code) ?? /^Numpad(.+)$/.exec(code);
  if (m) return code.startsWith('Numpad') ? `Numpad ${m[1]}` : m[1];
  return code;
}

/** The keys of one hand control in words: "↑ ← ↓ → steer, Right Ctrl fires" (unbound switches left out). */
export function stickKeysText(bindings: Readonly<Record<JoyKey, string>>, stick: StickName): string {
  const moves = (['UP', 'LEFT', 'DOWN', 'RIGHT'] as const)
    .map((a) => keyLabel(bindings[`${stick}_${a}`]))
    .filter(Boolean);
  const fire = keyLabel(bindings[`${stick}_FIRE`]);
  const parts = [
    moves.length ? `${moves.join(' ')} steer` : 'no steering keys',
    fire ? `${fire} fires` : 'no fire key',
  ];
  return parts.join(', ');
}
