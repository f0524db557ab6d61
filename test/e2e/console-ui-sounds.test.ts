import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForTests, openApp } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';

interface Probe {
  started: { click: number; confirm: number; error: number };
  withheld: number;
  lastLevel: number | undefined;
}

const probe = (page: Page): Promise<Probe> =>
  page.evaluate(() => JSON.parse(JSON.stringify(window.__o2uiSounds)) as Probe);

describe('interface sounds (howler)', () => {
  const browser = browserForTests();

  it('console: nothing before a gesture; a save plays a Howl at the slider volume; mute silences it; the setting turns them off and persists', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    // A script's click is no user gesture: the save happens, the sound is withheld.
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('#console-save')!.click());
    await poll(() => page.locator('#console-message').textContent()).toMatch(/^Saved in slot 1/);
    expect(await probe(page)).toMatchObject({ started: { click: 0, confirm: 0, error: 0 }, withheld: 1 });

    await page.locator('#console-volume').fill('0.5');
    await page.locator('#console-save').click();
    await poll(async () => (await probe(page)).started.click).toBe(1);
    expect((await probe(page)).lastLevel).toBe(0.5);

    await page.locator('#console-mute').check();
    await page.locator('#console-screenshot').click();
    await poll(async () => (await probe(page)).started.click).toBe(2);
    expect((await probe(page)).lastLevel).toBe(0);
    await page.locator('#console-mute').uncheck();
    await page.locator('#console-load').click();
    await poll(async () => (await probe(page)).started.click).toBe(3);
    expect((await probe(page)).lastLevel).toBe(0.5);

    await page.locator('#console-ui-sounds').uncheck();
    const before = await probe(page);
    await page.locator('#console-save').click();
    await poll(async () => (await probe(page)).withheld).toBe(before.withheld + 1);
    expect((await probe(page)).started).toEqual(before.started);
    await page.reload();
    await waitReady(page);
    expect(await page.locator('#console-ui-sounds').isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('board view: an accepted action chimes, a refused one buzzes, and the console’s saved mute silences both', async () => {
    const { page, errors } = await openApp(browser(), '/#/board');
    await page.locator('.bv[data-ready="true"]').waitFor();
    const key = (k: string) => page.locator(`[data-key="${k}"]`);
    await key('name-0').fill('Ann');
    await key('name-1').fill('Bob');
    await key('start').click();
    await poll(async () => (await probe(page)).started.confirm).toBe(1);
    expect((await probe(page)).lastLevel).toBeGreaterThan(0);
    // Homelands: United States for the first player is accepted ...
    await key('call-Ann-3').click();
    await key('call-Bob-7').click();
    await key('readout-4').click();
    const accepted = (await probe(page)).started.confirm;
    expect(accepted).toBeGreaterThan(1);
    await page.locator('.bv-world [data-country="United States"]').click();
    await poll(async () => (await probe(page)).started.confirm).toBe(accepted + 1);
    // ... and ticking a home alliance outside the home zone is refused (rule 4A).
    await page.locator('.bv-world [data-country="U.S.S.R."]').click();
    await page.locator('.bv-world [data-country="China"]').click();
    await poll(async () => (await probe(page)).started.error).toBe(1);

    await page.evaluate(() => localStorage.setItem('o2conquest.console.muted', '1'));
    await page.reload();
    await page.locator('.bv[data-ready="true"]').waitFor();
    await page.locator('.bv-world [data-country="China"]').click();
    // A new page load: the counter starts again at 0.
    await poll(async () => (await probe(page)).started.error).toBe(1);
    expect((await probe(page)).lastLevel).toBe(0);
    expect(errors).toEqual([]);
  });
});
