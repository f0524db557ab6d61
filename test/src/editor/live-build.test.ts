import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Debounced, Newest, REBUILD_DELAY_MS } from '../../../src/editor/live-build.ts';

describe('rebuilding as the user types', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds once, the delay after the last keystroke, not once per key', () => {
    const action = vi.fn();
    const d = new Debounced(REBUILD_DELAY_MS, action);
    for (let i = 0; i < 5; i++) {
      d.poke();
      vi.advanceTimersByTime(REBUILD_DELAY_MS - 1);
    }
    expect(action).not.toHaveBeenCalled();
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
    expect(d.pending).toBe(false);
  });

  it('a build asked for at once (Ctrl+Enter) cancels the pending one', () => {
    const action = vi.fn();
    const d = new Debounced(REBUILD_DELAY_MS, action);
    d.poke();
    d.cancel();
    vi.advanceTimersByTime(REBUILD_DELAY_MS * 2);
    expect(action).not.toHaveBeenCalled();
    expect(d.pending).toBe(false);
  });

  it('only the newest build begun is current', () => {
    const n = new Newest();
    const first = n.begin();
    expect(first()).toBe(true);
    const second = n.begin();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
  });
});
