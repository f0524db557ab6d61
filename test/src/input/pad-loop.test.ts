import { describe, expect, it } from 'vitest';
import { PadLoop } from '../../../src/input/pad-loop.ts';
import type { FrameSource } from '../../../src/input/pad-loop.ts';

/** Animation frames by hand: `tick` runs the callbacks asked for before it, as one display refresh does. */
class FakeFrames implements FrameSource {
  private next = 1;
  readonly waiting = new Map<number, () => void>();
  request(callback: () => void): number {
    const id = this.next++;
    this.waiting.set(id, callback);
    return id;
  }
  cancel(id: number): void {
    this.waiting.delete(id);
  }
  tick(): void {
    const due = [...this.waiting.values()];
    this.waiting.clear();
    for (const f of due) f();
  }
}

function setup(pads: { count: number }) {
  const frames = new FakeFrames();
  const events = new EventTarget();
  let polls = 0;
  const loop = new PadLoop(
    () => {
      polls++;
      return pads.count > 0;
    },
    events,
    frames,
  );
  return { frames, events, loop, polls: () => polls };
}

describe('PadLoop: gamepads polled only while one is connected', () => {
  it('looks once at start, then asks for no animation frame while no pad is connected', () => {
    const { frames, loop, polls } = setup({ count: 0 });
    expect(frames.waiting.size).toBe(1);
    frames.tick();
    expect(polls()).toBe(1);
    expect(frames.waiting.size).toBe(0);
    expect(loop.awake).toBe(false);
    for (let i = 0; i < 10; i++) frames.tick();
    expect(polls()).toBe(1);
    expect(loop.frames).toBe(1);
  });

  it('polls every frame from a gamepadconnected event until the pad is gone', () => {
    const pads = { count: 0 };
    const { frames, events, polls } = setup(pads);
    frames.tick();
    pads.count = 1;
    events.dispatchEvent(new Event('gamepadconnected'));
    for (let i = 0; i < 5; i++) {
      expect(frames.waiting.size).toBe(1);
      frames.tick();
    }
    expect(polls()).toBe(6);
    pads.count = 0;
    events.dispatchEvent(new Event('gamepaddisconnected'));
    frames.tick(); // the last poll: releases what the pad held
    expect(polls()).toBe(7);
    expect(frames.waiting.size).toBe(0);
  });

  it('keeps polling a pad the browser already reports at start', () => {
    const { frames, polls } = setup({ count: 1 });
    for (let i = 0; i < 3; i++) frames.tick();
    expect(polls()).toBe(3);
    expect(frames.waiting.size).toBe(1);
  });

  it('asks for one frame however often it is woken, and for none once stopped', () => {
    const { frames, events, loop } = setup({ count: 0 });
    loop.wake();
    events.dispatchEvent(new Event('gamepadconnected'));
    expect(frames.waiting.size).toBe(1);
    loop.stop();
    expect(frames.waiting.size).toBe(0);
    events.dispatchEvent(new Event('gamepadconnected'));
    loop.wake();
    expect(frames.waiting.size).toBe(0);
  });
});
