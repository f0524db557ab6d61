/**
 * The Console page (#/console): the Odyssey² running in a worker, its picture, sound and controls,
 * the ROM library, save states and the debugger.
 */
import './console.css';
import type { Page } from '../platform/page.ts';
import { machineHost } from '../machine/machine-host.ts';
import { ConsolePage } from './page.ts';

export async function mountConsole(container: HTMLElement): Promise<Page> {
  const page = new ConsolePage(machineHost(), container);
  await page.start();
  return { destroy: () => page.destroy() };
}
