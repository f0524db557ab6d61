/**
 * The one machine and its input: the page has the keyboard on load (SPACE works without a click),
 * taps shorter than a frame reach the machine through the worker's key queue (10 ms taps every 40 ms
 * type the manual's whole entry), and moving between pages never resets the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { mailbox, pause, poll, waitReady } from './console-helpers.ts';

const frame = (page: Page) => page.evaluate(() => window.__o2console!.shownFrame);

/** Program entry from SELECT GAME with the first key pressed on the page, no click before it. */
async function toEntry(page: Page): Promise<void> {
  // SELECT GAME is up after about half a second (the BIOS start); the cartridge then takes keys.
  await poll(() => frame(page)).toBeGreaterThan(40);
  await page.keyboard.press('Space');
  await poll(async () => (await mailbox(page)).phase).toBe('entry');
}

describe('console input and the one machine', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('types the manual entry from 10 ms taps at 40 ms intervals, with no click first', async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle#/console');
    await waitReady(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('console-screen');
    await toEntry(page);
    // Each tap is down for 10 ms (under a frame, 16.7 ms) and the next starts 40 ms after the last.
    for (const code of [
      'KeyR',
      'KeyT',
      'Digit2',
      'Digit5',
      'Digit0',
      'Digit0',
      'KeyB',
      'KeyS',
      'Digit3',
      'Digit0',
      'Digit0',
      'Digit0',
    ]) {
      await page.keyboard.down(code);
      await page.waitForTimeout(10);
      await page.keyboard.up(code);
      await page.waitForTimeout(30);
    }
    await poll(async () => {
      const m = await mailbox(page);
      return `${m.red.weapon} ${m.red.energy} ${m.blue.weapon} ${m.blue.energy}`;
    }).toBe('T 2500 S 3000');
    // Rewind: holding ` runs the game backwards (the entry typed comes undone); let go, it plays on.
    const typed = await frame(page);
    await page.keyboard.down('Backquote');
    await poll(() => frame(page)).toBeLessThan(typed - 40);
    await page.keyboard.up('Backquote');
    expect((await mailbox(page)).blue.energy).not.toBe(3000);
    const back = await frame(page);
    await poll(() => frame(page)).toBeGreaterThan(back + 5);
    // Paused, each press of ` goes one frame back and stays paused; Step back goes one instruction back,
    // the last of the frame before (which is then the frame under way).
    const paused = await pause(page);
    await page.keyboard.press('Backquote');
    await poll(() => frame(page)).toBe(paused - 1);
    await page.keyboard.press('Backquote');
    await poll(() => frame(page)).toBe(paused - 2);
    const info = await page.evaluate(async () => {
      const api = window.__o2console!.runtime()!.api;
      return { frame: (await api.debugInfo()).frame, back: (await api.stepBack()).frame };
    });
    expect(info).toEqual({ frame: paused - 2, back: paused - 2 });
    expect(errors).toEqual([]);
  }, 60_000);

  it('keeps rolled keys: the whole entry struck back to back with no pause between keys', async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle#/console');
    await waitReady(page);
    await toEntry(page);
    // keyboard.press is a keydown and keyup with nothing between: many keys land between two frames.
    for (const code of [
      'KeyR',
      'KeyP',
      'Digit4',
      'Digit2',
      'Digit0',
      'Digit0',
      'KeyB',
      'KeyT',
      'Digit1',
      'Digit9',
      'Digit0',
      'Digit0',
    ]) {
      await page.keyboard.press(code);
    }
    await poll(async () => {
      const m = await mailbox(page);
      return `${m.red.weapon} ${m.red.energy} ${m.blue.weapon} ${m.blue.energy}`;
    }).toBe('P 4200 T 1900');
    expect(errors).toEqual([]);
  }, 60_000);

  it('leaving the console for the board and coming back goes on with the same machine', async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle#/console');
    await waitReady(page);
    await toEntry(page);
    for (const code of ['KeyR', 'KeyP', 'Digit7']) {
      await page.keyboard.down(code);
      await page.waitForTimeout(10);
      await page.keyboard.up(code);
      await page.waitForTimeout(30);
    }
    await poll(async () => (await mailbox(page)).red.energy).toBe(7);
    const before = await frame(page);
    await page.evaluate(() => {
      location.hash = '#/board';
    });
    await page.locator('.bv[data-ready="true"]').waitFor();
    expect(await page.evaluate(() => window.__o2console!.shownOn)).toBe('');
    await page.evaluate(() => {
      location.hash = '#/console';
    });
    await page.locator('#console-screen canvas').waitFor();
    await poll(() => frame(page)).toBeGreaterThan(before);
    // The same program entry, not SELECT GAME: the machine was paused while away, never reset.
    const m = await mailbox(page);
    expect([m.phase, m.red.weapon, m.red.energy]).toEqual(['entry', 'P', 7]);
    // And the table shows that same machine.
    await page.evaluate(() => {
      location.hash = '#/table';
    });
    await page.locator('.tb-console canvas').waitFor();
    expect(await page.evaluate(() => window.__o2console!.shownOn)).toBe('table');
    const t = await mailbox(page);
    expect([t.phase, t.red.weapon, t.red.energy]).toEqual(['entry', 'P', 7]);
    expect(errors).toEqual([]);
  }, 60_000);
});
