/**
 * A move redraws the board by keeping what did not change (issue 38): the country rows a move leaves as they
 * were stay the same elements (and the columns, the world, the log and the header), the board then is the one a
 * fresh page draws for the same game (the world, the record, the log, the legal line, the status, the step's
 * heading), a kept row's button acts on the game as it is now and its label follows the armed action, and the log
 * keeps its newest line in view without a script measuring it. A planted stale log or stale row labels fail it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encodeEnvelope, sessionDocument } from '../../board/index.ts';
import type { GameState } from '../../board/index.ts';
import { worldGame } from '../board/ai/world-game.ts';
import { browserForTests, openApp } from './browser.ts';

/** A seeded world game: two states one move apart in play, no war under way, after a long log. */
async function twoSteps(): Promise<[GameState, GameState]> {
  const { states } = await worldGame(7);
  const quiet = (s: GameState) => s.phase === 'play' && s.war === null;
  const i = states.findIndex((s, k) => k > 40 && quiet(s) && quiet(states[k - 1]));
  return [states[i - 1], states[i]];
}

async function boardWith(page: Page, text: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.bv[data-ready="true"]').waitFor();
  await page.locator('#bv-import-file').setInputFiles({
    name: 'g.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect.poll(() => page.locator('.bv-notice').textContent()).toMatch(/Game loaded/);
}

/** Whether the log's last line is inside its scrolling box. */
const newestInView = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.bv-log-scroll')!.getBoundingClientRect();
    const last = document.querySelector('.bv-log-list li:last-child')!.getBoundingClientRect();
    return last.top >= box.top - 1 && last.bottom <= box.bottom + 1;
  });

describe('board: a move redraws what changed', () => {
  const browser = browserForTests();

  it('keeps the rows that did not change, draws what a fresh page draws, and the newest log line in view', async () => {
    const [before, after] = await twoSteps();
    const { page, errors } = await openApp(browser(), '/#/board');
    await boardWith(page, encodeEnvelope({ engine: sessionDocument(after, [before]) }));
    expect(await newestInView(page)).toBe(true);
    // The parts a redraw may keep, marked to see which ones it kept (kept-dom.ts).
    const parts = ['.bv-record', '.bv-main', '.bv-side', '.bv-world', '.bv-log', '.bv-players', '.bv-keys', '.bv-top'];
    await page.evaluate((parts) => {
      for (const row of document.querySelectorAll('.bv-country')) (row as unknown as { kept: boolean }).kept = true;
      for (const s of parts) (document.querySelector(s) as unknown as { kept: boolean }).kept = true;
    }, parts);
    await page.locator('[data-key="undo"]').click();
    await expect.poll(() => page.locator('.bv-notice').textContent()).toMatch(/Last action undone/);
    const kept = await page.evaluate(
      () =>
        [...document.querySelectorAll('.bv-country')].filter((r) => (r as unknown as { kept?: boolean }).kept).length,
    );
    expect(kept).toBeGreaterThan(0);
    expect(await newestInView(page)).toBe(true);

    const fresh = await openApp(browser(), '/#/board');
    await boardWith(fresh.page, encodeEnvelope({ engine: sessionDocument(before) }));
    const world = (p: Page) => p.locator('.bv-world').evaluate((w) => w.outerHTML);
    expect(await world(page)).toBe(await world(fresh.page));
    // The columns, the world, the log and the header stay the same elements; whatever was kept or drawn anew
    // shows what the fresh page shows (the players' panel differs: the undone move's chips are to go back).
    const stayed = await page.evaluate(
      (parts) => parts.filter((s) => (document.querySelector(s) as unknown as { kept?: boolean }).kept),
      parts,
    );
    expect(stayed).toEqual(expect.arrayContaining(['.bv-main', '.bv-side', '.bv-world', '.bv-log', '.bv-top']));
    for (const s of ['.bv-record', '.bv-log', '.bv-legal-now', '.bv-keys', '.bv-status', '#bv-panel-title']) {
      const html = (p: Page) => p.locator(s).evaluate((e) => e.outerHTML);
      expect(await html(page), s).toBe(await html(fresh.page));
    }

    // A kept row's button acts on the game shown now, as the fresh page's does.
    const row = await page.evaluate(() => {
      const r = [...document.querySelectorAll('.bv-country')].find((x) => (x as unknown as { kept?: boolean }).kept);
      return r!.querySelector('button')!.dataset.key!;
    });
    const clicked = async (p: Page) => {
      await p.locator(`[data-key="${row}"]`).click();
      // The notice and the step's panel (the undone page's banker is told to hand chips back: the rest differs).
      return [
        await p.locator('.bv-notice').textContent(),
        await p.locator('.bv-side > .bv-panel').first().textContent(),
      ];
    };
    expect(await clicked(page)).toEqual(await clicked(fresh.page));
    expect(await world(page)).toBe(await world(fresh.page));
    // A kept row's marks of the moment follow the armed action: each country's label says what a click does now.
    for (const [mode, verb] of [
      ['mode-ally.buy', ': buy alliance'],
      ['mode-attack', ': attack'],
    ]) {
      await page.locator(`[data-key="${mode}"]`).click();
      const labels = await page.locator('.bv-country-name').evaluateAll((bs) => bs.map((b) => b.ariaLabel ?? ''));
      expect(labels.length).toBeGreaterThan(40);
      expect(
        labels.filter((l) => !l.endsWith(verb)),
        mode,
      ).toEqual([]);
    }
    expect(errors).toEqual([]);
    expect(fresh.errors).toEqual([]);
  });
});
