/**
 * A new table's first minute on #/table, as people start it: they type their names while the console is
 * still starting, and the console coming up does not take the keyboard from them (it used to move the
 * focus to the screen, so the rest of a name went to the machine). Then "Start game", and the digits
 * the board asks for (rule 2: "Keys 0–9 enter Ann's call") reach the board, not the console.
 * The console's start is held (its worker script is kept back) until the names are typed, so the test
 * does not depend on which comes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { waitReady } from './console-helpers.ts';
import { shot } from './shots.ts';

const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

describe('a new table starting', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the keyboard where people put it while the console starts; the first digits reach the board', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await context.route(/emulator\.worker/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const { page, errors } = await openApp(context, '/?cart=battle#/table');

    await page.locator('#bv-name-0').fill('Ann');
    await page.locator('#bv-name-1').click();
    await page.keyboard.type('Bo');
    // The console has not started: its worker is still held back.
    await expect.poll(() => asked).toBe(true);
    expect(await page.evaluate(() => window.__o2console?.ready ?? false)).toBe(false);
    release();
    await waitReady(page);
    expect(await focused(page)).toBe('bv-name-1');
    await page.keyboard.type('b');
    expect(await page.locator('#bv-name-1').inputValue()).toBe('Bob');

    await page.locator('[data-key="start"]').click();
    await page.locator('.bv[data-phase="first-player"]').waitFor();
    expect(await page.locator('.bv').textContent()).toContain("Keys 0–9 enter Ann's call.");
    await page.keyboard.press('3');
    await page.keyboard.press('7');
    await expect.poll(() => page.locator('.bv-log-list').textContent()).toContain('Bob calls 7');
    expect(await page.locator('.bv-log-list').textContent()).toContain('Ann calls 3');
    await shot(page, 'table-start-1280x800.png');
    expect(errors).toEqual([]);
    await context.close();
  });
});
