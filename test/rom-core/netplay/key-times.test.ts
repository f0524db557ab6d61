/**
 * The stick changes a network battle notes for the bench's key → other machine figure
 * (rom-core/netplay/key-times.ts): a read only when the stick changed; the other side's change when it
 * first runs, or at once when it came after its frame ran on a prediction; only the last 256 kept.
 */
import { describe, expect, it } from 'vitest';
import { KeyTimes } from '../../../rom-core/netplay/index.ts';

describe('key times', () => {
  it('notes changes only, the other side at the frame run with it', () => {
    let t = 1000;
    const k = new KeyTimes(() => t);
    k.localRead(2, 0, 0);
    k.localRead(3, 4, 0);
    t = 1016;
    k.localRead(4, 4, 4);
    // Came before frame 9 ran (the next to run is 5): noted when 9 runs.
    k.remoteChanged(9, 5);
    t = 1100;
    k.frameRan(8);
    k.frameRan(9);
    k.frameRan(9);
    // Came after frame 3 ran on a prediction: noted now (the rollback runs it again next).
    t = 1200;
    k.remoteChanged(3, 10);
    expect(k.figures()).toEqual({
      read: [[3, 1000]],
      ran: [
        [9, 1100],
        [3, 1200],
      ],
    });
  });

  it('keeps the last 256', () => {
    const k = new KeyTimes(() => 0);
    for (let f = 1; f <= 300; f++) k.localRead(f, f & 1, (f - 1) & 1);
    const read = k.figures().read;
    expect(read.length).toBe(256);
    expect(read[0][0]).toBe(45);
    expect(read.at(-1)![0]).toBe(300);
  });
});
