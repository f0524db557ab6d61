/**
 * The board's autosave cut off by closing the tab (issue 14 item 8): each save is one IndexedDB
 * transaction with a marker in localStorage while it runs; the next start finds the marker of a save
 * that never finished, says so once, and resumes the game saved before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launchBrowser } from './browser.ts';

const key = (page: Page, k: string) => page.locator(`[data-key="${k}"]`);
const notice = (page: Page) => page.locator('.bv-notice');
const MARKER = 'o2conquest.board.saving';

async function ready(page: Page): Promise<void> {
  await page.locator('.bv[data-ready="true"]').waitFor();
}

describe('board autosave cut off by closing the tab', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('marks each save while it runs; after a cut-off save the next start says so once and resumes the save before it', async () => {
    const context = await browser.newContext();
    // Records every marker write, to see that the save sets it before writing and clears it after.
    await context.addInitScript(() => {
      const w = window as unknown as { __marks: string[] };
      w.__marks = [];
      const set = Storage.prototype.setItem;
      const remove = Storage.prototype.removeItem;
      Storage.prototype.setItem = function (k: string, v: string) { if (k === 'o2conquest.board.saving') w.__marks.push('set'); return set.call(this, k, v); };
      Storage.prototype.removeItem = function (k: string) { if (k === 'o2conquest.board.saving') w.__marks.push('remove'); return remove.call(this, k); };
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(appUrl('/#/board'));
    await ready(page);
    await key(page, 'name-0').fill('Ann');
    await key(page, 'name-1').fill('Bob');
    await key(page, 'start').click();
    await expect.poll(() => page.locator('.bv').getAttribute('data-phase')).toBe('first-player');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __marks: string[] }).__marks.join(' '))).toMatch(/^set remove( set remove)*$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), MARKER)).toBeNull();

    // What a tab closed between starting a save and its commit leaves: the marker, and the save before.
    await page.evaluate((k) => localStorage.setItem(k, JSON.stringify({ startedAt: new Date().toISOString() })), MARKER);
    await page.reload();
    await ready(page);
    await expect.poll(() => notice(page).textContent()).toMatch(/^The last autosave \(started .+\) did not finish: the page was closed while it was being written\. Resumed the game as it was saved before it; the last step may be missing\./);
    expect(await page.locator('.bv').getAttribute('data-phase')).toBe('first-player');
    expect(await page.evaluate((k) => localStorage.getItem(k), MARKER)).toBeNull();

    // Said once.
    await page.reload();
    await ready(page);
    await expect.poll(() => notice(page).textContent()).toMatch(/^Resumed the saved game\./);
    expect(errors).toEqual([]);
    await context.close();
  });
});
