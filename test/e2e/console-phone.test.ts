/**
 * The console's layout on a phone (390×844, touch) and on a short laptop window (1280×800) with the
 * on-screen keyboard shown: nothing sideways out of the page, the tabs on the phone's width, the
 * picture high up and whole, and the keyboard inside the window under a picture kept at twice size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launchBrowser } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';
import { shot } from './shots.ts';

type Box = [left: number, top: number, right: number, bottom: number];

interface Layout {
  scrollWidth: number;
  /** The tab bar's box, and whether all of its tabs show without scrolling it. */
  nav: Box;
  tabsFit: boolean;
  canvas: Box;
  keyboard: Box;
  stick: Box;
  reset: Box;
}

function layout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const box = (s: string): [number, number, number, number] => {
      const r = document.querySelector(s)!.getBoundingClientRect();
      return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)];
    };
    const nav = document.querySelector<HTMLElement>('nav.tabs')!;
    return {
      scrollWidth: document.scrollingElement!.scrollWidth,
      nav: box('nav.tabs'),
      tabsFit: nav.scrollWidth <= nav.clientWidth,
      canvas: box('#console-screen canvas'),
      keyboard: box('.o2-keyboard'),
      stick: box('.o2-stick'),
      reset: box('.o2-reset'),
    };
  });
}

describe('console layout on a phone and a short window', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  async function open(width: number, height: number): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(appUrl('/?cart=console-test#/console'));
    await waitReady(page);
    return { page, errors, close: () => context.close() };
  }

  it('390×844: no sideways scroll, the tabs on one row, the picture whole and high up, the keyboard in the width', async () => {
    const { page, errors, close } = await open(390, 844);
    try {
      // The screen box is fitted from observers once the page is laid out: wait for that state.
      await poll(async () => {
        const l = await layout(page);
        return [l.scrollWidth <= 390, l.canvas[0] >= 0 && l.canvas[2] <= 390, l.canvas[1] <= 160];
      }).toEqual([true, true, true]);
      const l = await layout(page);
      console.log(`390×844: scrollWidth ${l.scrollWidth}, tabs ${l.nav.join(',')}, picture ${l.canvas.join(',')}, keyboard ${l.keyboard.join(',')}`);
      expect(l.nav[2]).toBeLessThanOrEqual(390);
      expect(l.tabsFit).toBe(true);
      // The whole picture at 1:1 (360×243 dots), above the keyboard, which is in the width and in view.
      expect(l.canvas[2] - l.canvas[0]).toBeGreaterThanOrEqual(360);
      expect(l.canvas[3] - l.canvas[1]).toBeGreaterThanOrEqual(243);
      expect(l.canvas[3]).toBeLessThanOrEqual(l.keyboard[1]);
      expect(l.keyboard[0]).toBeGreaterThanOrEqual(0);
      expect(l.keyboard[2]).toBeLessThanOrEqual(390);
      expect(l.keyboard[3]).toBeLessThanOrEqual(844);
      await shot(page, 'console-phone-390x844.png');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('1280×800 with the keyboard shown: keyboard, stick and RESET inside the window, the picture at twice size', async () => {
    const { page, errors, close } = await open(1280, 800);
    try {
      const inView = (b: Box): boolean => b[0] >= 0 && b[1] >= 0 && b[2] <= 1280 && b[3] <= 800 && b[2] > b[0];
      await poll(async () => {
        const l = await layout(page);
        return [l.scrollWidth <= 1280, inView(l.keyboard), inView(l.stick), inView(l.reset), l.canvas[3] - l.canvas[1] >= 486];
      }).toEqual([true, true, true, true, true]);
      const l = await layout(page);
      console.log(`1280×800: picture ${l.canvas.join(',')}, keyboard ${l.keyboard.join(',')}, stick ${l.stick.join(',')}`);
      expect(l.canvas[3]).toBeLessThanOrEqual(l.keyboard[1]);
      await shot(page, 'console-keyboard-1280x800.png');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
