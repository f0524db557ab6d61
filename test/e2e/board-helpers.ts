import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { readGameDocument, parseEnvelope } from '../../board/index.ts';
import type { GameState } from '../../board/index.ts';

/** The board's autosave as the page's IndexedDB holds it now (the envelope's text), or null. */
export function savedBoardText(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('o2conquest-board');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const v = await new Promise<unknown>((resolve) => {
      const q = db.transaction('saves').objectStore('saves').get('current');
      q.onsuccess = () => resolve(q.result);
      q.onerror = () => resolve(null);
    });
    db.close();
    return typeof v === 'string' ? v : null;
  });
}

/** The game inside a board save's text, or null when it cannot be read. */
export function gameOfSave(text: string): GameState | null {
  const session = parseEnvelope(text).engine as { game: unknown };
  const r = readGameDocument(session.game);
  return r.ok ? r.state : null;
}

/** The game as the page autosaved it, once the save holds as many log lines as the page shows. */
export async function autosavedGame(page: Page): Promise<GameState> {
  let state: GameState | null = null;
  await expect
    .poll(
      async () => {
        const shown = await page.locator('.bv-log-list li').count();
        const text = await savedBoardText(page);
        const r = text ? gameOfSave(text) : null;
        state = r;
        return r !== null && r.log.length === shown;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  return state!;
}
