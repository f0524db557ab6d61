/**
 * What the table says at each moment (issue 35, what people saw playing a whole game): "Legal now" follows
 * the battle on the console (no "record a battle" while it is fought there), the person who presses ENTER
 * is named with their control, a person's click for a seat the computer plays is refused with a sentence
 * (not logged as the computer's choice), and "Computer players" says why it lists no seat before the game.
 * Waits are for states (the table's stage, elements), never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeEnvelope, sessionDocument } from '../../board/index.ts';
import { TINY_OPENING, TINY_WAR_ON_B1, playTiny } from '../harness/tiny-game.ts';
import { launchBrowser, openApp } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';
import { shot } from './shots.ts';

const key = (page: Page, k: string) => page.locator(`[data-key="${k}"]`);
const stage = (page: Page) => page.locator('.tb-battle').getAttribute('data-stage');
const legalNow = (page: Page) => page.locator('.bv-legal-now').textContent();

async function openTable(browser: Browser, path = '/?cart=battle#/table'): Promise<Page> {
  const { page } = await openApp(browser, path);
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitReady(page);
  await page.locator('.bv[data-ready="true"]').waitFor();
  return page;
}

/** Ann (red, left control) attacks Bob's B1: a war waiting for its weapons. */
async function importWar(page: Page): Promise<void> {
  const text = encodeEnvelope({ engine: sessionDocument(playTiny(TINY_WAR_ON_B1)) });
  await page
    .locator('#bv-import-file')
    .setInputFiles({ name: 'war.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await poll(() => page.locator('.bv-war h2').textContent()).toContain('War for B1');
}

describe('the table says what is possible now', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('"Legal now" follows the battle on the console, and the panel names who presses ENTER', async () => {
    const page = await openTable(browser);
    // Before any game: the computer players' list says why it has no seat.
    expect(await page.locator('#table-computers [data-no-seats]').textContent()).toContain(
      'Seats appear once the players are set up',
    );
    await importWar(page);
    expect(await legalNow(page)).toContain('choose a weapon (Ann, Bob)');
    await key(page, 'weapon-attacker-tank').click();
    // Each move is said to a screen reader once, in a live region kept across the board's redraws.
    await poll(() => page.locator('#bv-moves').textContent()).toBe(
      await page.locator('.bv-log-list li').last().textContent(),
    );
    expect(await page.locator('#bv-moves').getAttribute('aria-live')).toBe('polite');
    await key(page, 'weapon-defender-tank').click();
    await poll(() => legalNow(page)).toContain('program the battle on the console');
    expect(await legalNow(page)).not.toContain('record a battle');
    await key(page, 'program-battle').click();
    await poll(() => stage(page)).toBe('enter');
    // Nothing to record by hand while the console waits; Ann (the attacker, a person) presses ENTER.
    await poll(() => legalNow(page)).toContain('nothing to record by hand');
    expect(await legalNow(page)).toContain('Ann (the attacker) presses ENTER');
    const waiting = page.locator('.tb-stage[data-stage="enter"]');
    expect(await waiting.getAttribute('data-enter-by')).toBe('Ann');
    expect(await waiting.textContent()).toContain('Ann (the attacker), on the left (red) control, presses ENTER');
    await shot(page, 'table-1280x800-enter.png');
    await page.keyboard.press('Enter');
    await poll(() => stage(page)).toBe('fighting');
    await poll(() => legalNow(page)).toContain('the battle is fought on the console');
    expect(await legalNow(page)).not.toContain('choose a weapon');
    // The weapons are fixed while their battle is on the console: the buttons look it, and a click is refused.
    const sub = key(page, 'weapon-attacker-sub');
    await poll(() => sub.getAttribute('aria-disabled')).toBe('true');
    expect(await sub.getAttribute('data-legal')).toBe('false');
    const logBefore = await page.locator('.bv-log-list li').allTextContents();
    // The board redraws with the battle's energies: the button is clicked where it is now.
    await sub.evaluate((b: HTMLElement) => b.click());
    await poll(() => page.locator('.bv-notice').textContent()).toContain(
      'The weapons are fixed while their battle is on the console',
    );
    expect(await page.locator('.bv-log-list li').allTextContents()).toEqual(logBefore);
    expect(await key(page, 'weapon-attacker-tank').getAttribute('aria-pressed')).toBe('true');
  }, 120_000);

  it("a person's click for a seat the computer plays is refused with a sentence and not logged", async () => {
    const page = await openTable(browser);
    await importWar(page);
    await key(page, 'weapon-attacker-tank').click();
    await key(page, 'weapon-defender-tank').click();
    await poll(() => legalNow(page)).toContain('program the battle on the console');
    // Bob becomes the computer's; the undo takes back his weapon and holds the computers (they wait
    // until a person moves), so Bob's weapon is still to choose while the person's click comes.
    await page.locator('#table-computers summary').click();
    await key(page, 'computer-Bob').selectOption('easy');
    await key(page, 'undo').click();
    await poll(() => page.locator('[data-key="computers-go-on"]').isVisible()).toBe(true);
    await poll(() => legalNow(page)).toContain('the computer plays Bob by itself');
    const lines = await page.locator('.bv-log-list li').count();
    await key(page, 'weapon-defender-plane').click();
    await poll(() => page.locator('.bv-notice').textContent()).toContain('Bob is played by the computer');
    expect(await page.locator('.bv-log-list li').count()).toBe(lines);
    expect(await key(page, 'weapon-defender-plane').getAttribute('aria-pressed')).toBe('false');
    // Let go, the computer chooses Bob's weapon itself.
    await key(page, 'computers-go-on').click();
    await poll(() => page.locator('.bv-log-list li').count()).toBe(lines + 1);
  }, 120_000);
});

describe('a refusal on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is scrolled into view when the notice line is above it (390x844: the page scrolls)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, errors } = await openApp(context, '/?cart=battle#/table');
    await waitReady(page);
    await page.locator('.bv[data-ready="true"]').waitFor();
    const text = encodeEnvelope({ engine: sessionDocument(playTiny(TINY_OPENING)) });
    await page
      .locator('#bv-import-file')
      .setInputFiles({ name: 'turn.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.locator('.bv[data-turn="Ann"][data-phase="final-round"]').waitFor();
    await page.locator('[data-key="dismiss"]').click();
    // Ann's own homeland, low on the map: scrolled to it, the notice line is above the view.
    const country = page.locator('[data-country="A2"]');
    await country.scrollIntoViewIfNeeded();
    const notice = page.locator('.bv-notice');
    const box = () =>
      notice.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      });
    // The toolbar, just above the (empty) notice line, is out of view.
    expect(await page.locator('[data-key="undo"]').evaluate((e) => e.getBoundingClientRect().bottom)).toBeLessThan(0);
    await country.click();
    await poll(() => notice.getAttribute('data-kind')).toBe('refused');
    const seen = await box();
    expect(seen.top).toBeGreaterThanOrEqual(0);
    expect(seen.bottom).toBeLessThanOrEqual(844);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
