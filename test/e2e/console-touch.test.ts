import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { appUrl, launchBrowser } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';

type Box = [left: number, top: number, right: number, bottom: number];

describe('console on a touch tablet', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  for (const [width, height] of [[1024, 768], [768, 1024]] as const) {
    it(`${width}×${height} with touch: the picture, the on-screen keyboard and the stick are all fully in view at once`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(appUrl('/?cart=console-test#/console'));
        await waitReady(page);
        expect(await page.locator('.o2-touch').isVisible()).toBe(true);
        const boxes = (): Promise<Record<'canvas' | 'keyboard' | 'stick' | 'reset', Box> & { scrollY: number }> => page.evaluate(() => {
          const box = (s: string): Box => {
            const r = document.querySelector(s)!.getBoundingClientRect();
            return [r.left, r.top, r.right, r.bottom];
          };
          return { canvas: box('#console-screen canvas'), keyboard: box('.o2-keyboard'), stick: box('.o2-stick'), reset: box('.o2-reset'), scrollY: window.scrollY };
        });
        const inView = (b: Box): boolean => b[0] >= 0 && b[1] >= 0 && b[2] <= width && b[3] <= height && b[2] > b[0] && b[3] > b[1];
        // The layout settles after the first frames (the screen box is fitted from observers).
        await poll(async () => {
          const b = await boxes();
          return [b.scrollY, inView(b.canvas), inView(b.keyboard), inView(b.stick), inView(b.reset)];
        }).toEqual([0, true, true, true, true]);
        const b = await boxes();
        // The picture is above the touch panel, not under it.
        expect(b.canvas[3]).toBeLessThanOrEqual(Math.min(b.keyboard[1], b.stick[1]));
        // At least the O2's whole picture at 1:1 (no shrinking below the emulated dots).
        expect(b.canvas[3] - b.canvas[1]).toBeGreaterThanOrEqual(243);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
