import { describe, expect, it } from 'vitest';
import { BindingStore, DEFAULT_PAD_BINDINGS } from '../../../src/input/bindings.ts';
import { DEFAULT_KEY_BINDINGS } from '../../../src/input/keymap.ts';
import { controlActive, connectedPads, firstActiveControl, padStick } from '../../../src/input/gamepad.ts';
import type { PadLike } from '../../../src/input/gamepad.ts';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  } as Storage;
}

function pad(over: Partial<PadLike> = {}): PadLike {
  return {
    id: 'pad',
    index: 0,
    connected: true,
    buttons: Array.from({ length: 17 }, () => ({ pressed: false })),
    axes: [0, 0],
    ...over,
  };
}

describe('bindings', () => {
  it('keeps keyboard bindings per device and moves a key taken from another action', () => {
    const storage = memory();
    const a = new BindingStore(storage);
    expect(a.keyboard()).toEqual(DEFAULT_KEY_BINDINGS);
    a.setKeyboard('J0_FIRE', 'ArrowUp');
    const b = new BindingStore(storage); // a reload
    expect(b.keyboard().J0_FIRE).toBe('ArrowUp');
    expect(b.keyboard().J0_UP).toBe('');
    b.resetDevice('keyboard');
    expect(b.keyboard()).toEqual(DEFAULT_KEY_BINDINGS);
  });

  it('keeps pad bindings per pad id and survives garbage in storage', () => {
    const storage = memory();
    const s = new BindingStore(storage);
    s.setPad('Pad A', 'FIRE', 'b3');
    expect(s.pad('Pad A').FIRE).toEqual(['b3']);
    expect(s.pad('Pad B')).toEqual(DEFAULT_PAD_BINDINGS);
    storage.setItem('o2conquest.console.bindings.pad.Pad C', '{not json');
    expect(s.pad('Pad C')).toEqual(DEFAULT_PAD_BINDINGS);
  });
});

describe('gamepad', () => {
  it('reads D-pad buttons and the left stick past the dead zone', () => {
    const p = pad();
    p.buttons[12].pressed = true;
    expect(padStick(p, DEFAULT_PAD_BINDINGS)).toBe(0x01);
    const q = pad({ axes: [0.4, 0.8] });
    expect(padStick(q, DEFAULT_PAD_BINDINGS)).toBe(0x04); // down; 0.4 right is inside the dead zone
    expect(controlActive(q, 'a1+')).toBe(true);
    expect(firstActiveControl(q)).toBe('a1+');
  });

  it('orders pads by index and skips holes and disconnected ones', () => {
    const list = [
      null,
      pad({ id: 'b', index: 3 }),
      pad({ id: 'x', index: 1, connected: false }),
      pad({ id: 'a', index: 2 }),
    ];
    expect(connectedPads(() => list).map((p) => p.id)).toEqual(['a', 'b']);
    expect(
      connectedPads(() => {
        throw new Error('blocked by permissions policy');
      }),
    ).toEqual([]);
  });
});
