import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import type { Server } from 'node:http';
import { attachRelay } from './src/net/relay-server.ts';
import { prebuiltRoms } from './src/worker/prebuilt-roms-plugin.ts';
import { offlineFiles } from './src/platform/offline-files-plugin.ts';

/**
 * The remote table's signalling server (src/net/relay-server.ts) inside the app's own server, for
 * `npm start` and `vite preview` alike: one command runs the app and all it needs.
 */
function relay(): Plugin {
  return {
    name: 'o2conquest-relay',
    configureServer(server) {
      if (!server.httpServer) return;
      const r = attachRelay(server.httpServer as Server);
      server.middlewares.use(r.middleware);
      server.httpServer.on('close', () => r.close());
    },
    configurePreviewServer(server) {
      const r = attachRelay(server.httpServer as Server);
      server.middlewares.use(r.middleware);
      server.httpServer.on('close', () => r.close());
    },
  };
}

// One config for the app (root src/, static files from public/) and for Vitest.
// Two test projects: `unit` runs in Node; `e2e` drives Debian's Chromium through playwright-core
// against a production build served by Vite's preview server (see test/e2e/global-setup.ts).
export default defineConfig({
  root: 'src',
  publicDir: '../public',
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022' },
  // The worker's bundle has its own plugins: our ROMs, assembled once at build (src/worker/prebuilt-roms-plugin.ts).
  worker: { format: 'es', plugins: () => [prebuiltRoms()] },
  plugins: [relay(), prebuiltRoms(), offlineFiles()],
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4173, host: '127.0.0.1' },
  test: {
    root: '.',
    reporters: ['default', './test/setup/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**'],
          environment: 'node',
          globalSetup: ['test/setup/unit-global-setup.ts'],
          // The CI machine has two CPUs and the e2e build can share them: a test's time limit guards
          // against a hang, not a slow moment (a timing-dependent test waits for state, never the clock).
          testTimeout: 60_000,
          // The files run one after another in one process, not each in a fresh one: importing the
          // project anew for each of the 176 files cost about 110 s of the unit run's 296 (measured
          // alone on the CI machine's two CPUs). A file that changes a global puts it back after itself.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/e2e/close-pages.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
