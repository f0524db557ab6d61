/**
 * A new table's first minute on #/table, as people start it: they type their names while the console is
 * still starting, and the console coming up does not take the keyboard from them (it used to move the
 * focus to the screen, so the rest of a name went to the machine). Then "Start game", and the digits
 * the board asks for (rule 2: "Keys 0–9 enter Ann's call") reach the board, not the console. After
 * the readout on the console (SPACE there), the keys are the board's again: both homelands chosen with
 * "/" and a name, a home alliance ticked by name and confirmed with Enter, as the panels say. On a
 * phone, the first step's panel is scrolled into view after "Start game".
 * The console's start is held (its worker script is kept back) until the names are typed, so the test
 * does not depend on which comes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { mailbox, waitReady } from './console-helpers.ts';
import { shot } from './shots.ts';
import { TINY_WAR_ON_B1, playTiny } from '../harness/tiny-game.ts';
import { sessionDocument, encodeEnvelope } from '../../board/index.ts';

const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
const log = async (page: Page) => (await page.locator('.bv-log-list').textContent()) ?? '';

describe('a new table starting', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the keyboard where people put it while the console starts; the first digits reach the board', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await context.route(/emulator\.worker/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const { page, errors } = await openApp(context, '/?cart=battle#/table');

    await page.locator('#bv-name-0').fill('Ann');
    await page.locator('#bv-name-1').click();
    await page.keyboard.type('Bo');
    // The console has not started: its worker is still held back.
    await expect.poll(() => asked).toBe(true);
    expect(await page.evaluate(() => window.__o2console?.ready ?? false)).toBe(false);
    release();
    await waitReady(page);
    expect(await focused(page)).toBe('bv-name-1');
    await page.keyboard.type('b');
    expect(await page.locator('#bv-name-1').inputValue()).toBe('Bob');

    await page.locator('[data-key="start"]').click();
    await page.locator('.bv[data-phase="first-player"]').waitFor();
    expect(await page.locator('.bv').textContent()).toContain("Keys 0–9 enter Ann's call.");
    await page.keyboard.press('3');
    await page.keyboard.press('7');
    await expect.poll(() => log(page)).toContain('Bob calls 7');
    expect(await log(page)).toContain('Ann calls 3');

    // The readout on the console: SPACE there stops it. Then the board's next panel has the keys again.
    await page.locator('[data-key="start-readout"]').click();
    await expect.poll(async () => (await mailbox(page)).phase, { timeout: 15_000 }).toBe('readout');
    expect(await focused(page)).toBe('console-screen');
    // SPACE on Ann's digit (a digit as far from both calls would be called again, rule 2): the machine is
    // paused and stepped to it, so Ann goes first.
    await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(false));
    for (let i = 0; i < 200 && (await mailbox(page)).digit !== 3; i++)
      await page.evaluate(() => window.__o2console!.runtime()!.api.stepFrames(1));
    await page.keyboard.press('Space');
    await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(true));
    await page.locator('.bv[data-phase="homelands"]').waitFor();
    await expect.poll(() => focused(page)).toBe('bv-panel-title');

    // "Click a country, or press / and type its name": both players by keys alone, "/" each time.
    expect(await log(page)).toContain('Readout ends in 3: Ann (called 3) goes first');
    const [first, second] = ['Ann', 'Bob'];
    for (const country of ['Canada', 'Brazil']) {
      await page.keyboard.press('Slash');
      await page.keyboard.type(country);
      await page.keyboard.press('Enter');
    }
    await page.locator('.bv[data-phase="home-alliances"]').waitFor();
    expect(await log(page)).toContain(`${first} chooses Canada (7) as homeland`);
    expect(await log(page)).toContain(`${second} chooses Brazil (6) as homeland`);
    // Home alliances: tick by name, then Enter in the emptied field confirms ("Confirm alliances (Enter)").
    await page.keyboard.press('Slash');
    await page.keyboard.type('Mexico');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-home-sum]').textContent()).toBe('5');
    await page.keyboard.press('Enter');
    await expect.poll(() => log(page)).toContain(`${first} allies in Zone 1 with Mexico (5 PBU)`);
    expect(await page.locator('.bv-notice').textContent()).not.toContain('No country called');
    await shot(page, 'table-start-1280x800.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone (390x844), "Start game" at the foot of the setup form is followed by the first step in view', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, errors } = await openApp(context, '/?cart=battle#/table');
    await waitReady(page);
    await page.locator('#bv-name-0').fill('Ann');
    await page.locator('#bv-name-1').fill('Bob');
    await page.locator('[data-key="start"]').click();
    await page.locator('.bv[data-phase="first-player"]').waitFor();
    // The page scrolls on a phone (one column): the panel's heading is on screen, not above it.
    const top = await page.locator('#bv-panel-title').evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(844 - 80);
    await shot(page, 'table-start-390x844.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a touch phone (390x844) the table shows ENTER, SPACE and both sticks under the picture; SPACE stops the readout', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const { page, errors } = await openApp(context, '/?cart=battle#/table');
    await waitReady(page);
    const touch = page.locator('.tb-touch');
    await touch.waitFor();
    for (const s of ['[data-key="ENTER"]', '[data-key="SPACE"]', '[data-stick="J0_LEFT"]', '[data-stick="J1_RIGHT"]'])
      expect(await touch.locator(s).count(), s).toBe(1);
    // The picture and its controls fit on the screen together.
    await page.locator('#console-screen').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    const box = await touch.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await shot(page, 'table-touch-controls-390x844.png');
    await page.locator('#bv-name-0').fill('Ann');
    await page.locator('#bv-name-1').fill('Bob');
    await page.locator('[data-key="start"]').tap();
    await page.locator('[data-key="call-Ann-3"]').tap();
    await page.locator('[data-key="call-Bob-7"]').tap();
    const still = (await mailbox(page)).digit;
    await page.locator('[data-key="start-readout"]').tap();
    // The readout runs once its digit moves, as a person sees it: a SPACE before that, at SELECT GAME, would open
    // program entry instead (the mailbox's phase reads 'readout' at SELECT GAME too).
    await expect
      .poll(
        async () => {
          const m = await mailbox(page);
          return m.ours && m.phase === 'readout' && m.digit !== still;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // No keyboard: the on-screen SPACE stops the readout, and the table records who goes first (rule 2).
    await touch.locator('[data-key="SPACE"]').tap();
    await page.locator('.bv[data-phase="homelands"]').waitFor({ timeout: 20_000 });
    await shot(page, 'table-touch-390x844.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a touch tablet a battle is started with the on-screen ENTER and steered with the on-screen stick', async () => {
    const context = await browser.newContext({
      viewport: { width: 820, height: 1180 },
      hasTouch: true,
      isMobile: true,
    });
    const { page, errors } = await openApp(context, '/?cart=battle#/table');
    await waitReady(page);
    const war = encodeEnvelope({ engine: sessionDocument(playTiny(TINY_WAR_ON_B1)) });
    await page
      .locator('#bv-import-file')
      .setInputFiles({ name: 'war.json', mimeType: 'application/json', buffer: Buffer.from(war) });
    await page.locator('.bv-war h2').waitFor();
    await page.locator('[data-key="weapon-attacker-tank"]').tap();
    await page.locator('[data-key="weapon-defender-tank"]').tap();
    await page.locator('[data-key="program-battle"]').tap();
    const stage = () => page.locator('.tb-battle').getAttribute('data-stage');
    await expect.poll(stage, { timeout: 30_000 }).toBe('enter');
    const touch = page.locator('.tb-touch');
    await touch.locator('[data-key="ENTER"]').tap();
    await expect.poll(stage, { timeout: 20_000 }).toBe('fighting');
    // Bob (yellow markers) drives the blue tank against Ann (red): the right-hand stick, held down.
    const start = (await mailbox(page)).blue;
    const left = await touch.locator('[data-stick="J1_LEFT"]').boundingBox();
    if (!left) throw new Error('the right stick is not on the screen');
    await page.mouse.move(left.x + left.width / 2, left.y + left.height / 2);
    await page.mouse.down();
    await expect
      .poll(
        async () => {
          const m = await mailbox(page);
          return m.phase !== 'battle' || m.blue.x < start.x;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.mouse.up();
    expect((await mailbox(page)).blue.x).toBeLessThan(start.x);
    // The tablet turned sideways: the sticks at the sides of the picture, ENTER and SPACE under it, all in view.
    await page.setViewportSize({ width: 1180, height: 820 });
    await page.locator('.console-screen').scrollIntoViewIfNeeded();
    const box = async (selector: string) => {
      const b = await page.locator(selector).boundingBox();
      if (!b) throw new Error(`${selector} is not on the screen`);
      return b;
    };
    await expect
      .poll(async () => (await box('.tb-touch > .o2-stick:first-child')).x + 126 <= (await box('.console-screen')).x)
      .toBe(true);
    const picture = await box('.console-screen');
    const [leftStick, rightStick, keys] = [
      await box('.tb-touch > .o2-stick:first-child'),
      await box('.tb-touch > .o2-stick:last-child'),
      await box('.tb-touch-keys'),
    ];
    expect(leftStick.x + leftStick.width).toBeLessThanOrEqual(picture.x);
    expect(rightStick.x).toBeGreaterThanOrEqual(picture.x + picture.width);
    expect(keys.y).toBeGreaterThanOrEqual(picture.y + picture.height);
    for (const b of [picture, leftStick, rightStick, keys]) {
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height).toBeLessThanOrEqual(820);
    }
    await shot(page, 'table-touch-controls-1180x820.png');
    expect(errors).toEqual([]);
    await context.close();
  });
});
