/**
 * Whether the page has had a real user gesture (a trusted key, pointer or touch press). Imported by
 * main.ts at start-up so a gesture made before a lazily loaded section (console, board) arrives still
 * counts. Browsers refuse sound before one; the app's own sounds wait for it too. (Chromium's
 * navigator.userActivation is not used: under automation it reports activation that never happened.)
 */
let gestured = false;

if (typeof window !== 'undefined') {
  const mark = (event: Event): void => {
    if (event.isTrusted) gestured = true;
  };
  for (const type of ['pointerdown', 'keydown', 'touchstart']) window.addEventListener(type, mark, { capture: true });
}

export function hadUserGesture(): boolean {
  return gestured;
}
