/**
 * Two pages of the app at a remote table, brought to a battle between them as people would (the
 * remote table's browser test does the same, test/e2e/table-remote.test.ts): the host loads a war (Ann
 * attacks Bob's B1), opens its table and keeps Bob; a guest in another Chromium process joins with the
 * code and takes Ann's seat; each chooses a tank, and the host's table starts the battle. The bad link
 * (src/net/link-fault.ts) is set in both pages before they load; nothing else is a shortcut.
 */
import type { Browser, Page } from 'playwright-core';
import { encodeEnvelope, sessionDocument } from '../../board/index.ts';
import { warOnB1 } from '../board/helpers.ts';
import type { LinkFault } from '../../src/net/link-fault.ts';

export interface TablePair {
  host: Page;
  guest: Page;
  close(): Promise<void>;
}

const key = (page: Page, k: string) => page.locator(`[data-key="${k}"]`);

async function open(browser: Browser, url: string, fault: LinkFault | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx keeps function names with a __name helper that code sent into the page would lack.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  if (fault) await context.addInitScript({ content: `window.__o2netFault = ${JSON.stringify(fault)};` });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`  (page error: ${String(e)})`));
  await page.goto(url);
  await page.waitForFunction(() => window.__o2console?.ready === true, null, { timeout: 60_000 });
  await page.locator('.bv[data-ready="true"]').waitFor({ timeout: 60_000 });
  return page;
}

/** Waits until both machines run the battle (the guest's starts from the host's snapshot when it comes). */
async function bothFighting(host: Page, guest: Page): Promise<void> {
  for (const p of [host, guest])
    await p.waitForFunction(async () => ((await window.__o2console!.runtime()!.api.netStats())?.frame ?? 0) > 0, null, {
      timeout: 30_000,
      polling: 100,
    });
}

/**
 * After a battle's result (both machines out of it), the war's next battle: each chooses the first
 * weapon still offered (rule 12F takes away the lost ones) and the host's table starts it. False when
 * the war is over (no weapons come) or the next battle did not start.
 */
export async function nextBattle({ host, guest }: TablePair): Promise<boolean> {
  const attacker = guest.locator('[data-key^="weapon-attacker-"]').first();
  const defender = host.locator('[data-key^="weapon-defender-"]').first();
  try {
    await attacker.click({ timeout: 20_000 });
    await defender.click({ timeout: 20_000 });
    await bothFighting(host, guest);
    return true;
  } catch {
    // The war is over, or its next battle did not come: the bench starts another war on new pages.
    return false;
  }
}

/**
 * The host's page on `hostBrowser`, the guest's on `guestBrowser`, in a battle (host blue, guest red),
 * each page's sends made bad by `fault` (its own seed each), or by nothing when `fault` is null.
 */
export async function battleBetween(
  url: string,
  hostBrowser: Browser,
  guestBrowser: Browser,
  fault: Omit<LinkFault, 'seed'> | null,
): Promise<TablePair> {
  const host = await open(hostBrowser, new URL('/?cart=battle#/table', url).toString(), fault && { ...fault, seed: 1 });
  const pages = [host];
  const close = async (): Promise<void> => {
    for (const p of pages) await p.context().close();
  };
  try {
    const save = encodeEnvelope({ engine: sessionDocument(warOnB1()) });
    await host
      .locator('#bv-import-file')
      .setInputFiles({ name: 'war.json', mimeType: 'application/json', buffer: Buffer.from(save) });
    await key(host, 'weapon-attacker-tank').waitFor();
    await host.locator('#table-remote > summary').click();
    await host.locator('#table-invite').click();
    const code = (await host.locator('#table-code').textContent({ timeout: 20_000 }))!;
    const guestUrl = new URL(`/?cart=battle&join=${code}&name=Bench#/table`, url).toString();
    const guest = await open(guestBrowser, guestUrl, fault && { ...fault, seed: 2 });
    pages.push(guest);
    await guest.locator('#table-remote-line[data-line="joined"]').waitFor({ timeout: 30_000 });
    await guest.locator('[data-claim="Ann"]').click();
    await guest.locator('#table-remote-mine', { hasText: 'You play Ann.' }).waitFor({ timeout: 20_000 });
    await key(guest, 'weapon-attacker-tank').click();
    await key(host, 'weapon-defender-tank').click();
    await guest.locator('#table-remote-battle').waitFor({ timeout: 30_000 });
    await host.waitForFunction(
      () => document.querySelector('.tb-battle')?.getAttribute('data-stage') === 'fighting',
      null,
      { timeout: 30_000 },
    );
    await bothFighting(host, guest);
    return { host, guest, close };
  } catch (e) {
    await close();
    throw e;
  }
}
