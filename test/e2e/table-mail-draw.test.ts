/**
 * The first-player readout of a signed game by mail, drawn by commit and reveal (issue 37,
 * board/mail/draw.ts), on #/table in two browsers. Ann calls and sends her commitment; Bob calls and
 * sends his commitment with his secret (every player has called); Ann, who has no move to make, sends
 * a turn with no move that carries her secret, and the readout is drawn in it: nobody enters it. Bob
 * opens it and both boards agree on who goes first. Waits are for states, never time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { decodeTurnText, encodeEnvelope, sessionDocument } from '../../board/index.ts';
import type { Turn } from '../../board/index.ts';
import { appUrl, downloadBytes, launchBrowser } from './browser.ts';
import { waitReady } from './console-helpers.ts';
import { playTiny, TINY_SEATING } from '../harness/tiny-game.ts';

const log = (page: Page) => page.locator('.bv-log-list li').allTextContents();
const message = (page: Page) => page.locator('#table-mail-message').textContent();
const turnAt = (page: Page) => page.locator('#table-mail-status').getAttribute('data-turn');
const phase = (page: Page) => page.locator('.bv').getAttribute('data-phase');

async function open(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(appUrl('/?cart=battle#/table'));
  await waitReady(page);
  await page.locator('.bv[data-ready="true"]').waitFor();
  await page.locator('#table-mail summary').click();
  return page;
}

/** Clicks `id` and returns the file the page downloads. */
async function downloaded(page: Page, id: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(id).click()]);
  return { name: file.suggestedFilename(), text: (await downloadBytes(file)).toString('utf8') };
}

/** Sends the turn the board holds and returns its file and what it carries. */
async function send(page: Page, number: number): Promise<{ name: string; text: string; turn: Turn }> {
  await page.locator('#table-mail-send').click();
  await page.locator(`#table-mail-sent[data-turn="${number}"]`).waitFor();
  const file = await downloaded(page, '#table-mail-download');
  const decoded = await decodeTurnText(file.text);
  if (!decoded.ok) throw new Error(decoded.error);
  return { ...file, turn: decoded.value as Turn };
}

const give = (page: Page, file: { name: string; text: string }) =>
  page
    .locator('#table-mail-file')
    .setInputFiles({ name: file.name, mimeType: 'text/plain', buffer: Buffer.from(file.text) });

describe('play by mail, signed: the first-player readout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is drawn from the secrets, the last one in a turn with no move', async () => {
    const errors: string[] = [];
    const t0 = Date.now();
    const bob = await open(await browser.newContext(), errors);
    await expect.poll(() => bob.locator('#table-mail-my-key').inputValue()).toMatch(/^o2pub1\./);
    const bobKey = await bob.locator('#table-mail-my-key').inputValue();
    // Ann's browser: the players seated, nobody has called yet; a signed game by mail with Bob's key.
    const ann = await open(await browser.newContext(), errors);
    await ann.locator('#bv-import-file').setInputFiles({
      name: 'seated.json',
      mimeType: 'application/json',
      buffer: Buffer.from(encodeEnvelope({ engine: sessionDocument(playTiny(TINY_SEATING.slice(0, 1))) })),
    });
    await expect.poll(() => phase(ann)).toBe('first-player');
    await ann.locator('#table-mail-me').selectOption('Ann');
    await expect.poll(() => ann.locator('.tb-mail-player-key[data-player="Ann"]').inputValue()).toMatch(/^o2pub1\./);
    await ann.locator('.tb-mail-player-key[data-player="Bob"]').fill(bobKey);
    await ann.locator('#table-mail-start').click();
    await expect.poll(() => turnAt(ann)).toBe('0');
    expect(await ann.locator('#table-mail-status').getAttribute('data-signed')).toBe('true');
    const game = await downloaded(ann, '#table-mail-game');

    // Turn 1: Ann's call, with her commitment and nothing else of the draw.
    await ann.locator('[data-key="call-Ann-9"]').click();
    const one = await send(ann, 1);
    expect(one.turn.events).toEqual([{ type: 'first.call', player: 'Ann', digit: 9 }]);
    expect(Object.keys(one.turn.draw ?? {})).toEqual(['commit']);

    // Turn 2: Bob's call, the last: his commitment and his secret; the readout waits for Ann's secret.
    await bob.locator('#table-mail-file').setInputFiles({
      name: game.name,
      mimeType: 'application/json',
      buffer: Buffer.from(game.text),
    });
    await expect.poll(() => turnAt(bob)).toBe('0');
    await give(bob, one);
    await expect.poll(() => turnAt(bob)).toBe('1');
    await bob.locator('[data-key="call-Bob-0"]').click();
    const two = await send(bob, 2);
    expect(two.turn.events).toEqual([{ type: 'first.call', player: 'Bob', digit: 0 }]);
    expect(Object.keys(two.turn.draw ?? {}).sort()).toEqual(['commit', 'reveal']);
    expect(await phase(bob)).toBe('first-player');

    // Turn 3: Ann has no move to make, but owes her secret: the turn carries it, and the readout it draws.
    await give(ann, two);
    await expect.poll(() => turnAt(ann)).toBe('2');
    expect(await phase(ann)).toBe('first-player');
    const three = await send(ann, 3);
    expect(await message(ann)).toBe(
      'Turn 3 is made (1 move, with your secret for the first-player readout): send its file or its link to the other players.',
    );
    expect(Object.keys(three.turn.draw ?? {})).toEqual(['reveal']);
    expect(three.turn.events).toEqual([{ type: 'first.readout', digit: expect.any(Number) as number }]);
    await expect.poll(() => phase(ann)).not.toBe('first-player');

    // Bob opens it: the same readout, the same first player, on both boards.
    await give(bob, three);
    await expect.poll(() => turnAt(bob)).toBe('3');
    expect(await phase(bob)).toBe(await phase(ann));
    expect(await log(bob)).toEqual(await log(ann));
    expect(errors).toEqual([]);
    console.log(`signed readout by mail: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }, 120_000);
});
