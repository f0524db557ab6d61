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
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('marks each save while it runs; after a cut-off save the next start says so once and resumes the save before it', async () => {
    const context = await browser.newContext();
    // Records every marker write, to see that the save sets it before writing and clears it after.
    await context.addInitScript(() => {
      const w = window as unknown as { __marks: string[] };
      w.__marks = [];
      const set = Storage.prototype.setItem;
      const remove = Storage.prototype.removeItem;
      Storage.prototype.setItem = function (k: string, v: string) {
        if (k === 'o2conquest.board.saving') w.__marks.push('set');
        return set.call(this, k, v);
      };
      Storage.prototype.removeItem = function (k: string) {
        if (k === 'o2conquest.board.saving') w.__marks.push('remove');
        return remove.call(this, k);
      };
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
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __marks: string[] }).__marks.join(' ')))
      .toMatch(/^set remove( set remove)*$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), MARKER)).toBeNull();

    // What a tab closed between starting a save and its commit leaves: the marker, and the save before.
    await page.evaluate(
      (k) => localStorage.setItem(k, JSON.stringify({ startedAt: new Date().toISOString() })),
      MARKER,
    );
    await page.reload();
    await ready(page);
    await expect
      .poll(() => notice(page).textContent())
      .toMatch(
        /^The last autosave \(started .+\) did not finish: the page was closed while it was being written\. Resumed the game as it was saved before it; the last step may be missing\./,
      );
    expect(await page.locator('.bv').getAttribute('data-phase')).toBe('first-player');
    expect(await page.evaluate((k) => localStorage.getItem(k), MARKER)).toBeNull();

    // Said once.
    await page.reload();
    await ready(page);
    await expect.poll(() => notice(page).textContent()).toMatch(/^Resumed the saved game\./);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two tabs on one game: the second says the game is played elsewhere and takes it over on request; neither overwrites the other', async () => {
    const context = await browser.newContext();
    const errors: string[] = [];
    const open = async (): Promise<Page> => {
      const p = await context.newPage();
      p.on('pageerror', (e) => errors.push(String(e)));
      await p.goto(appUrl('/#/board'));
      await ready(p);
      return p;
    };
    const tab = (p: Page) => p.locator('.bv').getAttribute('data-tab');
    const phase = (p: Page) => p.locator('.bv').getAttribute('data-phase');
    const calls = (p: Page) => p.locator('[data-call]').allTextContents();

    const a = await open();
    await expect.poll(() => tab(a)).toBe('owned');
    await key(a, 'name-0').fill('Ann');
    await key(a, 'name-1').fill('Bob');
    await key(a, 'start').click();
    await expect.poll(() => phase(a)).toBe('first-player');

    // The second tab shows no game to play, only where it is and how to take it over.
    const b = await open();
    await expect.poll(() => tab(b)).toBe('elsewhere');
    expect(await b.locator('.bv-elsewhere h2').textContent()).toBe('This game is open in another tab');
    expect(await b.locator('[data-key^="call-"]').count()).toBe(0);
    // A key pressed there changes nothing (the game is refused with a sentence).
    await b.keyboard.press('7');
    await expect.poll(() => notice(b).textContent()).toMatch(/played in another tab of this browser/);

    // Ann calls 3 in the first tab; the second takes over and sees it.
    await key(a, 'call-Ann-3').click();
    await expect.poll(() => calls(a)).toEqual(['3']);
    await key(b, 'take-over').click();
    await expect.poll(() => tab(b)).toBe('owned');
    await expect.poll(() => tab(a)).toBe('taken');
    expect(await a.locator('.bv-elsewhere h2').textContent()).toBe('This game moved to another tab');
    await expect.poll(() => calls(b)).toEqual(['3']);

    // Bob calls 5 in the second tab; the first can't change the game any more, so it can't undo his call in the save.
    await key(b, 'call-Bob-5').click();
    await expect.poll(() => calls(b)).toEqual(['3', '5']);
    await a.keyboard.press('u');
    await expect.poll(() => notice(a).textContent()).toMatch(/played in another tab of this browser/);
    await b.reload();
    await ready(b);
    await expect.poll(() => calls(b)).toEqual(['3', '5']);

    // And back: the first tab takes over and finds Bob's call.
    await key(a, 'take-over').click();
    await expect.poll(() => tab(a)).toBe('owned');
    await expect.poll(() => calls(a)).toEqual(['3', '5']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
