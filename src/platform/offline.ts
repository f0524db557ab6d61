/**
 * Offline use: the web-app manifest and a service worker (public/sw.js) that keeps the app's files,
 * so the console starts without a network once it has been opened. Only in builds (the dev server's
 * modules change under it).
 *
 * The page loads its first files before the service worker exists, so once the worker is active the
 * page hands it the list of what it loaded (resource timing: scripts, styles, the emulator worker)
 * plus what timing does not list (the sound worklet), and the service worker stores them. As it
 * installs, the worker stores the build's other files too (public/sw.js): work on both cores that a
 * page with a console leaves until its first picture is drawn (src/machine/screen-view.ts; issue 38).
 */
export function registerOffline(extraUrls: string[] = []): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `${import.meta.env.BASE_URL}manifest.webmanifest`;
    document.head.append(link);
  }
  // Not under the dev server (import.meta.hot exists only there). import.meta.env.PROD is not the
  // test: a build made while NODE_ENV=test (the e2e setup under vitest) has PROD false.
  if (import.meta.hot || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(`${import.meta.env.BASE_URL}sw.js`)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = new Set<string>([...extraUrls.map((u) => new URL(u, location.href).href)]);
      for (const entry of performance.getEntriesByType('resource')) {
        const url = new URL(entry.name);
        if (url.origin === location.origin) urls.add(url.href);
      }
      registration.active?.postMessage({ type: 'cache', urls: [...urls] });
    })
    .catch(() => {
      // Offline support is a convenience; the console works without it.
    });
}
