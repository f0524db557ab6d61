import { describe, expect, it } from 'vitest';
import { RewindInput } from '../../../src/worker/rewind-input.ts';
import { SNAPSHOT_LENGTH, SNAPSHOT_REWIND } from '../../../src/worker/protocol.ts';
import type { ConsoleSession } from '../../../src/worker/session.ts';

/** A session with `kept` frames to go back to, counting how many it went back. */
function session(kept: number, netplay = false): { s: ConsoleSession; back: () => number } {
  let back = 0;
  const fake = {
    netplay,
    rewindFrame: (): boolean => {
      if (back >= kept) return false;
      back++;
      return true;
    },
  };
  return { s: fake as unknown as ConsoleSession, back: () => back };
}

const held = (speed: number): Uint8Array => {
  const snapshot = new Uint8Array(SNAPSHOT_LENGTH);
  snapshot[SNAPSHOT_REWIND] = speed;
  return snapshot;
};

describe('the rewind input in the frame loop', () => {
  it('goes back a frame per frame due, two at double speed, cutting the sound once as it goes down', () => {
    const r = new RewindInput();
    const { s, back } = session(100);
    let cuts = 0;
    const cut = (): void => void cuts++;
    expect(r.step(s, held(0), 3, cut)).toBe(false);
    expect(r.step(s, held(1), 3, cut)).toBe(true);
    expect(back()).toBe(3);
    expect(r.step(s, held(2), 3, cut)).toBe(true);
    expect(back()).toBe(9);
    expect(cuts).toBe(1);
    // Let go and held again: the sound is cut again.
    expect(r.step(s, held(0), 1, cut)).toBe(false);
    expect(r.step(s, held(1), 1, cut)).toBe(true);
    expect(cuts).toBe(2);
  });

  it('stops at the oldest frame kept, and never rewinds a network battle', () => {
    const r = new RewindInput();
    const { s, back } = session(4);
    expect(r.step(s, held(2), 5, () => undefined)).toBe(true);
    expect(back()).toBe(4);
    const net = session(100, true);
    expect(new RewindInput().step(net.s, held(1), 5, () => undefined)).toBe(false);
    expect(net.back()).toBe(0);
  });

  it('tells a press (a step back while paused) from a hold', () => {
    expect(RewindInput.pressed(held(0), held(1))).toBe(true);
    expect(RewindInput.pressed(held(1), held(1))).toBe(false);
    expect(RewindInput.pressed(held(1), held(0))).toBe(false);
  });
});
