/**
 * The flags headless Chromium runs with in the browser tests and the browser benches: quiet on a machine
 * with no network but loopback, WebGL on SwiftShader (no GPU), sound allowed without a gesture.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
  // Headless Chromium opens a window for each new context (each test's page), and each window loaded the
  // address bar's web-UI popup in a renderer of its own: about 1 CPU-second a page, beside the app's own
  // load, on these 2 cores (issue 38: a CPU sample by process over six cold loads of #/console; a person's
  // browser loads it once per window, not per page). The first frame of six loads: 1.2-1.8 s with it,
  // 0.9-1.1 s without.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
];
