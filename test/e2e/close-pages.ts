/**
 * The e2e project's setup file: after each test, the pages it opened are closed (browser.ts), so no
 * console from an earlier test runs beside the next one. A test needs nothing it opened after it ends.
 */
import { afterEach } from 'vitest';
import { closeOpenPages } from './browser.ts';

afterEach(() => {
  closeOpenPages();
});
