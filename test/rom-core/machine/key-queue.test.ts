/**
 * The key queue: typed taps and live keys reach the machine at frame boundaries, held long enough for
 * the once-a-frame key scan. Checked against a recording sink and against the battle cartridge, whose
 * mailbox shows what the entry screen made of the keys.
 */
import { describe, expect, it } from 'vitest';
import { KEY_NAMES } from '../../../rom-core/machine/index.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { KeyQueue } from '../../../rom-core/machine/key-queue.ts';
import type { KeySink } from '../../../rom-core/machine/key-queue.ts';
import { readMailbox } from '../../../rom-core/roms/carts/mailbox.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';
import { bootMachine } from '../../harness/boot.ts';

/** The manual's example entry: red tank 2500, blue submarine 3000 (SPACE first, from SELECT GAME). */
const ENTRY = ['SPACE', 'R', 'T', '2', '5', '0', '0', 'B', 'S', '3', '0', '0', '0'];

/** Records the keys driven per frame, by name: `log[f]` = the calls made before frame f (0-based). */
class Recorder implements KeySink {
  log: string[][] = [[]];
  setKeyCode(code: number, down: boolean): void {
    this.log[this.log.length - 1].push(`${KEY_NAMES[code]} ${down ? 'down' : 'up'}`);
  }
  frame(): void {
    this.log.push([]);
  }
}

function runFrames(q: KeyQueue, sink: Recorder, frames: number): void {
  for (let f = 0; f < frames; f++) {
    q.beforeFrame(sink);
    sink.frame();
    q.afterFrame();
  }
}

/** The battle cartridge at SELECT GAME (up by frame 30). */
function bootCart(): Odyssey2 {
  const m = bootMachine(openBios(), battleCart());
  for (let f = 0; f < 30; f++) m.runFrame();
  return m;
}

function runUntilIdle(m: Odyssey2, q: KeyQueue, limit = 1000): number {
  let frames = 0;
  while (!q.idle) {
    if (frames++ >= limit) throw new Error(`the key queue was not idle after ${limit} frames`);
    q.beforeFrame(m);
    m.runFrame();
    q.afterFrame();
  }
  return frames;
}

describe('KeyQueue (recording sink)', () => {
  it('holds each typed tap for holdFrames and leaves gapFrames up before the next, and counts finished taps', () => {
    const q = new KeyQueue({ holdFrames: 2, gapFrames: 1 });
    const sink = new Recorder();
    expect(q.tap('2', '2')).toBe(2);
    expect(q.idle).toBe(false);
    runFrames(q, sink, 3);
    expect(q.completed).toBe(1);
    runFrames(q, sink, 3);
    expect(q.completed).toBe(2);
    expect(q.idle).toBe(true);
    expect(sink.log.slice(0, 6)).toEqual([['2 down'], [], ['2 up'], ['2 down'], [], ['2 up']]);
    expect(q.tap('r')).toBe(3);
    runFrames(q, sink, 1);
    expect(sink.log[6]).toEqual(['R down']);
  });

  it('gives a live key released before any frame ran a whole press of holdFrames frames', () => {
    const q = new KeyQueue({ holdFrames: 1, gapFrames: 1 });
    const sink = new Recorder();
    q.press('SPACE');
    q.release('SPACE');
    expect(q.idle).toBe(false);
    runFrames(q, sink, 3);
    expect(sink.log.slice(0, 3)).toEqual([['SPACE down'], ['SPACE up'], []]);
    expect(q.idle).toBe(true);
    // Struck again before the last press left the machine: every press is a press of its own, each
    // after a frame with the key up; the last one is still held.
    q.press('5');
    q.release('5');
    q.press('5');
    q.release('5');
    runFrames(q, sink, 1);
    q.press('5');
    runFrames(q, sink, 4);
    expect(sink.log.slice(3, 8)).toEqual([['5 down'], ['5 up'], ['5 down'], ['5 up'], ['5 down']]);
    runFrames(q, sink, 2);
    expect(sink.log.slice(8, 10)).toEqual([[], []]);
    q.release('5');
    runFrames(q, sink, 1);
    expect(sink.log[10]).toEqual(['5 up']);
  });

  it('starts rolled matrix keys one at a time, in the order struck, each after the last tap is let go', () => {
    const q = new KeyQueue({ holdFrames: 2, gapFrames: 1 });
    const sink = new Recorder();
    // P struck before R although R comes first in the matrix's key list: order is the player's.
    q.press('P');
    q.press('R');
    q.release('P');
    q.release('R');
    q.press('J0_UP');
    runFrames(q, sink, 6);
    expect(sink.log.slice(0, 6)).toEqual([['J0_UP down', 'P down'], [], ['P up', 'R down'], [], ['R up'], []]);
    expect(q.idle).toBe(true);
  });

  it('lets a key the player really holds overlap the next one, as the keyboard would', () => {
    const q = new KeyQueue({ holdFrames: 1, gapFrames: 1 });
    const sink = new Recorder();
    q.press('R');
    runFrames(q, sink, 2);
    q.press('P');
    runFrames(q, sink, 1);
    expect(sink.log.slice(0, 3)).toEqual([['R down'], [], ['P down']]);
  });

  it('refuses an unknown key with a sentence naming it and queues nothing of that call', () => {
    const q = new KeyQueue();
    expect(() => q.tap('R', 'SHIFT')).toThrow(/unknown key 'SHIFT'; keys are 0 1 2/);
    expect(() => q.press('F13')).toThrow(/unknown key 'F13'/);
    expect(q.total).toBe(0);
    expect(q.idle).toBe(true);
    expect(() => new KeyQueue({ holdFrames: 0 })).toThrow(
      /holdFrames must be a whole number of frames from 1 to 600, got 0/,
    );
    expect(() => new KeyQueue({ gapFrames: 1.5 })).toThrow(/gapFrames must be a whole number/);
  });

  it('clear releases what it holds down, drops the rest and counts it as completed', () => {
    const q = new KeyQueue();
    const sink = new Recorder();
    q.tap('1', '2', '3');
    q.press('J0_FIRE');
    runFrames(q, sink, 1);
    q.clear(sink);
    expect(sink.log[1]).toEqual(['1 up', 'J0_FIRE up']);
    expect(q.completed).toBe(3);
    expect(q.idle).toBe(true);
  });
});

describe('KeyQueue on the battle cartridge', { timeout: 60_000 }, () => {
  for (const [hold, gap] of [
    [1, 1],
    [2, 2],
  ] as const) {
    it(`types the manual's whole entry from SELECT GAME (hold ${hold}, gap ${gap}) and the mailbox shows exactly it`, () => {
      const m = bootCart();
      const q = new KeyQueue({ holdFrames: hold, gapFrames: gap });
      const ticket = q.tap(...ENTRY);
      const frames = runUntilIdle(m, q);
      expect(q.completed).toBe(ticket);
      expect(frames).toBe(ENTRY.length * (hold + gap));
      const mb = readMailbox(m.eram);
      expect(mb).toMatchObject({ ours: true, phase: 'entry' });
      expect(mb.red).toMatchObject({ weapon: 'T', energy: 2500 });
      expect(mb.blue).toMatchObject({ weapon: 'S', energy: 3000 });
    });
  }

  it('types the entry from live taps of 10 ms every 40 ms (shorter than a frame)', () => {
    const m = bootCart();
    const q = new KeyQueue();
    const frameMs = 1000 / 60;
    let now = 0;
    const events = ENTRY.flatMap((k, i) => [
      { at: 40 * i, key: k, down: true },
      { at: 40 * i + 10, key: k, down: false },
    ]);
    let next = 0;
    for (let f = 0; f < 200 && (next < events.length || !q.idle); f++) {
      now += frameMs;
      while (next < events.length && events[next].at < now) {
        const e = events[next++];
        if (e.down) q.press(e.key);
        else q.release(e.key);
      }
      q.beforeFrame(m);
      m.runFrame();
      q.afterFrame();
    }
    expect(q.idle).toBe(true);
    const mb = readMailbox(m.eram);
    expect(mb.red).toMatchObject({ weapon: 'T', energy: 2500 });
    expect(mb.blue).toMatchObject({ weapon: 'S', energy: 3000 });
  });

  for (const overlap of [false, true]) {
    it(`reaches the cartridge with rolled keys struck within one frame (${overlap ? 'overlapping' : 'back to back'})`, () => {
      const m = bootCart();
      const q = new KeyQueue();
      q.press('SPACE');
      q.release('SPACE');
      runUntilIdle(m, q);
      for (let f = 0; f < 10; f++) m.runFrame();
      // The whole red entry between the same two frames, the two 0s included.
      const keys = ['R', 'P', '4', '2', '0', '0'];
      keys.forEach((k, i) => {
        // Overlapping: each key goes down before the one before it comes up (a key cannot overlap itself).
        if (overlap && i > 0 && keys[i - 1] === k) q.release(k);
        q.press(k);
        if (overlap && i > 0 && keys[i - 1] !== k) q.release(keys[i - 1]);
        if (!overlap) q.release(k);
      });
      if (overlap) q.release('0');
      runUntilIdle(m, q);
      m.runFrame();
      const mb = readMailbox(m.eram);
      expect(mb.phase).toBe('entry');
      expect(mb.red).toMatchObject({ weapon: 'P', energy: 4200 });
    });
  }

  it('keeps the order of repeated keys struck between two frames (both sides of the entry at once)', () => {
    const m = bootCart();
    const q = new KeyQueue();
    for (const k of ['SPACE', 'R', 'P', '4', '2', '0', '0', 'B', 'T', '1', '9', '0', '0']) {
      q.press(k);
      q.release(k);
    }
    runUntilIdle(m, q);
    m.runFrame();
    const mb = readMailbox(m.eram);
    expect(mb.red).toMatchObject({ weapon: 'P', energy: 4200 });
    expect(mb.blue).toMatchObject({ weapon: 'T', energy: 1900 });
  });

  it('without the queue, a key set and cleared between two frames never reaches the cartridge', () => {
    const m = bootCart();
    m.setKey('SPACE', true);
    m.setKey('SPACE', false);
    for (let f = 0; f < 10; f++) m.runFrame();
    expect(readMailbox(m.eram).phase).not.toBe('entry');
    const q = new KeyQueue();
    q.tap('SPACE');
    runUntilIdle(m, q);
    expect(readMailbox(m.eram).phase).toBe('entry');
  });
});
