/**
 * The app as the browser benches run it: built, served by `vite preview` on a free port, and headless
 * Chromium launched with the browser tests' flags (no GPU, WebGL on SwiftShader). `close` ends both.
 */
import { chromium, type Browser } from 'playwright-core';
import { build, preview } from 'vite';

export interface ServedApp {
  url: string;
  browser: Browser;
  close(): Promise<void>;
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  return {
    url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
