import { ensureDebianPackage } from '../setup/debian-package.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build, preview, type PreviewServer } from 'vite';
import { chromium as playwrightChromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS } from '../harness/chromium-flags.ts';

let server: PreviewServer | undefined;
let browserServer: BrowserServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = ensureDebianPackage(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium');
  // A build folder of this run's own, so two test runs (or a run and `npm run build`) never share one.
  const outDir = mkdtempSync(join(tmpdir(), 'o2conquest-e2e-'));
  await build({ logLevel: 'warn', configFile: 'vite.config.ts', build: { outDir, emptyOutDir: true } });
  server = await preview({
    configFile: 'vite.config.ts',
    build: { outDir },
    preview: { port: 0, strictPort: false },
    logLevel: 'warn',
    // Served as stored: gzip on the fly cost this process about 70 ms of CPU for each console page a test
    // opened (1.7 MB of scripts), on the same 2 cores as the browser, for nothing on a loopback connection.
    plugins: [
      {
        name: 'o2-e2e-identity-encoding',
        configurePreviewServer(s) {
          s.middlewares.use((req, _res, next) => {
            req.headers['accept-encoding'] = 'identity';
            next();
          });
        },
      },
    ],
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  // One browser for the run's files, each connecting to it (browser.ts): a launch costs about 2 CPU-seconds
  // and several seconds of waiting on these 2 cores, once per file before (issue 38).
  browserServer = await playwrightChromium.launchServer({
    executablePath: chromium,
    args: [...CHROMIUM_ARGS],
    headless: true,
  });
  project.provide('baseUrl', url);
  project.provide('chromium', chromium);
  project.provide('browserEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer?.close();
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromium: string;
    /** The run's browser (global-setup launches it once), for `chromium.connect`. */
    browserEndpoint: string;
  }
}
