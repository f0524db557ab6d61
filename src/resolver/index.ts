/** The combat resolver page (#/resolver): another war game's battles fought on the console. */
import './resolver.css';
import type { Page } from '../platform/page.ts';
import { machineHost } from '../machine/machine-host.ts';
import { ResolverPage } from './page.ts';

export async function mountResolver(container: HTMLElement): Promise<Page> {
  const page = new ResolverPage(machineHost(), container);
  await page.start();
  return { destroy: () => page.destroy() };
}
