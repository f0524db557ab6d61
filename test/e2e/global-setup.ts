import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { build, preview, type PreviewServer } from 'vite';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests need Debian's Chromium; a root user gets it installed, anyone else gets one line saying how. */
function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log('[e2e] Chromium missing: installing Debian package "chromium" (apt-get)...');
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
    if (existsSync(CHROMIUM)) return;
  }
  throw new Error(`Browser tests need Chromium at ${CHROMIUM}: run "sudo apt-get install chromium" (or set CHROMIUM_PATH).`);
}

let server: PreviewServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  await build({ logLevel: 'warn', configFile: 'vite.config.ts' });
  server = await preview({ configFile: 'vite.config.ts', preview: { port: 0, strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  project.provide('baseUrl', url);
  project.provide('chromium', CHROMIUM);
  return async () => {
    await server?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromium: string;
  }
}

