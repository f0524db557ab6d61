/**
 * The combat resolver (#/resolver) as a new player uses it: once for each of the three preset
 * games and once with a table of one's own. Each battle is programmed into the battle cartridge by
 * the page, started with its ENTER button and fought on the machine (nobody steers: the sides run
 * their energy down, or a jet flies into trouble); the result the page shows is checked against the
 * resolver applied, here in Node, to the outcome read from the cartridge's mailbox. Every wait is
 * for a state (the page's stage, the mailbox's phase), never for time.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  resolveBattle,
  serializeTable,
  type BattleSetup,
  type CombatTable,
  type Resolution,
} from '../../board/resolver/index.ts';
import type { CartMailbox } from '../../rom-core/roms/carts/mailbox.ts';
import { downloadBytes, launchBrowser, openApp } from './browser.ts';
import { autosavedAfter, mailbox, poll, waitReady } from './console-helpers.ts';

const SHOTS = join(tmpdir(), 'o2conquest-resolver-shots');

const key = (page: Page, k: string) => page.locator(`[data-key="${k}"]`);
const stage = (page: Page) => page.locator('.resolver').getAttribute('data-stage');

async function openResolver(browser: Browser, cart = 'battle'): Promise<{ page: Page; errors: string[] }> {
  const opened = await openApp(browser, `/?cart=${cart}#/resolver`);
  await opened.page.setViewportSize({ width: 1280, height: 800 });
  await waitReady(opened.page);
  await opened.page.locator('.resolver').waitFor();
  return opened;
}

async function fill(page: Page, values: Record<string, string | number>): Promise<void> {
  for (const [k, v] of Object.entries(values)) await key(page, k).fill(String(v));
}

/**
 * Programs the battle, checks the entry the cartridge shows, presses the page's ENTER and waits for
 * the result; returns the result screen's mailbox and the resolution the page shows.
 */
async function fightOnConsole(
  page: Page,
  energy: { attacker: number; defender: number },
  weapons: [string, string],
): Promise<{ m: CartMailbox; text: string; how: string }> {
  await key(page, 'program-battle').click();
  // The stage moves on, or the page says why it did not.
  await poll(
    async () => (await stage(page)) === 'enter' || (await page.locator('[data-fight-error]').count()) > 0,
  ).toBe(true);
  expect(
    await page.locator('[data-fight-error]').count(),
    (await page.locator('[data-fight-error]').allTextContents()).join(),
  ).toBe(0);
  const entry = await mailbox(page);
  expect(entry.phase).toBe('entry');
  // The attacker holds the left control (red).
  expect([entry.red.weapon, entry.red.energy, entry.blue.weapon, entry.blue.energy]).toEqual([
    weapons[0],
    energy.attacker,
    weapons[1],
    energy.defender,
  ]);
  await key(page, 'press-enter').click();
  await expect.poll(() => stage(page), { timeout: 120_000, interval: 100 }).toBe('result');
  const m = await mailbox(page);
  expect(m.phase).toBe('result');
  return {
    m,
    text: (await page.locator('#rs-result .rs-result-text').textContent()) ?? '',
    how: (await page.locator('#rs-result .rs-result-how').textContent()) ?? '',
  };
}

/** The resolver applied in Node to the outcome the mailbox shows (the attacker is red). */
function expected(setup: BattleSetup, m: CartMailbox): Resolution {
  const winner = m.winner === 'both' ? 'both-destroyed' : m.winner === 'red' ? 'attacker' : 'defender';
  return resolveBattle(setup, { winner, left: { attacker: m.red.energy, defender: m.blue.energy } });
}

async function logCount(page: Page): Promise<number> {
  return Number(await page.locator('#rs-log').getAttribute('data-count'));
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, name);
  await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
}

describe('the combat resolver page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('resolves an Origins conflict, a Battle Plan battle and an umpire battle fought on the console, logged and exported', async () => {
    const { page, errors } = await openResolver(browser);
    await page.locator('#nav a[href="#/resolver"]').waitFor();
    expect(await page.locator('#nav a[href="#/resolver"]').getAttribute('aria-current')).toBe('page');

    // Origins: 10 PFs against 4 in Austria; a small scale (120) keeps the battle short.
    await key(page, 'game').selectOption('origins');
    await fill(page, {
      'attacker-pf': 8,
      'attacker-understanding': 0,
      'defender-pf': 4,
      'defender-understanding': 0,
      'scale-top': 120,
      area: 'Austria',
    });
    await fill(page, { 'attacker-understanding': 1 });
    const origins: BattleSetup = { game: 'origins', attacker: 13, defender: 4, area: 'Austria', scale: { top: 120 } };
    await poll(() => page.locator('#rs-energy').textContent()).toContain('Energy units: attacker 120, defender 37.');
    expect(await page.locator('#rs-energy').textContent()).toContain('8 PFs + 1 x 5 for Understanding = 13 PFs');
    expect(await page.locator('#rs-energy').textContent()).toContain('the defender gets 120 x 4 / 13 = 37');
    await shot(page, 'resolver-1280x800-origins-setup.png');
    const o = await fightOnConsole(page, { attacker: 120, defender: 37 }, ['T', 'T']);
    const ro = expected(origins, o.m);
    expect(ro.column).toBe('3-1');
    expect(o.text).toBe(ro.text);
    expect(o.how).toContain(`column 3-1, the battle stands for a die roll of ${ro.die}`);
    expect(await logCount(page)).toBe(1);
    await shot(page, 'resolver-1280x800-origins-result.png');

    // Bad input: a clear sentence, and the battle cannot be programmed.
    await fill(page, { 'attacker-pf': -2 });
    await poll(() => page.locator('#rs-energy').textContent()).toContain(
      'The attacker\'s "Political factors" must be at least 0, not -2.',
    );
    expect(await key(page, 'program-battle').isDisabled()).toBe(true);

    // Battle Plan: 10 armies against 4, jet against tank.
    await key(page, 'game').selectOption('battleplan');
    await fill(page, { 'attacker-armies': 10, 'defender-armies': 4, 'scale-top': 100 });
    await key(page, 'weapon-attacker').selectOption('plane');
    await poll(() => page.locator('#rs-energy').textContent()).toContain('Energy units: attacker 100, defender 40.');
    // The defender's tank is steered by the worker's battle bot (a fixed seed), as the practice panel does.
    await page.evaluate(() => window.__o2console!.runtime()!.api.setBot(1, 'hard', 7));
    const b = await fightOnConsole(page, { attacker: 100, defender: 40 }, ['P', 'T']);
    await page.evaluate(() => window.__o2console!.runtime()!.api.setBot(1, null));
    const rb = expected({ game: 'battleplan', attacker: 10, defender: 4, area: 'Austria', scale: { top: 100 } }, b.m);
    expect(b.text).toBe(rb.text);
    console.log(
      `Battle Plan battle on the machine: ${b.m.winner} won, left ${b.m.red.energy}/${b.m.blue.energy}: ${rb.text}`,
    );
    expect(await logCount(page)).toBe(2);

    // The umpire's open battle: 120 against 100 in hills (+25 % to the defender), submarine against tank.
    // SPACE on the console's result screen (rule 12E) goes back to its entry: the page is ready again.
    await page.locator('#console-screen').click();
    await page.keyboard.press('Space');
    await poll(() => stage(page)).toBe('ready');
    await poll(async () => (await mailbox(page)).phase).toBe('entry');
    await key(page, 'game').selectOption('umpire');
    await fill(page, {
      'attacker-value': 120,
      'attacker-terrain': 0,
      'attacker-skill': 0,
      'defender-value': 100,
      'defender-terrain': 25,
      'defender-skill': 0,
      'scale-top': 100,
    });
    await key(page, 'weapon-attacker').selectOption('sub');
    await poll(() => page.locator('#rs-energy').textContent()).toContain('Energy units: attacker 96, defender 100.');
    const u = await fightOnConsole(page, { attacker: 96, defender: 100 }, ['S', 'T']);
    const ru = expected({ game: 'umpire', attacker: 120, defender: 125, area: 'Austria', scale: { top: 100 } }, u.m);
    expect(u.text).toBe(ru.text);
    expect(await logCount(page)).toBe(3);
    await shot(page, 'resolver-1280x800-umpire-result.png');

    // The log survives a reload and exports as CSV and JSON.
    await page.reload();
    await waitReady(page);
    await poll(() => logCount(page)).toBe(3);
    // The game and what was typed come back too.
    expect(await key(page, 'game').inputValue()).toBe('umpire');
    expect([
      await key(page, 'defender-terrain').inputValue(),
      await key(page, 'scale-top').inputValue(),
      await key(page, 'weapon-attacker').inputValue(),
    ]).toEqual(['25', '100', 'sub']);
    const [csv] = await Promise.all([page.waitForEvent('download'), key(page, 'export-csv').click()]);
    const lines = (await downloadBytes(csv)).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^at,game,area,attacker force,defender force,/);
    expect(lines[1]).toContain(',origins,Austria,13,4,tank,tank,120,37,');
    const [json] = await Promise.all([page.waitForEvent('download'), key(page, 'export-json').click()]);
    const entries = JSON.parse((await downloadBytes(json)).toString('utf8')) as Resolution[];
    expect(entries.map((e) => [e.game, e.result, e.text])).toEqual([ro, rb, ru].map((r) => [r.game, r.result, r.text]));
    expect(errors).toEqual([]);
  }, 300_000);

  it("resolves a battle on a table of one's own: a bad table refused with sentences, a JSON file loaded, saved and downloaded", async () => {
    const { page, errors } = await openResolver(browser);
    await key(page, 'game').selectOption('own');
    await page.locator('#own-table').waitFor();
    // A table with a bad column and an unknown code: every problem named, nothing saved.
    await fill(page, { 'own-columns': '1-2, x, 3-1', 'own-rows': 'A, D, D\nA, Q, D' });
    await key(page, 'own-save').click();
    const status = (await page.locator('.rs-own-status').textContent()) ?? '';
    expect(status).toContain('The table was not saved');
    expect(status).toContain('Column 2 ("x") is not');
    expect(status).toContain('Row 2, column 2: "Q" is not one of the result codes.');
    expect(await page.evaluate(() => localStorage.getItem('o2conquest.resolver.table'))).toBeNull();
    await page.locator('.rs-own-status').scrollIntoViewIfNeeded();
    await shot(page, 'resolver-1280x800-own-table-errors.png');

    // A JSON file of one's own: loaded, checked, saved in this browser.
    const mine: CombatTable = {
      name: 'Hill fights',
      kind: 'odds',
      columns: ['1-1', '2-1', '3-1'],
      rows: [
        ['H', 'W', 'W'],
        ['H', 'H', 'W'],
        ['L', 'H', 'W'],
        ['L', 'L', 'H'],
      ],
      results: {
        L: 'the attackers fall back from {area}',
        H: 'both hold their ground in {area}',
        W: 'the defenders abandon {area}, leaving {min} behind',
      },
      below: 'L',
    };
    await page
      .locator('#own-file')
      .setInputFiles({ name: 'hills.json', mimeType: 'application/json', buffer: Buffer.from('{"name": "broken"') });
    await poll(() => page.locator('.rs-own-status').textContent()).toContain(
      '“hills.json” was not loaded: nothing changed.',
    );
    await page
      .locator('#own-file')
      .setInputFiles({ name: 'hills.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(mine)) });
    await poll(() => page.locator('.rs-own-status').textContent()).toContain('Saved “Hill fights” in this browser');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('o2conquest.resolver.table')))!)).toEqual(mine);
    const [file] = await Promise.all([page.waitForEvent('download'), key(page, 'own-download').click()]);
    expect(file.suggestedFilename()).toBe('Hill-fights.json');
    expect((await downloadBytes(file)).toString('utf8')).toBe(serializeTable(mine));

    await fill(page, { 'attacker-strength': 9, 'defender-strength': 4, 'scale-top': 90, area: 'the ridge' });
    await poll(() => page.locator('#rs-energy').textContent()).toContain('Energy units: attacker 90, defender 40.');
    const r = await fightOnConsole(page, { attacker: 90, defender: 40 }, ['T', 'T']);
    const want = expected({ game: mine, attacker: 9, defender: 4, area: 'the ridge', scale: { top: 90 } }, r.m);
    expect(want.column).toBe('2-1');
    expect(r.text).toBe(want.text);
    await page.locator('#own-table').scrollIntoViewIfNeeded();
    await shot(page, 'resolver-1280x800-own-table.png');

    // After a reload the table is still the one in use.
    await page.reload();
    await waitReady(page);
    expect(await key(page, 'own-name').inputValue()).toBe('Hill fights');
    expect(errors).toEqual([]);
  }, 240_000);

  it('on another cartridge says so, programs nothing, and switches to the battle cartridge when asked', async () => {
    const { page, errors } = await openResolver(browser, 'console-test');
    await poll(() => page.locator('#rs-battle').textContent()).toContain('The console runs another cartridge');
    expect(await key(page, 'program-battle').isDisabled()).toBe(true);
    await key(page, 'use-battle-cart').click();
    await poll(() => page.evaluate(() => window.__o2console!.runtime()!.info.builtinCart)).toBe('battle');
    await poll(() => key(page, 'program-battle').isDisabled()).toBe(false);
    expect(await key(page, 'use-battle-cart').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('a reload in the middle of a battle comes back to the same battle and logs its result', async () => {
    const { page, errors } = await openResolver(browser);
    await key(page, 'game').selectOption('origins');
    // 10 PFs against 4: 600 and 240 energy units, tanks: the battle lasts some 480 frames.
    await fill(page, {
      'attacker-pf': 10,
      'attacker-understanding': 0,
      'defender-pf': 4,
      'defender-understanding': 0,
      'scale-top': 600,
    });
    await poll(() => page.locator('#rs-energy').textContent()).toContain('Energy units: attacker 600, defender 240.');
    await key(page, 'program-battle').click();
    await poll(() => stage(page)).toBe('enter');
    await key(page, 'press-enter').click();
    await poll(() => stage(page)).toBe('fighting');
    const battleFrame = await page.evaluate(() => window.__o2console!.shownFrame);
    // The machine's autosave (about once a second) into the resolver's slot lands mid-battle; then the page reloads.
    await poll(() => autosavedAfter(page, 5, battleFrame)).toBe(true);
    await page.reload();
    await waitReady(page);
    await poll(() => stage(page)).toBe('fighting');
    expect((await mailbox(page)).phase).toBe('battle');
    expect(await page.locator('#resolver-message').textContent()).toContain('The console goes on from its autosave');
    await expect.poll(() => stage(page), { timeout: 120_000, interval: 100 }).toBe('result');
    const m = await mailbox(page);
    const want = expected({ game: 'origins', attacker: 10, defender: 4, area: 'Austria', scale: { top: 600 } }, m);
    expect(await page.locator('#rs-result .rs-result-text').textContent()).toBe(want.text);
    expect(await logCount(page)).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('o2conquest.resolver.pending'))).toBe('');
    expect(errors).toEqual([]);
  }, 180_000);
});
