/**
 * The table at rest costs the computer little (issue 38, an evening on battery): once its picture is still
 * and no gamepad is connected, the page asks for no animation frame at all while the machine runs on; a
 * gamepad's connection starts the polling and its disconnection ends it. While the machine is silent its audio
 * context sleeps, and the first sound wakes it. Animation frames are counted by
 * wrapping the window's requestAnimationFrame before the app loads. Every wait is for a state, not a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';

interface RafCount {
  pending: Set<number>;
  asked: number;
}

/** Animation frames asked for and not yet run or cancelled. */
const pending = (page: Page) => page.evaluate(() => (window as unknown as { __raf: RafCount }).__raf.pending.size);
const audioState = (page: Page) =>
  page.evaluate(() => (window as unknown as { Howler: { ctx: AudioContext } }).Howler.ctx.state);
const audioReceived = (page: Page) =>
  page.evaluate(async () => ((await window.__o2console!.audioStats()) as { received: number }).received);
const frame = (page: Page) => page.evaluate(() => window.__o2console!.shownFrame);

describe('the table at rest', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('asks for no animation frame and lets its sound sleep while nothing moves, and wakes for a pad and for a sound', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      const count: RafCount = { pending: new Set(), asked: 0 };
      (window as unknown as { __raf: RafCount }).__raf = count;
      const request = window.requestAnimationFrame.bind(window);
      const cancel = window.cancelAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        count.asked++;
        const id = request((t) => {
          count.pending.delete(id);
          callback(t);
        });
        count.pending.add(id);
        return id;
      };
      window.cancelAnimationFrame = (id) => {
        count.pending.delete(id);
        cancel(id);
      };
    });
    const { page, errors } = await openApp(context, '/?cart=battle#/table');
    await waitReady(page);
    await page.locator('.bv[data-ready="true"]').waitFor();
    // SELECT GAME stands still: the screen's loop sleeps, and with no pad nothing else asks for frames.
    await poll(() => pending(page)).toBe(0);
    const f0 = await frame(page);
    await poll(() => frame(page)).toBeGreaterThan(f0 + 30); // the machine runs on (its frame number is shown)
    expect(await pending(page)).toBe(0);
    await page.evaluate(() => {
      const pad = {
        id: 'Fake Pad (STANDARD GAMEPAD)',
        index: 0,
        connected: true,
        mapping: 'standard',
        buttons: Array.from({ length: 17 }, () => ({ pressed: false, value: 0 })),
        axes: [0, 0, 0, 0],
        timestamp: 0,
      };
      const w = window as unknown as { __pads: (typeof pad | null)[] };
      w.__pads = [pad, null, null, null];
      Object.defineProperty(navigator, 'getGamepads', { value: () => w.__pads });
      // As Chromium does once a button on a pad is pressed.
      window.dispatchEvent(new Event('gamepadconnected'));
    });
    const asked = await page.evaluate(() => (window as unknown as { __raf: RafCount }).__raf.asked);
    await poll(() => page.evaluate(() => (window as unknown as { __raf: RafCount }).__raf.asked)).toBeGreaterThan(
      asked + 30,
    );
    expect(await pending(page)).toBe(1); // the pad's poll, every frame

    await page.evaluate(() => {
      (window as unknown as { __pads: null[] }).__pads = [null, null, null, null];
      window.dispatchEvent(new Event('gamepaddisconnected'));
    });
    await poll(() => pending(page)).toBe(0);

    // SELECT GAME is silent: the worker sends no sound and the audio context sleeps (no click asked for).
    await poll(() => audioState(page)).toBe('suspended');
    expect(await page.locator('#console-sound-prompt').isHidden()).toBe(true);
    await page.locator('#console-screen').focus();
    // A key the cartridge answers with a sound: the context wakes for it, and the sound reaches the worklet.
    const received = await audioReceived(page);
    await page.keyboard.press('Digit1');
    await page.keyboard.press('Space');
    await poll(() => audioState(page)).toBe('running');
    await poll(() => audioReceived(page)).toBeGreaterThan(received);

    expect(errors).toEqual([]);
    await context.close();
  });
});
