import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';

// Plays a short two-player game through the board view (the "play to a target record" variation),
// checking on the way that refusals name their rule, that undo works and that a reload resumes.

const key = (page: Page, k: string) => page.locator(`[data-key="${k}"]`);
const country = (page: Page, name: string) => page.locator(`.bv-world [data-country="${name}"]`);
const notice = (page: Page) => page.locator('.bv-notice');
const record = (page: Page, name: string) => page.locator(`.bv-record [data-record="${name}"]`);
const turn = (page: Page) => page.locator('.bv').getAttribute('data-turn');
const phase = (page: Page) => page.locator('.bv').getAttribute('data-phase');

async function ready(page: Page): Promise<void> {
  await page.locator('.bv[data-ready="true"]').waitFor();
}

describe('board view: a short game to a winner', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('sets up, plays to the target record, refuses with rules, undoes and resumes after reload', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await page.setViewportSize({ width: 1280, height: 800 });
    await ready(page);
    expect(await phase(page)).toBe('setup');

    // Setup: two players, target record 15.
    await key(page, 'name-0').fill('Ann');
    await key(page, 'name-1').fill('Bob');
    await key(page, 'var-target').check();
    await key(page, 'target').fill('15');
    await key(page, 'start').click();
    expect(await phase(page)).toBe('first-player');

    // Digit calls: Ann by mouse, Bob by keyboard; readout 4 makes Ann (3) first.
    await key(page, 'call-Ann-3').click();
    await page.keyboard.press('7');
    await expect.poll(() => page.locator('[data-call="Bob"]').textContent()).toBe('7');
    await key(page, 'readout-4').click();
    expect(await phase(page)).toBe('homelands');
    expect(await turn(page)).toBe('Ann');

    // Homelands, clockwise from Ann.
    await country(page, 'United States').click();
    expect(await turn(page)).toBe('Bob');
    await country(page, 'U.S.S.R.').click();
    expect(await phase(page)).toBe('home-alliances');

    // A refused action shows the engine's reason and names the rule (4A: only the home zone).
    await country(page, 'China').click();
    await key(page, 'confirm-home').click();
    expect(await notice(page).getAttribute('data-kind')).toBe('refused');
    expect(await notice(page).textContent()).toMatch(/Rule 4A.*China is not in Ann's home zone/);
    expect(await phase(page)).toBe('home-alliances');
    await key(page, 'clear-home').click();
    await country(page, 'Canada').click();
    await country(page, 'Mexico').click();
    await key(page, 'confirm-home').click();
    await expect.poll(() => record(page, 'Ann').textContent()).toBe('6');

    // Bob ticks by keyboard (Space on a country) and confirms with Enter.
    for (const c of ['Romania', 'Poland', 'Czechoslovakia', 'East Germany', 'Cuba']) {
      await country(page, c).focus();
      await page.keyboard.press('Space');
    }
    await page.keyboard.press('Enter');
    expect(await phase(page)).toBe('play');
    expect(await turn(page)).toBe('Bob');
    expect(await record(page, 'Bob').textContent()).toBe('4½');

    // Buy an alliance (B, then a country), then undo it (U).
    await page.keyboard.press('b');
    await country(page, 'Australia').click();
    expect(await page.locator('.bv-world [data-country="Australia"]').locator('xpath=..').getAttribute('data-status')).toBe('allied');
    expect(await record(page, 'Bob').textContent()).toBe('6½');
    await page.keyboard.press('u');
    expect(await page.locator('.bv-world [data-country="Australia"]').locator('xpath=..').getAttribute('data-status')).toBe('free');
    expect(await record(page, 'Bob').textContent()).toBe('4½');

    // Resume after reload: same phase, turn, records and log.
    const logBefore = await page.locator('.bv-log-list li').allTextContents();
    await page.reload();
    await ready(page);
    expect(await phase(page)).toBe('play');
    expect(await turn(page)).toBe('Bob');
    expect(await record(page, 'Ann').textContent()).toBe('6');
    expect(await record(page, 'Bob').textContent()).toBe('4½');
    expect(await page.locator('.bv-log-list li').allTextContents()).toEqual(logBefore);
    expect(await notice(page).textContent()).toContain('Resumed the saved game');

    // Attacking a homeland before its neighbours are taken is refused by rule 19A.
    await page.keyboard.press('a');
    await country(page, 'United States').click();
    expect(await notice(page).textContent()).toMatch(/Rule 19A/);

    // The war for China: battle 1 Bob's tank beats Ann's sub.
    await country(page, 'China').click();
    await expect.poll(() => page.locator('.bv-war h2').textContent()).toContain('War for China');
    await key(page, 'weapon-attacker-tank').click();
    await key(page, 'weapon-defender-sub').click();
    await key(page, 'winner-attacker').check();
    await key(page, 'energy-attacker').fill('2000');
    await key(page, 'energy-defender').fill('1500');
    await key(page, 'record-battle').click();
    await expect.poll(() => page.locator('[data-battle="1"]').textContent()).toContain('tank v sub');

    // Ann's sub was destroyed: choosing it again is refused by rule 12F.
    await key(page, 'weapon-defender-sub').click();
    expect(await notice(page).textContent()).toMatch(/Rule 12F/);

    // Battle 2 decides the war: Bob conquers China (13) and passes the target of 15.
    await key(page, 'weapon-attacker-tank').click();
    await key(page, 'weapon-defender-plane').click();
    await key(page, 'winner-attacker').check();
    await key(page, 'energy-attacker').fill('1600');
    await key(page, 'energy-defender').fill('1240');
    await key(page, 'record-battle').click();
    await expect.poll(() => phase(page)).toBe('over');
    expect(await page.locator('.bv-winner').getAttribute('data-winner')).toBe('Bob');
    expect(await page.locator('.bv-winner').textContent()).toBe('Bob wins!');
    expect(await record(page, 'Bob').textContent()).toBe('17½');
    // Rule 13A: the loser's 1240 energy units, to the nearest hundred, in chips to the winner (plus the 5000 zone bonus).
    expect(await page.locator('[data-chips="Bob"]').textContent()).toContain('6,200 PBU');
    expect(await page.locator('.bv-world [data-country="China"]').locator('xpath=..').getAttribute('data-status')).toBe('conquered');

    await page.screenshot({ path: '/tmp/board-view-over.png' });
    expect(errors).toEqual([]);
  });
});
