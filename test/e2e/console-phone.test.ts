/**
 * The console's layout on a phone (390×844, touch) and on a short laptop window (1280×800) with the
 * on-screen keyboard shown: nothing sideways out of the page, the tabs on the phone's width, the
 * picture high up and whole, and the keyboard inside the window under a picture kept at twice size.
 * Nothing moves the picture by itself: a long message, a loaded ROM with a long name.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launchBrowser } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';
import { shot } from './shots.ts';
import { assemble } from '../../rom-core/asm/index.ts';

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

/** Drops a file on the picture (as a user drags one there) and waits for the message it brings. */
async function drop(page: Page, name: string, bytes: Uint8Array, said: RegExp): Promise<void> {
  await page.evaluate(
    ({ n, b }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(b)], n));
      document
        .querySelector('.console-screen-wrap')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { n: name, b: Array.from(bytes) },
  );
  await poll(() => page.locator('#console-message').textContent()).toMatch(said);
}

/** The screen box and the picture, to compare before and after something that must not move them. */
function screenAt(page: Page): Promise<string> {
  return page.evaluate(() => {
    const r = (s: string): string => {
      const b = document.querySelector(s)!.getBoundingClientRect();
      return [b.left, b.top, b.width, b.height].map(Math.round).join(',');
    };
    return `box ${r('#console-screen')} picture ${r('#console-screen canvas')}`;
  });
}

describe('console layout on a phone and a short window', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(
    width: number,
    height: number,
  ): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
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
      console.log(
        `390×844: scrollWidth ${l.scrollWidth}, tabs ${l.nav.join(',')}, picture ${l.canvas.join(',')}, keyboard ${l.keyboard.join(',')}, stick ${l.stick.join(',')}`,
      );
      expect(l.nav[2]).toBeLessThanOrEqual(390);
      expect(l.tabsFit).toBe(true);
      // The whole picture at 1:1 (360×243 dots), above the keyboard, which is in the width and in view.
      expect(l.canvas[2] - l.canvas[0]).toBeGreaterThanOrEqual(360);
      expect(l.canvas[3] - l.canvas[1]).toBeGreaterThanOrEqual(243);
      expect(l.canvas[3]).toBeLessThanOrEqual(l.keyboard[1]);
      expect(l.keyboard[0]).toBeGreaterThanOrEqual(0);
      expect(l.keyboard[2]).toBeLessThanOrEqual(390);
      expect(l.keyboard[3]).toBeLessThanOrEqual(844);
      // The stick and RESET too, under the keyboard and within the window: a battle needs no scrolling.
      expect(l.stick[1]).toBeGreaterThanOrEqual(l.keyboard[3]);
      expect([l.stick[0] >= 0, l.stick[2] <= 390, l.stick[3] <= 844]).toEqual([true, true, true]);
      expect([l.reset[0] >= 0, l.reset[2] <= 390, l.reset[3] <= 844]).toEqual([true, true, true]);
      await shot(page, 'console-phone-390x844.png');
      // A long message takes its one line (cut short), the picture stays put.
      const before = await screenAt(page);
      await drop(
        page,
        'three.bin',
        new Uint8Array(3),
        /^“three\.bin” is 3 bytes, which is not the size of any Odyssey² file/,
      );
      expect(await screenAt(page)).toBe(before);
      await shot(page, 'console-phone-long-message-390x844.png');
      // Cut short, it is there whole for the asking: a click shows all of it.
      const message = page.locator('#console-message');
      await poll(() => message.getAttribute('data-clamped')).toBe('');
      const oneLine = (await message.boundingBox())!.height;
      await message.click();
      expect((await message.boundingBox())!.height).toBeGreaterThan(oneLine * 2);
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
        return [
          l.scrollWidth <= 1280,
          inView(l.keyboard),
          inView(l.stick),
          inView(l.reset),
          l.canvas[3] - l.canvas[1] >= 486,
        ];
      }).toEqual([true, true, true, true, true]);
      const l = await layout(page);
      console.log(
        `1280×800: picture ${l.canvas.join(',')}, keyboard ${l.keyboard.join(',')}, stick ${l.stick.join(',')}`,
      );
      expect(l.canvas[3]).toBeLessThanOrEqual(l.keyboard[1]);
      await shot(page, 'console-keyboard-1280x800.png');
      // A cartridge with a long file name (listed in the side panel) and a long message after it:
      // the screen box keeps its width and place, the picture its size.
      const before = await screenAt(page);
      const cart = assemble(readFileSync(new URL('../../src/worker/carts/console-test.a48', import.meta.url), 'utf8'), {
        fileName: 'console-test.a48',
      });
      if (!cart.ok) throw new Error('the console test cartridge does not assemble');
      await drop(
        page,
        'a-cartridge-with-a-rather-long-file-name-from-some-archive-v1.1.bin',
        cart.bytes,
        /^Loaded “a-cartridge-with/,
      );
      await poll(() => page.locator('#console-library li').count()).toBe(1);
      expect(await screenAt(page)).toBe(before);
      await drop(
        page,
        'three.bin',
        new Uint8Array(3),
        /^“three\.bin” is 3 bytes, which is not the size of any Odyssey² file/,
      );
      expect(await screenAt(page)).toBe(before);
      await shot(page, 'console-rom-and-message-1280x800.png');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
