import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Where the e2e screenshots go (outside the repository); each test prints the paths it wrote, to look at. */
export const SHOTS = join(tmpdir(), 'o2conquest-shots');

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, name);
  await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
  return path;
}
