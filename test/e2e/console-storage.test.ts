/**
 * Storage faults beyond a full quota (console-tools.test.ts has that one): IndexedDB refused as in
 * private modes, another tab upgrading the storage, and a slot save cut off by closing the tab. In
 * each the game goes on, nothing saved earlier is lost, and the page says what happened.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, browserForTests } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';

const message = (page: Page) => page.locator('#console-message');

async function open(browser: Browser, init?: () => void): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(appUrl('/?cart=console-test#/console'));
  await waitReady(page);
  return { page, errors };
}

async function saveSlot(page: Page): Promise<number> {
  await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(false));
  await page.locator('#console-save').click();
  await poll(() => message(page).textContent()).toMatch(/^Saved in slot 1 \(frame \d+\)\.$/);
  return Number(/frame (\d+)/.exec((await message(page).textContent())!)![1]);
}

describe('console storage faults', () => {
  const browser = browserForTests();

  for (const [how, init] of [
    [
      'refuses to open (a private mode)',
      () => {
        Object.defineProperty(IDBFactory.prototype, 'open', {
          configurable: true,
          value() {
            const req = {
              error: new DOMException(
                'A mutation operation was attempted on a database that did not allow mutations.',
                'InvalidStateError',
              ),
            } as unknown as IDBOpenDBRequest;
            setTimeout(() => (req.onerror as (() => void) | null)?.(), 0);
            return req;
          },
        });
      },
    ],
    [
      'throws on open',
      () => {
        Object.defineProperty(IDBFactory.prototype, 'open', {
          configurable: true,
          value() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      },
    ],
  ] as const) {
    it(`IndexedDB that ${how}: the console runs our ROMs, says so, and slots say to download instead`, async () => {
      const { page, errors } = await open(browser(), init);
      expect(await message(page).getAttribute('data-kind')).toBe('error');
      expect(await message(page).textContent()).toMatch(
        /^The ROM library \(browser storage\) is not available: browser storage is unavailable \(.+\)\. Our own ROMs are used and nothing is saved in this browser; “Download state” still keeps a moment as a file\.$/,
      );
      const shown = await page.evaluate(() => window.__o2console!.shownFrame);
      await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(shown + 10);
      await page.locator('#console-save').click();
      await poll(() => message(page).textContent()).toBe(
        'Saving in slots needs IndexedDB, which this browser does not offer; use “Download state”.',
      );
      expect(errors).toEqual([]);
    });
  }

  it('another tab upgrading the storage is not blocked; this page lets go, says so, and the saved slot survives', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(appUrl('/?cart=console-test#/console'));
    await waitReady(page);
    const frame = await saveSlot(page);
    // A newer build in a second tab opens the same database one version up.
    const other = await context.newPage();
    await other.goto(appUrl('/404-not-the-app'));
    const upgrade = await other.evaluate(
      () =>
        new Promise<{ outcome: string; slots: number }>((resolve) => {
          const req = indexedDB.open('o2conquest-console', 2);
          req.onblocked = () => resolve({ outcome: 'blocked', slots: -1 });
          req.onerror = () => resolve({ outcome: `error ${req.error?.name}`, slots: -1 });
          req.onsuccess = () => {
            const get = req.result.transaction('states', 'readonly').objectStore('states').getAll();
            get.onsuccess = () => {
              // The user's slots only: the page's resume autosave (slot 6, src/console/resume.ts) may be there too.
              const users = (get.result as { slot: number }[]).filter((r) => r.slot >= 1 && r.slot <= 4);
              resolve({ outcome: 'opened', slots: users.length });
              req.result.close();
            };
          };
        }),
    );
    expect(upgrade).toEqual({ outcome: 'opened', slots: 1 });
    await poll(() => message(page).textContent()).toBe(
      'Browser storage closed: another tab upgraded the browser storage, so this page let go of it; reload to save again. The game goes on; “Download state” still keeps a moment as a file.',
    );
    // Saving now is refused with the reason, and the game still runs.
    await page.locator('#console-save').click();
    await poll(() => message(page).textContent()).toMatch(
      /^Slot 1 was not saved \(another tab upgraded the browser storage, so this page let go of it; reload to save again\)\. Its previous contents are unchanged/,
    );
    await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(true));
    const shown = await page.evaluate(() => window.__o2console!.shownFrame);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(shown + 10);
    expect(frame).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('a slot save cut off by closing the tab: the next start says so and the slot keeps its earlier state', async () => {
    const { page, errors } = await open(browser());
    const frame = await saveSlot(page);
    // What the page leaves behind when the tab closes between starting a slot write and its commit:
    // the marker of the write under way (the write itself, one transaction, never lands).
    await page.evaluate(async () => {
      const machine = await new Promise<string>((resolve, reject) => {
        const req = indexedDB.open('o2conquest-console', 1);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('states', 'readonly').objectStore('states').getAll();
          all.onsuccess = () => {
            resolve((all.result[0] as { machine: string }).machine);
            req.result.close();
          };
        };
      });
      localStorage.setItem(
        'o2conquest.console.saving',
        JSON.stringify({ machine, slot: 1, frame: 99999, startedAt: Date.now() }),
      );
    });
    await page.reload();
    await waitReady(page);
    expect(await message(page).getAttribute('data-kind')).toBe('error');
    expect(await message(page).textContent()).toMatch(
      new RegExp(
        `^Saving in slot 1 \\(frame 99999\\) did not finish: the page was closed while it was being written\\. Slot 1 still holds its earlier state \\(frame ${frame}, saved .+\\); nothing saved earlier was lost\\.$`,
      ),
    );
    await page.locator('#console-load').click();
    await poll(() => message(page).textContent()).toBe(`Loaded the state from slot 1 (frame ${frame}).`);
    // Said once: the next start is quiet.
    await page.reload();
    await waitReady(page);
    expect(await message(page).textContent()).not.toContain('did not finish');
    expect(errors).toEqual([]);
  });
});
