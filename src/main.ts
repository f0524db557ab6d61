import './audio/gesture.ts';
import { registerOffline } from './platform/offline.ts';
import { startRouter } from './shell/router.ts';
import { routeFor } from './shell/routes.ts';
import { prespawnWorker } from './machine/worker-spawn.ts';

const nav = document.getElementById('nav');
const main = document.getElementById('app');
if (!nav || !main) throw new Error('index.html is missing #nav or #app');
// The emulator's script loads alongside the page's own code, not after it (issue 38).
const machine = routeFor(location.hash).machine === true;
if (machine) {
  prespawnWorker();
  // The machine starts (the ROM library opens, the worker boots) while the page's code loads, so its first picture
  // is waiting when the page's screen is made. The page's own start() gets this same start and says its errors.
  void import('./machine/machine-host.ts').then((m) => m.machineHost().start()).catch(() => undefined);
}
startRouter(nav, main);
// Whatever section the first visit opens, the app's files are kept for offline use from then on: a section
// with a console asks once its first picture is drawn (the screen view), the others once the page has loaded.
if (!machine) window.addEventListener('load', () => registerOffline(), { once: true });
