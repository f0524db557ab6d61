import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TINY_TO_ENDGAME, playTiny } from '../harness/tiny-game.ts';
import { appUrl, downloadBytes, launchBrowser, openApp } from './browser.ts';
import { sessionDocument, encodeEnvelope, parseEnvelope } from '../../board/index.ts';

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
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets up, plays to the target record, refuses with rules, undoes and resumes after reload', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await page.setViewportSize({ width: 1280, height: 800 });
    await ready(page);
    expect(await phase(page)).toBe('setup');

    // Setup: two players, target record 15.
    await key(page, 'name-0').fill('Ann');
    await key(page, 'name-1').fill('Bob');
    // The banker list names the players as they are typed (it said "Player 1/2" before).
    expect(await key(page, 'banker').locator('option').allTextContents()).toEqual(['Ann', 'Bob']);
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

    // A refused action shows the engine's reason and names the rule (4A: only the home zone), when the
    // country is ticked, not only at Confirm; the tick is not made.
    await country(page, 'China').click();
    expect(await notice(page).getAttribute('data-kind')).toBe('refused');
    expect(await page.locator('.bv-world [data-country="China"]').getAttribute('aria-pressed')).toBeNull();
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
    expect(
      await page.locator('.bv-world [data-country="Australia"]').locator('xpath=..').getAttribute('data-status'),
    ).toBe('allied');
    expect(await record(page, 'Bob').textContent()).toBe('6½');
    // One purchase per "Buy alliance": the next click attacks again.
    expect(await key(page, 'mode-attack').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('u');
    expect(
      await page.locator('.bv-world [data-country="Australia"]').locator('xpath=..').getAttribute('data-status'),
    ).toBe('free');
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

    // A recorded battle can be undone (the row empties) and redone (it comes back as it was), with the keys.
    await page.keyboard.press('u');
    await expect.poll(() => page.locator('[data-battle="1"]').textContent()).not.toContain('tank v sub');
    expect(await key(page, 'redo').getAttribute('data-can-redo')).toBe('true');
    await page.keyboard.press('y');
    await expect.poll(() => page.locator('[data-battle="1"]').textContent()).toContain('tank v sub');
    expect(await notice(page).textContent()).toContain('Step redone.');
    await page.keyboard.press('y');
    expect(await notice(page).textContent()).toMatch(/Refused: there is nothing to redo/);

    // Ann's sub was destroyed: it is marked, and choosing it again is refused by rule 12F.
    expect(await key(page, 'weapon-defender-sub').getAttribute('data-legal')).toBe('false');
    expect(await key(page, 'weapon-defender-plane').getAttribute('data-legal')).toBe('true');
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
    // The banker is told which chips to hand over.
    expect(await page.locator('.bv-transfers').textContent()).toContain(
      'war chest → Bob: 1,200 PBU (hand over 1 blue, 2 white)',
    );
    expect(await page.locator('.bv-world [data-country="China"]').locator('xpath=..').getAttribute('data-status')).toBe(
      'conquered',
    );

    await page.screenshot({ path: '/tmp/board-view-over.png' });
    expect(errors).toEqual([]);
  });
});

describe('board view: import, end game, export', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A two-player game on a five-country board, played in Node up to the end game (rules 20-21). */
  function savedAtEndgame(): string {
    const s = playTiny(TINY_TO_ENDGAME);
    expect(s.phase).toBe('awaiting-endgame');
    return encodeEnvelope({ engine: sessionDocument(s) });
  }

  it('loads a saved file, plays the end game to its winner and exports the result', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await page.setViewportSize({ width: 1280, height: 800 });
    await ready(page);

    // A file that is not a save is refused and nothing changes.
    await page
      .locator('#bv-import-file')
      .setInputFiles({ name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
    await expect
      .poll(() => notice(page).textContent())
      .toMatch(/Could not load "junk.json": this is not a Conquest of the World save.*unchanged/);
    expect(await phase(page)).toBe('setup');

    // From the keyboard: I goes to the Import button, Enter opens the file picker.
    await page.keyboard.press('Escape');
    await page.keyboard.press('i');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.key)).toBe('import');
    const choosing = page.waitForEvent('filechooser');
    // Playwright switches file-chooser interception on asynchronously; a round trip makes sure it is on
    // before the key press (otherwise, on a loaded machine, the picker can open unseen).
    await page.evaluate(() => 0);
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    await chooser.setFiles({
      name: 'endgame.json',
      mimeType: 'application/json',
      buffer: Buffer.from(savedAtEndgame()),
    });
    await expect.poll(() => phase(page)).toBe('awaiting-endgame');
    expect(await record(page, 'Ann').textContent()).toBe('5½');
    expect(await record(page, 'Bob').textContent()).toBe('1');

    // Rule 21: the lowest record (Bob) challenges the next; energy = record x 100.
    await key(page, 'endgame-start').click();
    await expect.poll(() => phase(page)).toBe('endgame');
    expect(await page.locator('.bv-war h2').textContent()).toContain('Bob challenges Ann');
    await key(page, 'weapon-attacker-tank').click();
    await key(page, 'weapon-defender-plane').click();
    await key(page, 'winner-attacker').check();
    await key(page, 'energy-attacker').fill('80');
    await key(page, 'energy-defender').fill('400');
    await key(page, 'record-battle').click();
    await expect.poll(() => record(page, 'Bob').textContent()).toBe('2');

    // Roles alternate (21E); Ann's plane, lost last battle, sits this one out (21F).
    await key(page, 'weapon-attacker-plane').click();
    expect(await notice(page).textContent()).toMatch(/Rule 21F/);
    await key(page, 'weapon-attacker-sub').click();
    await key(page, 'weapon-defender-tank').click();
    await key(page, 'winner-attacker').check();
    await key(page, 'energy-attacker').fill('300');
    await key(page, 'energy-defender').fill('0');
    await key(page, 'record-battle').click();
    await expect.poll(() => phase(page)).toBe('over');
    expect(await page.locator('.bv-winner').getAttribute('data-winner')).toBe('Ann');

    // Export (E) writes the finished game to a file that holds it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('e')]);
    const saved = parseEnvelope((await downloadBytes(download)).toString('utf8'));
    expect((saved.engine as { game: { state: unknown } }).game.state).toMatchObject({ phase: 'over', winner: 'Ann' });
    expect(errors).toEqual([]);
  });

  it('every country name fits its zone column at 1024, 1280 and 1440 wide (none cut with an ellipsis)', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await ready(page);
    await key(page, 'name-0').fill('Ann');
    await key(page, 'name-1').fill('Bob');
    await key(page, 'start').click();
    expect(await phase(page)).toBe('first-player');
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const names = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.bv-world .bv-country-name')].map((e) => ({
          name: e.textContent,
          cut: e.scrollWidth > e.clientWidth,
        })),
      );
      expect(names.length).toBeGreaterThan(40);
      expect(names.filter((n) => n.cut).map((n) => `${n.name} at ${width}`)).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('is usable at tablet width and in large type', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await page.setViewportSize({ width: 820, height: 1180 });
    await ready(page);
    await page.keyboard.press('l');
    expect(await page.locator('.bv').getAttribute('class')).toContain('bv-large');
    expect(await key(page, 'large').getAttribute('aria-pressed')).toBe('true');
    // Nothing may be wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    const size = await page
      .locator('.bv-world [data-country="United States"]')
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(18);
    // A name cut short by a narrow column (United Kingdom at 1280 wide) still shows in full on hover.
    expect(await page.locator('.bv-world [data-country="United Kingdom"]').getAttribute('title')).toBe(
      'United Kingdom',
    );
    // The choice is kept across a reload.
    await page.reload();
    await ready(page);
    expect(await page.locator('.bv').getAttribute('class')).toContain('bv-large');
    await page.screenshot({ path: '/tmp/board-view-tablet-large.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});

describe('board view: a damaged autosave', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const idb = (page: Page, op: 'put' | 'dump', value = '') =>
    page.evaluate(
      ([op, value]) =>
        new Promise<Record<string, string>>((resolve, reject) => {
          const open = indexedDB.open('o2conquest-board', 1);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('saves', op === 'put' ? 'readwrite' : 'readonly');
            const store = tx.objectStore('saves');
            const out: Record<string, string> = {};
            if (op === 'put') store.put(value, 'current');
            else {
              const cur = store.openCursor();
              cur.onsuccess = () => {
                const c = cur.result;
                if (c) {
                  out[String(c.key)] = String(c.value);
                  c.continue();
                }
              };
            }
            tx.oncomplete = () => {
              open.result.close();
              resolve(out);
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      [op, value] as const,
    );

  it('says what is wrong, keeps the damaged save aside and offers it for download', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await ready(page);
    const damaged = JSON.stringify({ format: 'o2conquest-board-save', version: 1, engine: '{"game":"{oops' });
    await idb(page, 'put', damaged);
    await page.reload();
    await ready(page);
    expect(await notice(page).getAttribute('data-kind')).toBe('error');
    expect(await notice(page).textContent()).toMatch(
      /saved game could not be read: the game snapshot is not valid JSON\. It was kept in browser storage as "unreadable-/,
    );
    const kept = await idb(page, 'dump');
    const asideKey = Object.keys(kept).find((k) => k.startsWith('unreadable-'));
    expect(asideKey && kept[asideKey]).toBe(damaged);

    const [download] = await Promise.all([page.waitForEvent('download'), key(page, 'download-corrupt').click()]);
    expect((await downloadBytes(download)).toString('utf8')).toBe(damaged);

    // Starting a game autosaves over "current"; the damaged copy stays.
    await key(page, 'name-0').fill('Ann');
    await key(page, 'name-1').fill('Bob');
    await key(page, 'start').click();
    await expect.poll(async () => (await idb(page, 'dump')).current).toContain('first-player');
    expect((await idb(page, 'dump'))[asideKey!]).toBe(damaged);
    expect(errors).toEqual([]);
  });
});

describe('board view: keyboard only, and touch', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const focused = (page: Page) =>
    page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.dataset.key ?? document.activeElement?.id ?? null,
    );

  it('plays from setup into a recorded battle with the keyboard alone', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await ready(page);
    await key(page, 'name-0').focus();
    await page.keyboard.type('Ann');
    await page.keyboard.press('Tab'); // marker colour
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bob');
    await page.keyboard.press('Enter'); // submits the setup form
    await expect.poll(() => phase(page)).toBe('first-player');
    expect(await focused(page)).toBe('panel-title');

    for (const d of ['2', '8', '2']) await page.keyboard.press(d);
    expect(await turn(page)).toBe('Ann');

    // Homelands and home alliances through the country box: "/", a name, Enter; Esc leaves the box.
    // The box keeps the focus after a choice, so "/" is needed only to get into it.
    const pick = async (name: string) => {
      if ((await focused(page)) !== 'find') await page.keyboard.press('/');
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
    };
    await pick('Japan');
    await pick('China');
    expect(await phase(page)).toBe('home-alliances');
    await pick('Taiwan');
    await pick('South Korea');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect.poll(() => record(page, 'Ann').textContent()).toBe('3');
    await pick('Vietnam');
    await pick('North Korea');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    expect(await phase(page)).toBe('play');
    expect(await record(page, 'Bob').textContent()).toBe('2½');

    // Bob passes (P); Ann attacks Australia (A, then the country box).
    expect(await turn(page)).toBe('Bob');
    await page.keyboard.press('p');
    expect(await turn(page)).toBe('Ann');
    await page.keyboard.press('a');
    await pick('Australia');
    await expect.poll(() => focused(page)).toBe('panel-title');

    // Weapons and the battle result by Tab, Enter, arrows and typing.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('weapon-attacker-tank');
    await page.keyboard.press('Enter');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('weapon-defender-sub');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('winner-attacker');
    await page.keyboard.press('ArrowRight'); // the defender won
    await page.keyboard.press('Tab'); // out of the radio group
    expect(await focused(page)).toBe('energy-attacker');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('900');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-battle="1"]').textContent()).toContain('tank v sub');
    expect(await page.locator('[data-battle="1"]').textContent()).toContain('Bob');
    expect(await page.locator('[data-battle="1"]').textContent()).toContain('900 / 2500');
    expect(errors).toEqual([]);
  });

  it('forms and breaks a player alliance with three players (rule 18)', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await ready(page);
    await key(page, 'add-player').click();
    for (const [i, n] of ['Ann', 'Bob', 'Cy'].entries()) await key(page, `name-${i}`).fill(n);
    await key(page, 'start').click();
    for (const d of ['1', '5', '9', '9']) await page.keyboard.press(d);
    for (const c of ['United States', 'West Germany', 'Japan']) await country(page, c).click();
    for (let i = 0; i < 3; i++) await key(page, 'confirm-home').click();
    expect(await phase(page)).toBe('play');
    await key(page, 'alliances').click();
    await key(page, 'ally-Ann').check();
    await key(page, 'ally-Cy').check();
    await key(page, 'alliance-form').click();
    await expect.poll(() => page.locator('.bv-players').textContent()).toContain('Player alliances: Ann + Cy');
    await key(page, 'break-Cy').click();
    expect(await page.locator('.bv-players').textContent()).not.toContain('Player alliances');
    // Rule 18F: a broken alliance cannot be renewed.
    await key(page, 'ally-Ann').check();
    await key(page, 'ally-Cy').check();
    await key(page, 'alliance-form').click();
    expect(await notice(page).textContent()).toMatch(/Rule 18F/);
    expect(errors).toEqual([]);
  });

  it('takes taps on a touch screen', async () => {
    const context = await browser.newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: 820, height: 1180 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(appUrl('/#/board'));
    await ready(page);
    await key(page, 'name-0').fill('Ann');
    await key(page, 'name-1').fill('Bob');
    await key(page, 'start').tap();
    await key(page, 'call-Ann-1').tap();
    await key(page, 'call-Bob-6').tap();
    await key(page, 'readout-0').tap();
    expect(await turn(page)).toBe('Ann');
    await country(page, 'Brazil').tap();
    expect(
      await page.locator('.bv-world [data-country="Brazil"]').locator('xpath=..').getAttribute('data-status'),
    ).toBe('homeland');
    // Touch targets are finger-sized (44 CSS pixels) on a coarse pointer.
    const box = await country(page, 'Argentina').boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(errors).toEqual([]);
    await context.close();
  });
});
