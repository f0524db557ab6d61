import { describe, expect, it } from 'vitest';
import { Pacer } from '../../../src/worker/pacer.ts';

describe('Pacer', () => {
  it('runs one frame per period on time', () => {
    const p = new Pacer(10);
    p.restart(0);
    expect(p.due(0)).toBe(1);
    expect(p.wait(0)).toBe(10);
    expect(p.due(5)).toBe(0);
    expect(p.due(10)).toBe(1);
    expect(p.due(29.9)).toBe(1);
    expect(p.dropped).toBe(0);
  });

  it('catches up at most maxCatchUp frames after a stall and counts the rest as dropped', () => {
    const p = new Pacer(10, 3);
    p.restart(0);
    p.due(0);
    expect(p.due(100)).toBe(3); // 10 were due
    expect(p.dropped).toBe(7);
    expect(p.wait(100)).toBe(10);
    expect(p.due(110)).toBe(1);
  });

  it('keeps the long-run rate exact', () => {
    const p = new Pacer(1000 / 60);
    p.restart(0);
    let frames = 0;
    for (let t = 0; t < 10_000; t += 7) frames += p.due(t);
    expect(frames).toBe(600);
    expect(p.dropped).toBe(0);
  });

  it('restart forgets the time spent paused', () => {
    const p = new Pacer(10);
    p.restart(0);
    p.due(0);
    p.restart(5000);
    expect(p.due(5000)).toBe(1);
    expect(p.dropped).toBe(0);
  });

  it('pulls the next frame forward for input at most once a period, keeping the long-run rate', () => {
    const p = new Pacer(10);
    p.restart(0);
    expect(p.due(0)).toBe(1);
    expect(p.pullForward(2)).toBe(true); // frame 2 (due at 10) runs at 2
    expect(p.pullForward(3)).toBe(false); // frame 3 is a whole period away: not again
    expect(p.due(10)).toBe(0); // its slot is taken
    expect(p.wait(10)).toBe(10);
    expect(p.due(20)).toBe(1);
    expect(p.pullForward(20)).toBe(true);
    expect(p.pullForward(29)).toBe(false);
    expect(p.due(30)).toBe(0);
    expect(p.due(40)).toBe(1);
    let frames = 5;
    for (let t = 21; t < 10_000; t += 1) {
      if (t % 37 === 0) frames += p.pullForward(t) ? 1 : 0;
      frames += p.due(t);
    }
    expect(frames).toBe(1000);
    expect(p.dropped).toBe(0);
  });

  it('waits whole milliseconds, so a timer whose delay the browser truncates never wakes before its frame is due', () => {
    const p = new Pacer(1000 / 60);
    p.restart(0.3);
    let now = 0.3;
    let frames = p.due(now);
    for (let wakes = 0; wakes < 600; wakes++) {
      const wait = p.wait(now);
      expect(Number.isInteger(wait)).toBe(true);
      // The browser's timer fires after Math.trunc(delay) milliseconds, on time.
      now += Math.trunc(wait);
      const due = p.due(now);
      expect(due).toBe(1);
      frames += due;
    }
    expect(frames).toBe(601);
  });
});
