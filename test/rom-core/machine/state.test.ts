/**
 * Whole-machine save states: save at frame N, run M frames, restore, run the same M frames again
 * (with the same input) -> the same pictures, sound, per-frame records and final state, bit for bit.
 */
import { edited } from '../../harness/state.ts';
import { describe, expect, it } from 'vitest';
import { firstDifference, machine, testCart } from './helpers.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';

interface Trace {
  frames: Uint8Array[];
  audio: Float32Array[];
  records: string[];
}

function runWithInput(m: Odyssey2, count: number): Trace {
  const t: Trace = { frames: [], audio: [], records: [] };
  for (let i = 0; i < count; i++) {
    if (i === 2) m.setKey('J1_LEFT', true);
    if (i === 4) m.setKey('J1_LEFT', false);
    m.runFrame();
    t.frames.push(m.frame.slice());
    t.audio.push(m.audio.slice());
    t.records.push(JSON.stringify(m.record()));
  }
  return t;
}

describe('save state', () => {
  for (const [cart, pal] of [
    ['vblank', false],
    ['vblank', true],
    ['input', false],
  ] as const) {
    it(`${cart}${pal ? ' (PAL)' : ''}: restore and replay gives identical frames, sound and state`, () => {
      const m = machine(testCart(cart), { pal });
      for (let i = 0; i < 7; i++) m.runFrame();
      m.setKey('5', true); // input state is part of the machine
      const saved = m.saveState();
      const first = runWithInput(m, 8);
      const end = m.saveState();
      m.loadState(saved);
      expect(firstDifference(m.saveState(), saved)).toBe(-1);
      const second = runWithInput(m, 8);
      expect(second.records).toEqual(first.records);
      for (let i = 0; i < 8; i++) {
        expect(firstDifference(second.frames[i], first.frames[i]), `frame ${i}`).toBe(-1);
        expect(firstDifference(second.audio[i], first.audio[i]), `audio ${i}`).toBe(-1);
      }
      expect(firstDifference(m.saveState(), end)).toBe(-1);
      if (cart === 'vblank') expect(first.audio.some((a) => a.some((x) => x > 0))).toBe(true);
    });
  }

  it('a machine just switched on saves a state and a snapshot that load (the debugger steps back to it)', () => {
    for (const pal of [false, true]) {
      const m = machine(testCart('vblank'), { pal });
      const state = m.saveState();
      const snapshot = m.snapshot();
      m.runFrame();
      m.loadState(state);
      expect(firstDifference(m.saveState(), state)).toBe(-1);
      m.runFrame();
      m.restoreSnapshot(snapshot);
      expect(firstDifference(m.snapshot(), snapshot)).toBe(-1);
    }
  });

  it('a fresh machine with the same ROMs continues exactly where the saved one was', () => {
    const a = machine(testCart('vblank'));
    for (let i = 0; i < 5; i++) a.runFrame();
    const b = machine(testCart('vblank'));
    b.loadState(a.saveState());
    a.runFrame();
    b.runFrame();
    expect(b.record()).toEqual(a.record());
    expect(firstDifference(b.frame, a.frame)).toBe(-1);
  });

  it('refuses another cartridge, another chip, damage and versions it does not know, changing nothing', () => {
    const m = machine(testCart('vblank'));
    m.runFrame();
    const good = m.saveState();
    const before = m.saveState();
    expect(() => machine(testCart('input')).loadState(good)).toThrow(/different BIOS or cartridge/);
    expect(() => machine(testCart('vblank'), { pal: true }).loadState(good)).toThrow(/8244.*8245/);
    const damaged = good.slice();
    damaged[200] ^= 1;
    expect(() => m.loadState(damaged)).toThrow(/corrupt/);
    expect(() =>
      m.loadState(
        edited(good, (b) => {
          b[4] = 3;
        }),
      ),
    ).toThrow('Odyssey² save state version 3 is not supported (this build reads versions 1 and 2).');
    // Integrity before version: a corrupt file is called corrupt, whatever its version byte says.
    const v4 = good.slice();
    v4[4] = 4;
    expect(() => m.loadState(v4)).toThrow('Odyssey² save state is corrupt: its checksum does not match its contents.');
    expect(() => m.loadState(new Uint8Array(3))).toThrow(/not a save state of the Odyssey²/);
    expect(() => m.loadState(new TextEncoder().encode('hello world, not a state'))).toThrow(
      /not a save state of the Odyssey²/,
    );
    expect(firstDifference(m.saveState(), before)).toBe(-1);
  });

  it('accepts only a state the machine can save again: the frame counter wraps as the state stores it; a cycle count near the limit is refused', () => {
    const m = machine(testCart('vblank'));
    m.runFrame();
    // The last frame number a state holds: one frame later the machine and its save both say 0.
    m.frameNumber = 0xffff_ffff;
    const last = machine(testCart('vblank'));
    last.loadState(m.saveState());
    last.runFrame();
    expect(last.frameNumber).toBe(0);
    const again = machine(testCart('vblank'));
    again.loadState(last.saveState());
    expect(again.frameNumber).toBe(last.frameNumber);
    expect(firstDifference(again.saveState(), last.saveState())).toBe(-1);

    // The same state with the CPU's cycle count and the time base moved on by k (a consistent pair).
    const base = machine(testCart('vblank'));
    base.runFrame();
    const shifted = (k: number): Uint8Array => {
      const x = machine(testCart('vblank'));
      x.loadState(base.saveState());
      x.cpu.cycles += k;
      (x as unknown as { cycleBase: number }).cycleBase += k;
      return x.saveState();
    };
    // Just under what a state stores: it would run past it, and keep time inexactly.
    const target = machine(testCart('vblank'));
    target.runFrame();
    const before = target.saveState();
    expect(() => target.loadState(shifted(2 ** 52 - 1000 - base.cpu.cycles))).toThrow(
      /cycle count \(\d+\) is past 35184372088832 \(2\^45\), more than this machine ever counts/,
    );
    expect(firstDifference(target.saveState(), before)).toBe(-1);
    // Just inside the limit, the state runs as the same state from a small count does (only the count's
    // differences matter); the machine moves its count back, and its saves load again.
    target.loadState(shifted(2 ** 45 - 10 - base.cpu.cycles));
    for (let i = 0; i < 3; i++) {
      target.runFrame();
      base.runFrame();
      expect(target.record()).toEqual(base.record());
      expect(firstDifference(target.frame, base.frame)).toBe(-1);
    }
    expect(target.cpu.cycles).toBeLessThan(2 ** 44);
    expect(() => machine(testCart('vblank')).loadState(target.saveState())).not.toThrow();
  });

  it('a snapshot without the picture (for rollback) is a few KB, restores the machine between frames, and is never taken for a save', () => {
    const m = machine(testCart('vblank'));
    for (let i = 0; i < 3; i++) m.runFrame();
    const snap = m.snapshot();
    const save = m.saveState();
    expect(snap.length).toBeLessThan(save.length / 10);
    const first = runWithInput(m, 5);
    m.restoreSnapshot(snap);
    const again = runWithInput(m, 5);
    expect(again.records).toEqual(first.records);
    for (let i = 0; i < 5; i++) expect(firstDifference(again.frames[i], first.frames[i]), `frame ${i}`).toBe(-1);
    expect(() => m.loadState(snap)).toThrow(/not a save state of the Odyssey²/);
    expect(() => m.restoreSnapshot(save)).toThrow(/not a save state of the Odyssey²/);
  });
});
