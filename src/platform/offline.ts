/**
 * Offline use: the web-app manifest and a service worker (public/sw.js) that keeps the app's files,
 * so the console starts without a network once it has been opened. Only in builds (the dev server's
 * modules change under it).
 *
 * The page loads its first files before the service worker exists: as it installs, the worker stores
 * every file of the build (public/sw.js, from the list src/platform/offline-files-plugin.ts writes),
 * those among them. That is work on both cores, which a page with a console leaves until its first
 * picture is drawn (src/machine/screen-view.ts; issue 38).
 */
export function registerOffline(): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `${import.meta.env.BASE_URL}manifest.webmanifest`;
    document.head.append(link);
  }
  // Not under the dev server (import.meta.hot exists only there). import.meta.env.PROD is not the
  // test: a build made while NODE_ENV=test (the e2e setup under vitest) has PROD false.
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {
    // Offline support is a convenience; the console works without it.
  });
}
