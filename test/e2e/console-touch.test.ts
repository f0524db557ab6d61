/**
 * The console on a touch screen: the picture and the on-screen keyboard in view at once, and every
 * tap of an on-screen key reaching the machine however short (down and up 1 ms apart included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { appUrl, launchBrowser } from './browser.ts';
import { mailbox, poll, waitReady } from './console-helpers.ts';

type Box = [left: number, top: number, right: number, bottom: number];

/**
 * A finger on the on-screen key `name` for `ms` milliseconds: a real touch (Chromium's input
 * pipeline, so pointer capture works), down and up at the key's centre. The lift is sent `ms` after
 * the touch without waiting for the browser to acknowledge the touch first (the acknowledgement can
 * take a rendered frame, which would make every tap at least a frame long).
 */
async function tapKey(page: Page, cdp: CDPSession, name: string, ms: number): Promise<void> {
  const r = await page.locator(`.o2-key[data-key="${name}"]`).boundingBox();
  if (!r) throw new Error(`no on-screen key ${name}`);
  const point = { x: r.x + r.width / 2, y: r.y + r.height / 2, id: 1 };
  const start = cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await new Promise((done) => setTimeout(done, ms));
  await Promise.all([start, cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })]);
}

describe('console on a touch tablet', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
  ] as const) {
    it(`${width}×${height} with touch: the picture, the on-screen keyboard and the stick are all fully in view at once`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(appUrl('/?cart=console-test#/console'));
        await waitReady(page);
        expect(await page.locator('.o2-touch').isVisible()).toBe(true);
        const boxes = (): Promise<Record<'canvas' | 'keyboard' | 'stick' | 'reset', Box> & { scrollY: number }> =>
          page.evaluate(() => {
            const box = (s: string): Box => {
              const r = document.querySelector(s)!.getBoundingClientRect();
              return [r.left, r.top, r.right, r.bottom];
            };
            return {
              canvas: box('#console-screen canvas'),
              keyboard: box('.o2-keyboard'),
              stick: box('.o2-stick'),
              reset: box('.o2-reset'),
              scrollY: window.scrollY,
            };
          });
        const inView = (b: Box): boolean =>
          b[0] >= 0 && b[1] >= 0 && b[2] <= width && b[3] <= height && b[2] > b[0] && b[3] > b[1];
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

  it('every tap of an on-screen key reaches the machine, from 1 ms long up', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(appUrl('/?cart=battle#/console'));
      await waitReady(page);
      const cdp = await context.newCDPSession(page);
      // SELECT GAME takes keys once the BIOS start is over (about half a second).
      await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(40);
      await tapKey(page, cdp, 'SPACE', 1);
      await poll(async () => (await mailbox(page)).phase).toBe('entry');
      // The manual's entry, each key tapped for its own length: 1 ms (no frame sees the finger down),
      // up to 120 ms (several frames do); the same key twice in a row must count twice.
      const taps: [string, number][] = [
        ['R', 1],
        ['T', 1],
        ['2', 2],
        ['5', 1],
        ['0', 5],
        ['0', 1],
        ['B', 10],
        ['S', 1],
        ['3', 20],
        ['0', 1],
        ['0', 40],
        ['0', 120],
      ];
      for (const [key, ms] of taps) await tapKey(page, cdp, key, ms);
      await poll(async () => {
        const m = await mailbox(page);
        return `${m.red.weapon} ${m.red.energy} ${m.blue.weapon} ${m.blue.energy}`;
      }).toBe('T 2500 S 3000');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
