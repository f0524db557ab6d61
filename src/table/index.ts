/**
 * The Table page (#/table): the board companion and the console together; every battle is fought
 * on the machine and its result read from it.
 */
import '../board-view/board-view.css';
import './table.css';
import type { Page } from '../platform/page.ts';
import { machineHost } from '../machine/machine-host.ts';
import { TablePage } from './page.ts';

export async function mountTable(container: HTMLElement): Promise<Page> {
  const page = new TablePage(machineHost(), container);
  await page.start();
  return { destroy: () => page.destroy() };
}
