/**
 * Offline use: the web-app manifest and a service worker (public/sw.js) that keeps the app's files,
 * so the console starts without a network once it has been opened. Only in production builds (the
 * dev server's modules change under it).
 */
export function registerOffline(): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `${import.meta.env.BASE_URL}manifest.webmanifest`;
    document.head.append(link);
  }
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {
    // Offline support is a convenience; the console works without it.
  });
}
