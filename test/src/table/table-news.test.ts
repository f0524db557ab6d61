/**
 * The table's texts that hold only for a moment (issue 35 item 5): a decided war's result is said while the
 * game is still at its step, and the console's "goes on from its autosave" until the game or the battle
 * moves on after the reload.
 */
import { describe, expect, it } from 'vitest';
import { TableNews } from '../../../src/table/table-news.ts';
import type { ViewState } from '../../../src/board-view/types.ts';

const at = (lines: number): ViewState => ({ log: Array.from({ length: lines }, (_, i) => `line ${i}`) }) as ViewState;

describe('TableNews', () => {
  it("a result holds until the game's next step, and again for the next result", () => {
    const news = new TableNews();
    expect(news.resultHolds(at(5), 'result')).toBe(true);
    expect(news.resultHolds(at(5), 'result')).toBe(true);
    // The next player's move: the war's last battle is no longer the news.
    expect(news.resultHolds(at(6), 'result')).toBe(false);
    expect(news.resultHolds(at(6), 'ready')).toBe(false);
    expect(news.resultHolds(at(9), 'result')).toBe(true);
  });

  it("the autosave's note holds through the battle taken up, not past the game's next step or its end", () => {
    const news = new TableNews();
    news.noted('The console goes on from its autosave (frame 9).');
    // Before the board has resumed its game nothing is measured (the log grows when it is read back).
    expect(news.stale(at(0), 'ready', false)).toBeNull();
    expect(news.stale(at(4), 'fighting', true)).toBeNull();
    expect(news.stale(at(4), 'enter', true)).toBeNull();
    expect(news.stale(at(4), 'result', true)).toBe('The console goes on from its autosave (frame 9).');
    // Said once: cleared, then forgotten.
    expect(news.stale(at(5), 'result', true)).toBeNull();
    news.noted('again');
    expect(news.stale(at(5), 'ready', true)).toBeNull();
    expect(news.stale(at(6), 'ready', true)).toBe('again');
  });
});
