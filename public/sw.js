// o2conquest service worker: keeps the app's own files so it opens offline.
// Pages (navigations) go to the network first and fall back to the cached copy; the build's other
// files (hashed names under /assets/, the icon, the manifest) are served from the cache first.
// Only same-origin GET requests are handled; ROMs and states live in IndexedDB, not here.
const CACHE = 'o2conquest-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(['./', './favicon.svg', './manifest.webmanifest']).then(() => c))
      // The build's own files (offline-files.json, written by src/platform/offline-files-plugin.ts): those the
      // first visit loaded before this worker existed, and the parts loaded only when asked (the program editor,
      // the debugger, the other sections). A list that cannot be read leaves the worker with what pages fetch.
      .then((c) =>
        fetch('./offline-files.json')
          .then((r) => (r.ok ? r.json() : []))
          .then((files) => (Array.isArray(files) ? files.filter((f) => typeof f === 'string') : []))
          .then((files) => Promise.all(files.map((f) => c.add(`./${f}`).catch(() => undefined))))
          .catch(() => undefined),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          caches.open(CACHE).then((c) => c.put('./', copy));
          return response;
        })
        .catch(() => caches.match('./', { ignoreVary: true }).then((r) => r || Response.error())),
    );
    return;
  }
  event.respondWith(
    // ignoreVary: module scripts are requested in CORS mode (with Origin) and the server says Vary: Origin.
    caches.match(request, { ignoreVary: true }).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((c) => c.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
