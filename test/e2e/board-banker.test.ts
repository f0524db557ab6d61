/**
 * An eliminated banker (issue 12 item 10): the board asks who takes over the war chest, offers only
 * the players still in the game, and the choice is logged; the game goes on meanwhile. And on a
 * phone the record track's numbers stand apart (item 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bankerOutGame } from '../board/helpers.ts';
import { launchBrowser, openApp } from './browser.ts';
import { sessionDocument, encodeEnvelope } from '../../board/index.ts';

describe('board: the banker is out of the game', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks who keeps the war chest now and records the choice', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('.bv[data-ready="true"]').waitFor();
    await page.locator('#bv-import-file').setInputFiles({
      name: 'g.json',
      mimeType: 'application/json',
      buffer: Buffer.from(encodeEnvelope({ engine: sessionDocument(bankerOutGame()) })),
    });
    const question = page.locator('.bv-banker-question');
    await expect
      .poll(() => question.textContent())
      .toMatch(/^Bob kept the war chest and is out of the game: who takes it over\?/);
    expect(await question.locator('button').allTextContents()).toEqual([
      'Ann keeps the war chest',
      'Cy keeps the war chest',
    ]);
    await page.locator('[data-key="banker-Cy"]').click();
    await expect.poll(() => question.count()).toBe(0);
    await expect
      .poll(() => page.locator('.bv-log-list li').last().textContent())
      .toBe('Cy takes over the war chest from Bob, who is out of the game');
    expect(await page.locator('.bv-players').textContent()).toMatch(/Cy( ◀ turn)? \(banker\)/);
    expect(errors).toEqual([]);
  });

  it("on a phone (390x844) the record track's numbers do not run together", async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.bv[data-ready="true"]').waitFor();
    await page.locator('#bv-import-file').setInputFiles({
      name: 'g.json',
      mimeType: 'application/json',
      buffer: Buffer.from(encodeEnvelope({ engine: sessionDocument(bankerOutGame()) })),
    });
    await page.locator('.bv-track-cell').first().waitFor();
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.bv-track-cell span')]
        .filter((s) => getComputedStyle(s).visibility !== 'hidden')
        .map((s) => {
          const r = s.getBoundingClientRect();
          return { text: s.textContent, left: r.left, right: r.right };
        }),
    );
    expect(boxes.map((b) => b.text)).toEqual(['0', '10', '20', '30', '40', '50', '60']);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].left - boxes[i - 1].right).toBeGreaterThan(4);
    expect(errors).toEqual([]);
  });
});
