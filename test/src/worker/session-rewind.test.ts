import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { buildSnapshot } from '../../../src/input/keymap.ts';
import { keyCodeOf } from '../../../rom-core/machine/input.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();

/** The held input of frame f: the stick and a key change every few frames (RESET once, briefly). */
function heldAt(f: number): Uint8Array {
  const keys = f % 23 < 3 ? ['SPACE'] : [];
  const stick = [0, 1, 2, 16, 4, 8][Math.floor(f / 5) % 6];
  return buildSnapshot(keys.map(keyCodeOf), [stick, 0], f >= 40 && f < 43, false);
}

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

function session(rewindSeconds: number, runAhead = 0): ConsoleSession {
  const s = new ConsoleSession({}, builtins, 48_000);
  s.time.configure({ rewindSeconds, runAhead });
  return s;
}

describe('ConsoleSession rewind', () => {
  it('goes back frame by frame to exactly the machine it was, then plays on as before', () => {
    const s = session(2);
    const after: Uint8Array[] = [];
    for (let f = 0; f < 90; f++) {
      s.applyInput(heldAt(f));
      s.runFrame();
      after.push(s.machine.saveState());
    }
    expect(s.time.depth).toBe(89);
    for (let back = 1; back <= 60; back++) {
      expect(s.rewindFrame()).toBe(true);
      expect(same(s.machine.saveState(), after[89 - back])).toBe(true);
    }
    // From frame 29 on, the same inputs give the same frames again (RESET at 40-42 included).
    for (let f = 30; f < 50; f++) {
      s.applyInput(heldAt(f));
      s.runFrame();
      expect(same(s.machine.saveState(), after[f])).toBe(true);
    }
  });

  it('keeps only the seconds asked for and stops at the oldest frame', () => {
    const s = session(1);
    for (let f = 0; f < 150; f++) {
      s.applyInput(heldAt(f));
      s.runFrame();
    }
    const kept = Math.round(s.info().frameRate);
    expect(s.time.depth).toBe(kept - 1);
    let went = 0;
    while (s.rewindFrame()) went++;
    expect(went).toBe(kept - 1);
    expect(s.machine.frameNumber).toBe(150 - kept + 1);
  });

  it('step back after frames run goes one instruction back, from the start of the frame rewind kept; with rewind off it refuses', () => {
    const s = session(2);
    const after: Uint8Array[] = [];
    for (let f = 0; f < 10; f++) {
      s.applyInput(heldAt(f));
      s.runFrame();
      after.push(s.machine.saveState());
    }
    // Paused after a frame: step back is one instruction, the last of frame 10, run again from its start.
    expect(s.stepBack()).toBe(true);
    expect(s.machine.midFrame).toBe(true);
    expect(s.debugInfo()).toMatchObject({ frame: 10, stop: { kind: 'step-back' } });
    s.runFrame();
    expect(same(s.machine.saveState(), after[9])).toBe(true);
    const off = session(0);
    off.runFrame();
    expect(off.stepBack()).toBe(false);
  });

  it('is off at 0 seconds, and a loaded state forgets the frames before it', () => {
    const off = session(0);
    off.runFrame();
    off.runFrame();
    expect(off.rewindFrame()).toBe(false);
    const s = session(5);
    for (let f = 0; f < 10; f++) s.runFrame();
    s.loadState(s.machine.saveState());
    expect(s.time.depth).toBe(0);
    expect(s.rewindFrame()).toBe(false);
  });
});

describe('ConsoleSession run-ahead', () => {
  it('shows frames ahead while the real frames stay those of a session without it', () => {
    const plain = session(0);
    const ahead = session(0, 2);
    for (let f = 0; f < 60; f++) {
      for (const s of [plain, ahead]) {
        s.applyInput(heldAt(f));
        s.runFrame();
      }
      ahead.time.showAhead();
      expect(same(ahead.machine.snapshot(), plain.machine.snapshot())).toBe(true);
    }
  });
});
