/**
 * The app as the browser benches run it: built, served by `vite preview` on a free port, and headless
 * Chromium launched with the browser tests' flags (no GPU, WebGL on SwiftShader). `close` ends both.
 */
import { chromium, type Browser } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS } from '../harness/chromium-flags.ts';

export interface ServedApp {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Headless Chromium with the browser tests' flags: one more process of it (the netplay bench's second computer). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

export async function servedApp(): Promise<ServedApp> {
  await build({ logLevel: 'warn', configFile: 'vite.config.ts' });
  const server = await preview({
    configFile: 'vite.config.ts',
    preview: { port: 0, strictPort: false },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  const browser = await launchChromium();
  return {
    url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
