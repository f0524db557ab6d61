import { ensureDebianPackage } from '../setup/debian-package.ts';
import type { TestProject } from 'vitest/node';
import { build, preview, type PreviewServer } from 'vite';

let server: PreviewServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = ensureDebianPackage(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium');
  await build({ logLevel: 'warn', configFile: 'vite.config.ts' });
  server = await preview({ configFile: 'vite.config.ts', preview: { port: 0, strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  project.provide('baseUrl', url);
  project.provide('chromium', chromium);
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

