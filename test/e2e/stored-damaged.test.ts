/**
 * Every value a page reads from this browser's storage as it opens, damaged (issue 37): not JSON,
 * nested 10,000 deep, `{"toString":5}`, a `__proto__` key. Each page (#/table, #/console, #/board,
 * #/resolver) still opens, says which stored values were set aside (the shell's notice, and the
 * table's game by mail in its panel), and throws nothing. Then the IndexedDB records the pages read as
 * they open (the board's and the table's game autosave, the console's chosen ROMs, its ROM library and
 * its machine autosaves), damaged the same ways: each page opens, says what it set aside, and offers
 * each record set aside for download beside its sentence. Waits are
 * for states, never time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, downloadBytes, launchBrowser } from './browser.ts';
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
  // Its own query: after '/#/console' a hash alone would not load the page again (nothing read anew).
  ['/?page=board#/board', (p) => p.locator('.bv[data-ready="true"]').waitFor()],
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

/** The machine records the built-in ROMs are saved under (`bios:CRC+cart:CRC`, host.ts). */
async function machineKey(page: Page): Promise<string> {
  return page.evaluate(() =>
    (window.__o2console?.runtime()?.info.roms ?? [])
      .filter((r) => r.kind !== 'charset')
      .map((r) => `${r.kind}:${r.crcHex}`)
      .join('+'),
  );
}

/**
 * Writes a damaged record into each IndexedDB store a page reads at start, from a document of the app's
 * origin that runs no page (nothing autosaves over them before the next load). The databases are made
 * as the app makes them when a page has not yet.
 */
async function damageIdb(page: Page, machine: string): Promise<void> {
  await page.goto(appUrl('/manifest.webmanifest'));
  await page.evaluate(async (machine) => {
    const open = (name: string, make: (d: IDBDatabase) => void) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name, 1);
        req.onupgradeneeded = () => make(req.result);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const put = (d: IDBDatabase, store: string, rows: [unknown, string?][]) =>
      new Promise<void>((resolve, reject) => {
        const tx = d.transaction(store, 'readwrite');
        for (const [v, k] of rows) tx.objectStore(store).put(v, k);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    const board = await open('o2conquest-board', (d) => d.createObjectStore('saves'));
    await put(board, 'saves', [[{ toString: 5 }, 'current']]);
    board.close();
    const konsole = await open('o2conquest-console', (d) => {
      d.createObjectStore('roms', { keyPath: 'key' });
      d.createObjectStore('states', { keyPath: 'key' });
      d.createObjectStore('settings');
    });
    await put(konsole, 'settings', [[{ toString: 5, cart: { toString: 5 } }, 'active']]);
    // A saved state in the ROM library, and the machine's autosaves (table slot 0, console resume slot 6) not states.
    await put(konsole, 'roms', [[{ key: 'cart:4:0badf00d', machine, slot: 0, bytes: new Uint8Array(4) }]]);
    await put(konsole, 'states', [
      [{ key: `${machine}#0`, machine, slot: 0, bytes: '['.repeat(10_000), frame: { toString: 5 } }],
      [{ key: `${machine}#6`, toString: 5 }],
    ]);
    konsole.close();
  }, machine);
}

const SET_ASIDE = {
  save: /The saved game kept in this browser \("o2conquest-board", "current"\) is not a saved game's text: it was set aside in the same storage as "unreadable-[^"]+", and a new game is used\./,
  active:
    /The record "active" in the console's settings kept in this browser is not a choice of ROMs: .*it was set aside in the same storage as "unreadable:settings:active:\d+"/,
  rom: /The record "cart:4:0badf00d" in the console's roms kept in this browser is not a ROM record: .*set aside in the same storage as "unreadable:roms:cart:4:0badf00d:\d+"/,
  tableState:
    /The record "[^"]+#0" in the console's states kept in this browser is not a saved state: .*set aside in the same storage as "unreadable:states:[^"]+#0:\d+"/,
  resumeState: /The record "[^"]+#6" in the console's states kept in this browser is not a saved state: .*set aside/,
};

/** Each record set aside, downloaded from the button beside its sentence: the file's name and what it holds. */
const DOWNLOADED: Record<keyof typeof SET_ASIDE, [RegExp, RegExp]> = {
  save: [/^o2conquest-unreadable-\d{4}-[\dT.-]+Z-\d+\.json$/, /^\{\n "toString": 5\n\}$/],
  active: [/^o2conquest-unreadable-settings-active-\d+\.json$/, /"cart": \{\n {2}"toString": 5/],
  rom: [/^o2conquest-unreadable-roms-cart-4-0badf00d-\d+\.json$/, /"bytes": \{\n {2}"base64": "AAAAAA=="/],
  tableState: [/^o2conquest-unreadable-states-[^#]+-0-\d+\.json$/, /"bytes": "\[{10000}"/],
  resumeState: [/^o2conquest-unreadable-states-[^#]+-6-\d+\.json$/, /"toString": 5/],
};

/** Clicks the download button beside the sentence `said` matches; the file's name and text. */
async function downloadAside(page: Page, said: RegExp): Promise<{ name: string; text: string }> {
  const button = page.locator('#stored-notice p', { hasText: said }).locator('button.stored-download');
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), text: (await downloadBytes(file)).toString('utf8') };
}

describe('damaged IndexedDB records', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('each page opens with the records it reads damaged, and says what it set aside', async () => {
    const t0 = Date.now();
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(appUrl('/?cart=battle#/table'));
    await page.locator('.bv[data-ready="true"]').waitFor();
    await page.waitForFunction(() => window.__o2console?.ready === true);
    const machine = await machineKey(page);
    expect(machine).toMatch(/^bios:[0-9a-f]{8}\+cart:[0-9a-f]{8}$/i);

    const visits: [string, (p: Page) => Promise<void>, (keyof typeof SET_ASIDE)[]][] = [
      ['/?cart=battle#/table', (p) => p.locator('.bv[data-ready="true"]').waitFor(), ['save', 'active', 'tableState']],
      ['/?cart=battle&p=board#/board', (p) => p.locator('.bv[data-ready="true"]').waitFor(), ['save']],
      ['/?cart=battle#/console', waitReady, ['active', 'rom', 'resumeState']],
    ];
    for (const [path, ready, said] of visits) {
      await damageIdb(page, machine);
      await page.goto(appUrl(path));
      await ready(page);
      expect(await page.locator('#app > .page-error').count(), path).toBe(0);
      // Each sentence as a paragraph of the shell's notice (waited for: a record is read as its part of the page starts).
      for (const which of said) {
        await page.locator('#stored-notice:not([hidden]) p', { hasText: SET_ASIDE[which] }).waitFor();
        // And the record itself, from the page that set it aside: out of the player's reach but for this button.
        const file = await downloadAside(page, SET_ASIDE[which]);
        expect(file.name, `${path} ${which}`).toMatch(DOWNLOADED[which][0]);
        expect(file.text, `${path} ${which}`).toMatch(DOWNLOADED[which][1]);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
    console.log(`damaged IndexedDB: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }, 60_000);
});
