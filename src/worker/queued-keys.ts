import { KEY_TARGETS, setKeyBit } from '../../rom-core/machine/index.ts';
import type { KeyCode, KeySink } from '../../rom-core/machine/index.ts';

/**
 * The keys the key queue holds down, kept apart from the page's held snapshot so the two add up: a
 * touch key held on screen and a typed tap of another key are both down in the same frame.
 */
export class QueuedKeys implements KeySink {
  readonly keys = new Uint8Array(8);
  readonly joy = new Uint8Array(2);
  reset = false;

  setKeyCode(code: KeyCode, down: boolean): void {
    const t = KEY_TARGETS[code];
    if (!t) return;
    if (t.kind === 'reset') this.reset = down;
    else setKeyBit(this.keys, this.joy, t, down);
  }
}
