import { describe, expect, it } from 'vitest';
import { SNAPSHOT_LENGTH, SNAPSHOT_REWIND } from '../../../src/worker/protocol.ts';
import { DEFAULT_KEY_BINDINGS, O2_LAYOUT, buildSnapshot, o2KeyFor, resolveKey } from '../../../src/input/keymap.ts';
import { KEY_MATRIX, keyCodeOf } from '../../../rom-core/machine/input.ts';

describe('keyboard mapping', () => {
  it('types letters, digits and named keys by position, symbols by their printed character', () => {
    expect(o2KeyFor('KeyQ')).toBe(keyCodeOf('Q'));
    expect(o2KeyFor('Digit7')).toBe(keyCodeOf('7'));
    expect(o2KeyFor('Numpad7')).toBe(keyCodeOf('7'));
    expect(o2KeyFor('Backspace')).toBe(keyCodeOf('CLEAR'));
    expect(o2KeyFor('Equal', '+')).toBe(keyCodeOf('PLUS'));
    expect(o2KeyFor('Equal', '=')).toBe(keyCodeOf('EQUALS'));
    expect(o2KeyFor('Slash', '?')).toBe(keyCodeOf('QUESTION'));
    expect(o2KeyFor('Slash', '/')).toBe(keyCodeOf('DIVIDE'));
    expect(o2KeyFor('F1')).toBeUndefined();
  });

  it('type mode types W; steer mode steers with it; arrows steer in both', () => {
    expect(resolveKey('KeyW', 'w', 'type', DEFAULT_KEY_BINDINGS)).toEqual({ key: keyCodeOf('W') });
    expect(resolveKey('KeyW', 'w', 'steer', DEFAULT_KEY_BINDINGS)).toEqual({ joy: 'J1_UP' });
    expect(resolveKey('ArrowLeft', 'ArrowLeft', 'type', DEFAULT_KEY_BINDINGS)).toEqual({ joy: 'J0_LEFT' });
    expect(resolveKey('KeyQ', 'q', 'steer', DEFAULT_KEY_BINDINGS)).toEqual({ key: keyCodeOf('Q') });
    expect(resolveKey('F1', 'F1', 'steer', DEFAULT_KEY_BINDINGS)).toBeUndefined();
  });

  it('builds the snapshot rows and sticks the machine reads', () => {
    const s = buildSnapshot(['A', 'ENTER', 'J0_FIRE', 'J1_DOWN'].map(keyCodeOf), [0x02, 0], true, false);
    expect(s[KEY_MATRIX.A >> 3]).toBe(1 << (KEY_MATRIX.A & 7));
    expect(s[KEY_MATRIX.ENTER >> 3] & (1 << (KEY_MATRIX.ENTER & 7))).not.toBe(0);
    expect(s[8]).toBe(0x12);
    expect(s[9]).toBe(0x04);
    expect(s[10]).toBe(1);
    expect(s.length).toBe(SNAPSHOT_LENGTH);
    expect(s[SNAPSHOT_REWIND]).toBe(0);
    const swapped = buildSnapshot([keyCodeOf('J0_FIRE')], [0, 0], false, true);
    expect([swapped[8], swapped[9]]).toEqual([0, 0x10]);
    expect(buildSnapshot([], [0, 0], false, false, 2)[SNAPSHOT_REWIND]).toBe(2);
  });

  it('the on-screen layout has every O2 key exactly once', () => {
    const names = O2_LAYOUT.flat()
      .map(([, name]) => name)
      .sort();
    expect(names).toEqual(Object.keys(KEY_MATRIX).sort());
  });
});

describe('the keys shown beside the console', () => {
  it('names PC keys as their keycaps print them', async () => {
    const { keyLabel } = await import('../../../src/input/keymap.ts');
    expect(['ArrowUp', 'KeyW', 'ControlRight', 'ShiftLeft', 'Digit4', 'Numpad8', '', 'F13'].map(keyLabel)).toEqual([
      '↑',
      'W',
      'Right Ctrl',
      'Left Shift',
      '4',
      'Numpad 8',
      '',
      'F13',
    ]);
  });

  it("says each control's keys in words, following remapping and leaving out unbound switches", async () => {
    const { stickKeysText } = await import('../../../src/input/keymap.ts');
    expect(stickKeysText(DEFAULT_KEY_BINDINGS, 'J0')).toBe('↑ ← ↓ → steer, Right Ctrl fires');
    expect(stickKeysText(DEFAULT_KEY_BINDINGS, 'J1')).toBe('W A S D steer, Left Shift fires');
    expect(stickKeysText({ ...DEFAULT_KEY_BINDINGS, J1_UP: 'KeyI', J1_FIRE: '' }, 'J1')).toBe(
      'I A S D steer, no fire key',
    );
  });

  it('a snapshot sets the same bits the machine sets for a key name (one conversion)', async () => {
    const { keyTarget, setKeyBit } = await import('../../../rom-core/machine/input.ts');
    for (const name of ['R', 'ENTER', 'J0_UP', 'J1_FIRE']) {
      const keys = new Uint8Array(8);
      const joy = [0, 0];
      setKeyBit(keys, joy, keyTarget(name)!, true);
      const snap = buildSnapshot([keyCodeOf(name)], [0, 0], false, false);
      expect([...snap.subarray(0, 8), snap[8], snap[9]]).toEqual([...keys, joy[0], joy[1]]);
    }
  });
});
