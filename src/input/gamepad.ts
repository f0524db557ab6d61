/**
 * Gamepads: the Gamepad API exists only on the window, so the page polls it once per animation frame
 * and folds the held state into the snapshot it sends the worker. The first pad (lowest index) drives
 * the left-hand control J0, the second the right-hand J1 ("swap" exchanges them later, for all inputs).
 */
import { JOY_BITS } from '../../rom-core/machine/index.ts';
import { STICK_ACTIONS } from './keymap.ts';
import type { PadBindings, PadControl } from './bindings.ts';

export const AXIS_DEAD_ZONE = 0.5;

/** The minimal Gamepad shape read here (tests pass plain objects). */
export interface PadLike {
  id: string;
  index: number;
  connected: boolean;
  buttons: readonly { pressed: boolean; value?: number }[];
  axes: readonly number[];
}

export function controlActive(pad: PadLike, control: PadControl): boolean {
  const b = /^b(\d+)$/.exec(control);
  if (b) {
    const button = pad.buttons[Number(b[1])];
    return !!button && (button.pressed || (button.value ?? 0) > 0.5);
  }
  const a = /^a(\d+)([+-])$/.exec(control);
  if (a) {
    const v = pad.axes[Number(a[1])] ?? 0;
    return a[2] === '+' ? v > AXIS_DEAD_ZONE : v < -AXIS_DEAD_ZONE;
  }
  return false;
}

/** A stick byte (JOY_BITS, active high) from one pad. */
export function padStick(pad: PadLike, bindings: PadBindings): number {
  let bits = 0;
  for (const action of STICK_ACTIONS) {
    if (bindings[action].some((c) => controlActive(pad, c))) bits |= JOY_BITS[action];
  }
  return bits;
}

/** Connected pads, ordered by index (not array position: browsers leave holes). */
export function connectedPads(source: () => readonly (PadLike | null)[]): PadLike[] {
  let list: readonly (PadLike | null)[];
  try {
    list = source() ?? [];
  } catch {
    return [];
  }
  return list.filter((p): p is PadLike => !!p && p.connected).sort((a, b) => a.index - b.index);
}

/** The first control held on a pad (for "press a button to bind"). */
export function firstActiveControl(pad: PadLike): PadControl | undefined {
  for (let i = 0; i < pad.buttons.length; i++) if (controlActive(pad, `b${i}`)) return `b${i}`;
  for (let i = 0; i < pad.axes.length; i++) {
    if (controlActive(pad, `a${i}+`)) return `a${i}+`;
    if (controlActive(pad, `a${i}-`)) return `a${i}-`;
  }
  return undefined;
}
