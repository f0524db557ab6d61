import { describe, expect, it } from 'vitest';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { RewindRing, RunAhead, snapshotBound } from '../../../rom-core/machine/rewind.ts';
import type { Rewindable } from '../../../rom-core/machine/rewind.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';
import { bootMachine } from '../../harness/boot.ts';

const bios = openBios();
const cart = battleCart();

/** A stick that changes every few frames, the same for every machine given the same frame. */
const stickAt = (f: number): number => [0, 1, 2, 16, 4, 8, 17, 0][Math.floor(f / 7) % 8];

function machine(): Odyssey2 {
  const m = bootMachine(bios, cart);
  for (let f = 0; f < 60; f++) m.runFrame(); // past the BIOS's start
  return m;
}

/** Runs `frames` frames recording each, and returns the full save state (picture included) after each. */
function play(m: Odyssey2, ring: RewindRing, frames: number, from = 0): Uint8Array[] {
  const after: Uint8Array[] = [];
  for (let f = from; f < from + frames; f++) {
    m.joy[0] = stickAt(f);
    m.joy[1] = stickAt(f + 3);
    ring.record();
    m.runFrame();
    after.push(m.saveState());
  }
  return after;
}

/** Byte-for-byte equality (expect's deep equality is slow on 90 KB states). */
function same(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(a, b) === 0;
}

const bytes = (a: Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

describe('RewindRing on the machine', () => {
  it('going back N frames gives exactly the machine of N frames before, picture included', () => {
    const m = machine();
    const ring = new RewindRing(m, { frames: 300, longest: snapshotBound(m) });
    const after = play(m, ring, 200);
    let at = after.length - 1;
    for (const n of [1, 4, 30, 100]) {
      for (let i = 0; i < n; i++) expect(ring.back()).toBe(true);
      at -= n;
      expect(same(m.saveState(), after[at])).toBe(true);
    }
    // Played on from there, it runs as it did the first time with the same sticks.
    const again = play(m, ring, 10, at + 1);
    expect(same(again[9], after[at + 10])).toBe(true);
  });

  it('wraps round its buffer and its entries, keeping the newest stretch of frames, and stops at the oldest', () => {
    const m = machine();
    const longest = snapshotBound(m);
    // Room for about 12 snapshots of ~2.3 KB (the buffer is at least twice the longest one): it wraps often.
    const ring = new RewindRing(m, { frames: 40, bytesPerFrame: 10, longest: longest });
    const after = play(m, ring, 250);
    expect(ring.depth).toBeGreaterThan(8);
    expect(ring.depth).toBeLessThan(40);
    const kept = ring.depth;
    for (let i = 1; i < kept; i++) {
      expect(ring.back()).toBe(true);
      expect(same(m.saveState(), after[after.length - 1 - i])).toBe(true);
    }
    const oldest = m.saveState();
    expect(ring.back()).toBe(false);
    expect(same(m.saveState(), oldest)).toBe(true);
    expect(ring.depth).toBe(1);
  });

  it('keeps at most `frames` frames when the bytes would hold more', () => {
    const m = machine();
    const ring = new RewindRing(m, { frames: 16, longest: snapshotBound(m) });
    const after = play(m, ring, 50);
    expect(ring.depth).toBe(16);
    for (let i = 0; i < 15; i++) ring.back();
    expect(same(m.saveState(), after[after.length - 16])).toBe(true);
    expect(ring.back()).toBe(false);
  });
});

/** A machine whose snapshot is its frame count in a record of varying length (the ring's bookkeeping alone). */
class FakeMachine implements Rewindable {
  frame = 0;
  get frameNumber(): number {
    return this.frame;
  }
  snapshotAt(out: Uint8Array, place: (length: number) => number): number {
    const length = 8 + ((this.frame * 37) % 50);
    const at = place(length);
    out.fill(this.frame & 0xff, at, at + length);
    new DataView(out.buffer, out.byteOffset).setUint32(at, this.frame, true);
    return length;
  }
  restoreSnapshot(buffer: Uint8Array, _position?: unknown, start = 0, end = buffer.length): void {
    const state = buffer.subarray(start, end);
    const frame = new DataView(state.buffer, state.byteOffset).getUint32(0, true);
    expect(state.length).toBe(8 + ((frame * 37) % 50));
    expect(state.every((b, i) => i < 4 || b === (frame & 0xff))).toBe(true);
    this.frame = frame;
  }
  runFrame(): void {
    this.frame++;
  }
}

describe('RewindRing bookkeeping', () => {
  it('never hands back a snapshot a later one overwrote, through many wraps and goings back', () => {
    const m = new FakeMachine();
    const ring = new RewindRing(m, { frames: 30, bytesPerFrame: 20, longest: 60 });
    let seed = 7;
    for (let round = 0; round < 400; round++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const forward = seed % 23;
      for (let i = 0; i < forward; i++) {
        ring.record();
        m.runFrame();
      }
      const back = (seed >>> 8) % 17;
      for (let i = 0; i < back; i++) {
        const before = m.frame;
        const depth = ring.depth;
        if (ring.back()) expect(m.frame).toBe(before - 1);
        else {
          expect(depth).toBeLessThan(2);
          expect(m.frame).toBe(before);
        }
      }
      expect(ring.depth).toBeLessThanOrEqual(30);
    }
  });
});

describe('RunAhead', () => {
  it('leaves the real frames and their sound exactly as without it, and shows the picture n frames on', () => {
    for (const n of [1, 2]) {
      const plain = machine();
      const ahead = machine();
      const runAhead = new RunAhead(ahead, snapshotBound(ahead));
      const pictures: Uint8Array[] = [];
      const shown: Uint8Array[] = [];
      for (let f = 0; f < 120; f++) {
        // The stick held still for stretches: run-ahead's picture is the real one n frames on.
        plain.joy[0] = ahead.joy[0] = stickAt(f);
        plain.runFrame();
        ahead.runFrame();
        expect(same(bytes(ahead.audio), bytes(plain.audio))).toBe(true);
        runAhead.show(n);
        expect(same(ahead.snapshot(), plain.snapshot())).toBe(true);
        pictures.push(plain.frame.slice());
        shown.push(ahead.frame.slice());
      }
      // Frame f's picture shown ahead is the real picture of frame f + n whenever the stick did not move meanwhile.
      let compared = 0;
      for (let f = 0; f + n < 120; f++) {
        if (stickAt(f) !== stickAt(f + n)) continue;
        expect(same(shown[f], pictures[f + n])).toBe(true);
        compared++;
      }
      expect(compared).toBeGreaterThan(80);
    }
  });
});
