import { ensureDebianPackage } from '../setup/debian-package.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build, preview, type PreviewServer } from 'vite';

let server: PreviewServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = ensureDebianPackage(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium');
  // `npm test` gives its browser runs one build folder (O2_E2E_BUILD, made and removed by
  // test/setup/run-tests.ts): the first run builds the app there, the second serves that build (the
  // same sources, a minute later) instead of building it again. Alone, a run builds in a folder of its
  // own, so two runs (or a run and `npm run build`) never share one.
  const shared = process.env.O2_E2E_BUILD;
  const outDir = shared ?? mkdtempSync(join(tmpdir(), 'o2conquest-e2e-'));
  if (shared) await sharedBuild(outDir);
  else await build({ logLevel: 'warn', configFile: 'vite.config.ts', build: { outDir, emptyOutDir: true } });
  server = await preview({
    configFile: 'vite.config.ts',
    build: { outDir },
    preview: { port: 0, strictPort: false },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  project.provide('baseUrl', url);
  project.provide('chromium', chromium);
  return async () => {
    await server?.close();
    if (!shared) rmSync(outDir, { recursive: true, force: true });
  };
}

/**
 * The shared build folder: built by the first run to claim it (the file `building` beside it, made
 * exclusively), served by the others once the file `built` says the build finished.
 */
async function sharedBuild(outDir: string): Promise<void> {
  const building = join(dirname(outDir), 'building');
  const built = join(dirname(outDir), 'built');
  let mine = false;
  try {
    writeFileSync(building, String(process.pid), { flag: 'wx' });
    mine = true;
  } catch {
    // Another run builds it: it is served once that build is done.
  }
  if (mine) {
    try {
      await build({ logLevel: 'warn', configFile: 'vite.config.ts', build: { outDir, emptyOutDir: true } });
      writeFileSync(built, '');
    } catch (e) {
      // The runs waiting for this build stop with its reason instead of waiting for ever.
      writeFileSync(built, `the app's build failed: ${String(e)}`);
      throw e;
    }
    return;
  }
  while (!existsSync(built)) await sleep(200);
  const failed = readFileSync(built, 'utf8');
  if (failed) throw new Error(failed);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromium: string;
  }
}
