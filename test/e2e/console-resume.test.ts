/**
 * Resume on reload: the console page autosaves into a slot of its own (6), a reload goes on from
 * there (the battle cartridge's half-typed entry is still on the screen, the frame count is not back
 * at power-on), the message line says so and offers to start afresh, which does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { autosavedAfter, mailbox, poll, waitReady } from './console-helpers.ts';

const RESUME_SLOT = 6;
const frame = (page: Page) => page.evaluate(() => window.__o2console!.shownFrame);
const entry = async (page: Page): Promise<string> => {
  const m = await mailbox(page);
  return `${m.phase} ${m.red.weapon} ${m.red.energy}`;
};

describe('console resume on reload', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a reload goes on where the player was, says so, and "Start afresh" powers the console on anew', async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle#/console');
    await waitReady(page);
    // From SELECT GAME into the entry screen, and half an entry typed: red's weapon and two digits.
    await poll(() => frame(page)).toBeGreaterThan(40);
    await page.keyboard.press('Space');
    await poll(async () => (await mailbox(page)).phase).toBe('entry');
    for (const code of ['KeyR', 'KeyT', 'Digit2', 'Digit5']) await page.keyboard.press(code);
    // Every key typed has reached the cartridge before the moment is taken: waiting only for the first
    // digit let the autosave (and so the resumed entry) hold "25" while the page had read "2".
    const typed = 'entry T 25';
    await poll(() => entry(page)).toBe(typed);
    const typedAt = await frame(page);
    // The console's own slot holds a moment after the typing (an autosave comes about once a second).
    await poll(() => autosavedAfter(page, RESUME_SLOT, typedAt)).toBe(true);
    expect(await autosavedAfter(page, 0, -1)).toBe(false); // not the table's slot
    expect(await autosavedAfter(page, 1, -1)).toBe(false); // nor the user's

    // The page's own autosave leaves no "save under way" marker: a reload in the middle of one is not a
    // lost save, so the next start resumes instead of saying one was cut off.
    const marker = await page.evaluate(
      (slot) =>
        new Promise<string | null>((resolve) => {
          const put = IDBObjectStore.prototype.put;
          IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
            if ((value as { slot?: number }).slot === slot) {
              IDBObjectStore.prototype.put = put;
              resolve(localStorage.getItem('o2conquest.console.saving'));
            }
            return put.call(this, value, key);
          };
        }),
      RESUME_SLOT,
    );
    expect(marker).toBeNull();

    await page.reload();
    await waitReady(page);
    const message = page.locator('#console-message');
    expect(await message.textContent()).toMatch(/^Resumed at frame \d+\. Start afresh$/);
    const resumedAt = Number(/frame (\d+)/.exec((await message.textContent()) ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(typedAt);
    expect(await frame(page)).toBeGreaterThanOrEqual(resumedAt);
    expect(await entry(page)).toBe(typed);

    await page.locator('#console-afresh').click();
    await poll(() => message.textContent()).toBe('Started afresh (switched off and on).');
    // Power-on again: the frame count starts over and the cartridge is back before its entry screen.
    await poll(async () => (await frame(page)) < resumedAt && (await mailbox(page)).phase !== 'entry').toBe(true);
    expect(errors).toEqual([]);
  });
});
