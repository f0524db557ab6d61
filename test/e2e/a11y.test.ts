/**
 * Accessibility as the ecosystem checks it (issue 35): axe-core (its Playwright integration) on every page at
 * 1280x800 and on a phone (390x844): no serious or critical violation. Each violation is listed with its
 * rule, its impact and the elements it found, so a failure says what to fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { launchBrowser, openApp } from './browser.ts';
import { waitReady } from './console-helpers.ts';

const PAGES = ['#/table', '#/console', '#/board', '#/resolver', '#/about'];
const SIZES = [
  { width: 1280, height: 800, touch: false },
  { width: 390, height: 844, touch: true },
];

describe('accessibility (axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const size of SIZES)
    it(`every page at ${size.width}x${size.height} has no serious or critical violation`, async () => {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        isMobile: size.touch,
      });
      const found: string[] = [];
      for (const hash of PAGES) {
        const { page } = await openApp(context, `/?cart=battle${hash}`);
        if (hash === '#/table' || hash === '#/console') await waitReady(page);
        // Every frame is the page's own origin (the app has no frame of another): legacy mode's one axe.run
        // then checks all of it. The default mode ran axe in each frame, then injected axe a second time into
        // a blank page to merge the results (for cross-origin frames): about 3 s a page on two CPUs, for nothing.
        const origin = new URL(page.url()).origin;
        expect(
          page
            .frames()
            .map((f) => new URL(f.url()).origin)
            .filter((o) => o !== origin),
        ).toEqual([]);
        const result = await new AxeBuilder({ page }).setLegacyMode().analyze();
        for (const v of result.violations) {
          if (v.impact !== 'serious' && v.impact !== 'critical') continue;
          found.push(
            `${hash} ${v.impact} ${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 5)
              .join(', ')}`,
          );
        }
        await page.close();
      }
      expect(found).toEqual([]);
      await context.close();
    }, 300_000);
});
