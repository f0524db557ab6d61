/**
 * "Practise against the computer" on the console (issue 10): the panel hands the other hand control
 * to a battle bot in the worker, types the entry on our cartridge, the bot fights (its stick shows in
 * the mailbox), the result is said in words, and Stop gives the control back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { mailbox, poll, waitReady } from './console-helpers.ts';

describe('practise against the computer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('programs a battle with the computer on the right control, which fights it to a result said in words', async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle#/console');
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitReady(page);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(40);
    await page.locator('#console-practice summary').click();
    // A refused energy is a sentence and programs nothing.
    await page.locator('#practice-energy').fill('12345');
    await page.locator('#practice-start').click();
    await poll(() => page.locator('#practice-status').textContent()).toBe(
      'Your energy must be a whole number from 1 to 9999 (the readout has four digits); got "12345".',
    );
    expect((await mailbox(page)).phase).not.toBe('battle');

    await page.locator('#practice-energy').fill('1500');
    await page.locator('#practice-bot-weapon').selectOption('P');
    await page.locator('#practice-bot-energy').fill('1500');
    await page.locator('#practice-level').selectOption('hard');
    await page.locator('#practice-start').click();
    await expect.poll(async () => (await mailbox(page)).phase, { timeout: 30_000, interval: 100 }).toBe('battle');
    const m = await mailbox(page);
    // Programmed as chosen (the tank's energy has begun to drain: 2 units every 4th frame).
    expect(m.red.weapon).toBe('T');
    expect(m.red.energy).toBeGreaterThan(1400);
    expect(m.red.energy).toBeLessThanOrEqual(1500);
    expect(m.blue.weapon).toBe('P');
    await poll(() => page.locator('#practice-status').textContent()).toMatch(
      /^Battle on: your tank \(1500\) against the computer's jet \(1500, hard\)\./,
    );
    // The bot steers: its stick turns up in the mailbox (8 is centre) while the player does nothing.
    await expect.poll(async () => (await mailbox(page)).blue.stick, { timeout: 30_000, interval: 100 }).not.toBe(8);
    // A hard jet against a tank nobody drives: the battle ends, and the panel says how.
    await expect.poll(async () => (await mailbox(page)).phase, { timeout: 90_000, interval: 100 }).toBe('result');
    await poll(() => page.locator('#practice-status').textContent()).toMatch(
      /^(You win!|The computer wins\.|Both weapons were destroyed\.)( \(out of energy\))? Energy left: you \d+, the computer \d+\./,
    );

    await page.locator('#practice-stop').click();
    await poll(() => page.locator('#practice-status').textContent()).toBe('The computer gave the control back.');
    expect(errors).toEqual([]);
  }, 150_000);

  it("runs the cartridge's practice session against the computer: battle after battle with nobody pressing ENTER or SPACE", async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle#/console');
    await waitReady(page);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(40);
    await page.locator('#console-practice summary').click();
    await page.locator('#practice-level').selectOption('hard');
    await page.locator('#practice-session').click();
    await expect.poll(async () => (await mailbox(page)).practice, { timeout: 30_000, interval: 100 }).toBe(true);
    await poll(() => page.locator('#practice-status').textContent()).toMatch(
      /^Practice session: the cartridge chooses both weapons/,
    );
    const first = (await mailbox(page)).battles;
    // Shown four times as fast (every frame still emulated): the entries start their battles and the
    // cartridge goes on from each result by itself; the test only waits for the battle counter.
    await page.evaluate(() => window.__o2console!.runtime()!.api.setSpeed(4));
    await expect
      .poll(async () => (await mailbox(page)).battles, { timeout: 120_000, interval: 200 })
      .toBeGreaterThanOrEqual(first + 2);
    const m = await mailbox(page);
    expect(m.practice).toBe(true);
    expect(m.practiceWins.red + m.practiceWins.blue).toBeGreaterThanOrEqual(1);
    await poll(() => page.locator('#practice-status').textContent()).toMatch(
      /(You win this one|The computer wins this one|Both destroyed|Practice session)/,
    );
    await page.locator('#practice-stop').click();
    await poll(() => page.locator('#practice-status').textContent()).toBe('The computer gave the control back.');
    expect(errors).toEqual([]);
  }, 180_000);
});
