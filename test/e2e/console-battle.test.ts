/**
 * Plays our battle cartridge in the app as a player would: keys typed on the page at SELECT GAME and
 * in program entry (R T 2500, B T 2500, ENTER, rom-core/roms/carts/README.md), then red's tank
 * steered with the arrow keys (the left-hand control) down and into the mine of the first
 * battlefield. The outcome is read from the cartridge's mailbox in external RAM and from the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { canvasMismatches, pauseOnNextFrame, poll, waitReady } from './console-helpers.ts';
import { indexToRgba } from '../../rom-core/i8244/palette.ts';
import { MAILBOX, MAILBOX_SIGNATURE } from '../../rom-core/roms/carts/index.ts';

// Palette indices (MAME RF order) and the flags on the entry/result screen (battle-cart.test.ts).
const LIGHT_RED = 9;
const LIGHT_BLUE = 12;
const WHITE = 15;
const RED_FLAG = [50, 48, 81, 79] as const;
const BLUE_FLAG = [210, 48, 241, 79] as const;
const PHASE = { entry: 1, battle: 2, result: 3 };
const WIDTH = 360;

async function eram(page: Page): Promise<number[]> {
  return page.evaluate(async () => Array.from(await window.__o2console!.runtime()!.api.externalRam()));
}

async function picture(page: Page): Promise<Uint8Array> {
  return Uint8Array.from(
    await page.evaluate(async () => Array.from((await window.__o2console!.runtime()!.api.frame()).pixels)),
  );
}

function count(pixels: Uint8Array, area: readonly [number, number, number, number], colour: number): number {
  let n = 0;
  for (let y = area[1]; y <= area[3]; y++)
    for (let x = area[0]; x <= area[2]; x++) if (pixels[y * WIDTH + x] === colour) n++;
  return n;
}

async function stepFrame(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await window.__o2console!.runtime()!.api.stepFrames(1);
  });
}

/** Steps the paused machine a frame at a time until `done` holds (at most `limit` frames). */
async function stepUntil(page: Page, done: () => Promise<boolean>, limit = 600): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await stepFrame(page);
  }
  throw new Error(`the state waited for was not reached within ${limit} frames`);
}

/** After a key is let go: steps until `value` stays put for 4 frames (the release has reached the machine). */
async function stepUntilSettled(page: Page, value: () => Promise<number>): Promise<void> {
  let last = await value();
  for (let i = 0, same = 0; same < 4; i++) {
    if (i === 60) throw new Error('still moving 60 frames after the key was let go');
    await stepFrame(page);
    const v = await value();
    same = v === last ? same + 1 : 0;
    last = v;
  }
}

/** One key as a person types it: held a few frames, then a pause (the BIOS debounces). */
async function type(page: Page, code: string): Promise<void> {
  await page.keyboard.down(code);
  await page.waitForTimeout(110);
  await page.keyboard.up(code);
  await page.waitForTimeout(140);
}

describe('console: a battle played on the page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('programs two tanks, drives red onto a mine and blue wins; mailbox and screen agree', async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle#/console');
    await waitReady(page);
    expect((await page.locator('#console-roms li').allTextContents())[1]).toBe(
      'cartridge: our battle cartridge (built from source)',
    );
    await page.locator('#console-screen').click();
    // SELECT GAME is up after about half a second; SPACE goes straight to program entry.
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(40);
    await type(page, 'Space');
    await poll(async () => (await eram(page))[MAILBOX.phase]).toBe(PHASE.entry);
    expect((await eram(page))[MAILBOX.signature]).toBe(MAILBOX_SIGNATURE);
    await pauseOnNextFrame(page);
    const entryPicture = await picture(page);
    await page.evaluate(async () => window.__o2console!.runtime()!.api.setRunning(true));
    expect(count(entryPicture, RED_FLAG, LIGHT_RED)).toBeGreaterThan(100);
    expect(count(entryPicture, RED_FLAG, WHITE)).toBe(0);

    for (const code of [
      'KeyR',
      'KeyT',
      'Digit2',
      'Digit5',
      'Digit0',
      'Digit0',
      'KeyB',
      'KeyT',
      'Digit2',
      'Digit5',
      'Digit0',
      'Digit0',
    ]) {
      await type(page, code);
    }
    // Both records as typed: weapon T, energy 2500 in BCD.
    const typed = await eram(page);
    expect(typed.slice(MAILBOX.red, MAILBOX.red + 3)).toEqual([0x54, 0x25, 0x00]);
    expect(typed.slice(MAILBOX.blue, MAILBOX.blue + 3)).toEqual([0x54, 0x25, 0x00]);
    expect(typed[MAILBOX.battles]).toBe(0);
    await type(page, 'Enter');
    await poll(async () => (await eram(page))[MAILBOX.phase]).toBe(PHASE.battle);

    // Red's tank (record +4/+5 = x/y) starts in column 0 of row 5; steer it down into row 6 ... The
    // machine is paused and stepped a frame at a time while a key is held, so how far the tank goes
    // depends on frames, not on how quickly this test notices and lets go (a loaded machine once
    // overshot the row by 12 frames).
    const red = async (): Promise<{ x: number; y: number; state: number }> => {
      const e = await eram(page);
      return { x: e[MAILBOX.red + 4], y: e[MAILBOX.red + 5], state: e[MAILBOX.red + 3] };
    };
    await page.evaluate(async () => window.__o2console!.runtime()!.api.setRunning(false));
    const start = await red();
    await page.keyboard.down('ArrowDown');
    await stepUntil(page, async () => (await red()).y >= start.y + 48);
    await page.keyboard.up('ArrowDown');
    await stepUntilSettled(page, async () => (await red()).y);
    const turned = await red();
    expect(turned.y).toBeLessThan(start.y + 60); // still in row 6, the mine's row
    // ... then right, onto the mine in column 1.
    await page.keyboard.down('ArrowRight');
    await stepUntil(page, async () => ((await red()).state & 0x80) === 0x80);
    await page.keyboard.up('ArrowRight');
    expect((await red()).x).toBeGreaterThan(turned.x);
    await page.evaluate(async () => window.__o2console!.runtime()!.api.setRunning(true));

    // One second of explosion, then the result: blue won, because a weapon was destroyed.
    await poll(async () => (await eram(page))[MAILBOX.phase]).toBe(PHASE.result);
    const result = await eram(page);
    expect(result[MAILBOX.winner]).toBe(2);
    expect(result[MAILBOX.reason]).toBe(1);
    expect(result[MAILBOX.battles]).toBe(1);

    // The screen: a white flag for red, blue's flag in its colour; and the canvas shows just that. The
    // phase is published in the frame that sets the result screen up; its picture is the next frame's.
    await pauseOnNextFrame(page);
    const resultPicture = await picture(page);
    expect(count(resultPicture, RED_FLAG, WHITE)).toBeGreaterThan(100);
    expect(count(resultPicture, RED_FLAG, LIGHT_RED)).toBe(0);
    expect(count(resultPicture, BLUE_FLAG, LIGHT_BLUE)).toBeGreaterThan(100);
    expect(await canvasMismatches(page, WIDTH, 243, indexToRgba(resultPicture))).toEqual({ count: 0, first: [] });
    expect(errors).toEqual([]);
    // The limit guards against a hang, not a slow moment: the keys are typed at a person's pace, and on two
    // busy CPUs (the whole suite) the test took 30 s, and once over the 45 s it had.
  }, 120_000);
});
