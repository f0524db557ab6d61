/**
 * Stick bindings per device, saved in localStorage: the PC keyboard ('keyboard') and each gamepad by
 * its Gamepad.id (pads often ignore the standard mapping, so each model remembers its own).
 */
import { DEFAULT_KEY_BINDINGS, STICK_ACTIONS } from './keymap.ts';
import type { JoyKey, StickAction } from './keymap.ts';
import { readStored, setAsideStored } from '../platform/stored.ts';

const PREFIX = 'o2conquest.console.bindings.';

/** A gamepad control: 'b<n>' button n, 'a<n>+' / 'a<n>-' axis n past the dead zone that way. */
export type PadControl = string;
export type PadBindings = Record<StickAction, PadControl[]>;

/** Standard mapping: D-pad 12-15 and the left stick; A (0) or B (1) fires. */
export const DEFAULT_PAD_BINDINGS: Readonly<PadBindings> = {
  UP: ['b12', 'a1-'],
  DOWN: ['b13', 'a1+'],
  LEFT: ['b14', 'a0-'],
  RIGHT: ['b15', 'a0+'],
  FIRE: ['b0', 'b1'],
};

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export class BindingStore {
  constructor(private readonly storage: StorageLike) {}

  keyboard(): Record<JoyKey, string> {
    const saved = this.read('keyboard');
    const out = { ...DEFAULT_KEY_BINDINGS };
    // Only the known switches, each a key's code: a stored `{"toString": 5}` or `"UP"` binds nothing.
    for (const k of Object.keys(out) as JoyKey[])
      if (saved && Object.hasOwn(saved, k) && typeof saved[k] === 'string') out[k] = saved[k];
    return out;
  }

  setKeyboard(action: JoyKey, code: string): Record<JoyKey, string> {
    const next = this.keyboard();
    // One key drives one switch: a key taken from another action leaves that action unbound.
    for (const k of Object.keys(next) as JoyKey[]) if (next[k] === code) next[k] = '';
    next[action] = code;
    this.storage.setItem(PREFIX + 'keyboard', JSON.stringify(next));
    return next;
  }

  pad(id: string): PadBindings {
    const saved = this.read(`pad.${id}`);
    const out = { ...DEFAULT_PAD_BINDINGS } as PadBindings;
    for (const a of STICK_ACTIONS) {
      const v = saved && Object.hasOwn(saved, a) ? saved[a] : undefined;
      if (Array.isArray(v)) out[a] = v.filter((c): c is string => typeof c === 'string');
    }
    return out;
  }

  setPad(id: string, action: StickAction, control: PadControl): PadBindings {
    const next = this.pad(id);
    for (const a of STICK_ACTIONS) next[a] = next[a].filter((c) => c !== control);
    next[action] = [control];
    this.storage.setItem(PREFIX + `pad.${id}`, JSON.stringify(next));
    return next;
  }

  resetDevice(device: string): void {
    this.storage.removeItem(PREFIX + (device === 'keyboard' ? 'keyboard' : `pad.${device}`));
  }

  /** The stored bindings of `device` as an object, or undefined; never throws (an unreadable value is set aside). */
  private read(device: string): Record<string, unknown> | undefined {
    const text = readStored(PREFIX + device, this.storage);
    if (!text) return undefined;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      v = undefined;
    }
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
    setAsideStored(PREFIX + device, text, 'is not a set of bindings', this.storage);
    return undefined;
  }
}
