import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Flags that keep headless Chromium quiet on a machine with no network but loopback. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromium'), args: CHROMIUM_ARGS, headless: true });
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
