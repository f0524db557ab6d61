import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS } from '../harness/chromium-flags.ts';

/** The browsers this file launched: the pages a test opened are closed after it (close-pages.ts). */
const launched = new Set<Browser>();

/**
 * A connection to the run's browser (one Chromium for all the files, launched by global-setup.ts). Its
 * `close()` closes the contexts this connection opened and disconnects; the browser goes on for the
 * next file. Each test's contexts keep the tests apart (storage, service workers, permissions).
 */
export async function launchBrowser(): Promise<Browser> {
  return track(await chromium.connect(inject('browserEndpoint')));
}

/** A Chromium process of its own, for a test about a browser that goes away for good (closed, not disconnected). */
export async function launchOwnBrowser(): Promise<Browser> {
  return track(await chromium.launch({ executablePath: inject('chromium'), args: [...CHROMIUM_ARGS], headless: true }));
}

function track(browser: Browser): Browser {
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/**
 * Closes every page (every context) of the browsers launched here. A page left open goes on running
 * its machine and drawing 60 frames a second while the file's next tests run: on two CPUs that slowed
 * every later test (a file of twelve tests left nine consoles running). The closing is not waited for
 * (it takes a second or two a page, and the next test needs none of it).
 */
export function closeOpenPages(): void {
  for (const browser of launched) for (const context of browser.contexts()) void context.close().catch(() => undefined);
}

/**
 * One browser for the tests of the file or `describe` this is called in: launched before them and closed after,
 * every context a test opened closed after it (each page runs an emulator at 60 Hz: the next tests must not share
 * the CPU with it). Each test opens contexts of its own, which is what keeps the tests apart.
 */
export function browserForTests(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(browser?.contexts().map((c) => c.close()) ?? []);
  });
  return () => {
    if (!browser) throw new Error('the browser is launched before the tests run');
    return browser;
  };
}

export function appUrl(path = '/'): string {
  return new URL(path, inject('baseUrl')).toString();
}

/** Opens the app (in a new context of the browser, or in the context given) and fails the test on any uncaught page error. */
export async function openApp(
  browser: Browser | BrowserContext,
  path = '/',
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(appUrl(path));
  return { page, errors };
}

/** A download's bytes, read through Playwright (the browser is the run's, connected to: a download has no local path). */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
