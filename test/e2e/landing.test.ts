import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';

describe('landing page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the core version and a passing CPU self-test run in the browser', async () => {
    const { page, errors } = await openApp(browser, '/#/about');
    const result = page.locator('#self-test-result');
    await expect.poll(() => result.getAttribute('data-state')).not.toBe('pending');
    expect(await result.getAttribute('data-state')).toBe('pass');
    expect(await result.textContent()).toMatch(/^passed \(\d+ of \d+ checks\)$/);
    expect(await page.locator('#core-version').textContent()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await page.locator('#opcode-count').textContent()).toBe('256 opcodes (230 instructions, 26 unused)');
    expect(errors).toEqual([]);
  });
});
