/**
 * Every value a page reads from this browser's storage as it opens, damaged (issue 37): not JSON,
 * nested 10,000 deep, `{"toString":5}`, a `__proto__` key. Each page (#/table, #/console, #/board,
 * #/resolver) still opens, says which stored values were set aside (the shell's notice, and the
 * table's game by mail in its panel), and throws nothing. Waits are for states, never time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launchBrowser } from './browser.ts';
import { waitReady } from './console-helpers.ts';

/** Every key a page reads at start (grep "'o2conquest." in src/ and board/table/). */
const KEYS = [
  'o2conquest.mail.game',
  'o2conquest.mail.keys',
  'o2conquest.table.programmed',
  'o2conquest.table.rightControl',
  'o2conquest.table.computers',
  'o2conquest.table.botBattleSpeed',
  'o2conquest.net.hostSeating',
  'o2conquest.net.hosting',
  'o2conquest.net.relay',
  'o2conquest.net.ice',
  'o2conquest.net.token',
  'o2conquest.net.name',
  'o2conquest.console.volume',
  'o2conquest.console.muted',
  'o2conquest.console.swap',
  'o2conquest.console.rewind',
  'o2conquest.console.rewindSeconds',
  'o2conquest.console.runAhead',
  'o2conquest.console.inputMode',
  'o2conquest.console.ideSplit',
  'o2conquest.console.display',
  'o2conquest.console.builtinCart',
  'o2conquest.console.saving',
  'o2conquest.console.bindings.keyboard',
  'o2conquest.cartChoices',
  'o2conquest.uiSounds',
  'o2conquest.program',
  'o2conquest.program.before-link',
  'o2conquest.program.start',
  'o2conquest.program.restart',
  'o2conquest.program.rebuild',
  'o2conquest.debugger.vdcOverlay',
  'o2conquest.debugger.vdcAll',
  'o2conquest.board.largeType',
  'o2conquest.board.saving',
  'o2conquest.resolver.game',
  'o2conquest.resolver.fields',
  'o2conquest.resolver.pending',
  'o2conquest.resolver.table',
  'o2conquest.resolver.log',
];

const DAMAGE: [string, string][] = [
  ['not JSON', '{"half": '],
  ['nested 10,000 deep', '['.repeat(10_000) + ']'.repeat(10_000)],
  ['toString', '{"toString":5,"me":{"toString":5},"game":{"toString":5}}'],
  ['__proto__', '{"__proto__":{"absent":"bot"},"constructor":1}'],
];

const PAGES: [string, (page: Page) => Promise<void>][] = [
  ['/?cart=battle#/table', (p) => p.locator('.bv[data-ready="true"]').waitFor()],
  ['/#/console', waitReady],
  ['/#/board', (p) => p.locator('.bv[data-ready="true"]').waitFor()],
  ['/#/resolver', (p) => p.locator('.resolver').waitFor()],
];

describe('damaged stored values', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('each page opens with every stored key damaged, and says what was set aside', async () => {
    const t0 = Date.now();
    for (const [kind, value] of DAMAGE) {
      const context = await browser.newContext();
      const errors: string[] = [];
      // Before each load: every key damaged (the aside copies of earlier loads cleared, so each load sets aside anew).
      await context.addInitScript(
        ({ keys, value }) => {
          localStorage.clear();
          for (const k of keys) localStorage.setItem(k, value);
        },
        { keys: KEYS, value },
      );
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      for (const [path, ready] of PAGES) {
        await page.goto(appUrl(path));
        await ready(page);
        const failed = await page.locator('#app > .page-error').count();
        expect(failed, `${path} with ${kind}`).toBe(0);
        await page.locator('#stored-notice:not([hidden])').waitFor();
        expect(await page.locator('#stored-notice').textContent(), `${path} with ${kind}`).toMatch(
          /The value kept in this browser as "o2conquest\.[^"]+" .*: it was set aside as "o2conquest\.[^"]+\.unreadable-1", and the default is used\./,
        );
        if (path.includes('table'))
          expect(await page.locator('#table-mail-message').textContent(), kind).toMatch(
            /game by mail kept in this browser .*set aside in this browser's storage as "o2conquest\.mail\.game\.unreadable-1"/,
          );
      }
      expect(errors, kind).toEqual([]);
      await context.close();
    }
    console.log(`damaged stores: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }, 120_000);
});
