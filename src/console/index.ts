/**
 * The Console page (#/console): the Odyssey² running in a worker, its picture, sound and controls,
 * the ROM library, save states and the debugger.
 */
import './console.css';
import type { Page } from '../shell/routes.ts';
import { ConsoleApp } from './app.ts';

export async function mountConsole(container: HTMLElement): Promise<Page> {
  const app = new ConsoleApp(container);
  await app.start();
  return { destroy: () => app.destroy() };
}
