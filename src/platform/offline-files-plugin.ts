/**
 * The build's list of its own files, `offline-files.json`, which the service worker (public/sw.js) stores
 * as it installs: the parts a page loads only when asked (the program editor, the debugger, the other
 * sections, the GPU picture) then open without a network too, not just the ones the first visit loaded
 * (issue 38 made the editor and the debugger such parts).
 */
import type { Plugin } from 'vite';

export const OFFLINE_FILES = 'offline-files.json';

export function offlineFiles(): Plugin {
  return {
    name: 'o2conquest-offline-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
        .sort();
      this.emitFile({ type: 'asset', fileName: OFFLINE_FILES, source: `${JSON.stringify(files, null, 1)}\n` });
    },
  };
}
