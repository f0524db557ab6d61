import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseScenario } from '../../board/index.ts';
import { downloadBytes, launchBrowser, openApp } from './browser.ts';

// The what-if editor: edit the 1982 world (a value, a zone change, the order), save it, refuse a bad
// scenario file, then play on the edited board and check that the rules engine uses the edited values.

const key = (page: Page, k: string) => page.locator(`[data-key="${k}"]`);
const zoneNames = (page: Page, zone: string) =>
  page
    .locator(`.bv-ed-zone[data-zone="${zone}"] .bv-ed-country`)
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.country));
const boardRow = (page: Page, country: string) =>
  page.locator(`.bv-world [data-country="${country}"]`).locator('xpath=..');

async function commit(page: Page, k: string, value: string): Promise<void> {
  await key(page, k).fill(value);
  await key(page, k).press('Enter');
}

describe('board view: the what-if scenario editor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits, saves, refuses a bad file, and starts a game the engine plays on the edited board', async () => {
    const { page, errors } = await openApp(browser, '/#/board');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('.bv[data-ready="true"]').waitFor();
    expect(await page.locator('[data-scenario]').textContent()).toBe('The world of 1982');
    await key(page, 'open-editor').click();
    await page.locator('.bv-editor').waitFor();

    await commit(page, 'name', 'Small America');
    await commit(page, 'pbu:United States', '8');
    expect(await page.locator('[data-summary]').textContent()).toContain('208 PBU');

    // A refused value stays in its field with the reason beside it; the scenario keeps the old value.
    await commit(page, 'pbu:Canada', '0');
    expect(await page.locator('[data-error="pbu:Canada"]').textContent()).toBe(
      'Canada\'s value must be a whole number of PBU from 1 to 999 (got "0")',
    );
    expect(await key(page, 'pbu:Canada').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-summary]').textContent()).toContain('208 PBU');
    await commit(page, 'pbu:Canada', '7');
    expect(await page.locator('[data-error="pbu:Canada"]').count()).toBe(0);

    // Cuba moves into Zone 1 (at the end), then one place up by keyboard: it now borders the United States.
    await key(page, 'move:Cuba').selectOption('Zone 1');
    expect(await zoneNames(page, 'Zone 1')).toEqual(['Canada', 'United States', 'Mexico', 'Cuba']);
    await key(page, 'up:Cuba').focus();
    await page.keyboard.press('Enter');
    expect(await zoneNames(page, 'Zone 1')).toEqual(['Canada', 'United States', 'Cuba', 'Mexico']);
    expect(await zoneNames(page, 'Zone 2')).not.toContain('Cuba');
    // A new country at the end of Zone 1, renamed, a clashing name refused beside its field, then deleted again.
    await key(page, 'add-name:0').fill('Greenland');
    await key(page, 'add-pbu:0').fill('2');
    await key(page, 'add-country:0').click();
    expect(await zoneNames(page, 'Zone 1')).toEqual(['Canada', 'United States', 'Cuba', 'Mexico', 'Greenland']);
    expect(await page.locator('[data-summary]').textContent()).toContain('210 PBU');
    await commit(page, 'rename:Greenland', 'Kalaallit Nunaat');
    expect(await zoneNames(page, 'Zone 1')).toContain('Kalaallit Nunaat');
    await commit(page, 'rename:Kalaallit Nunaat', 'Canada');
    expect(await page.locator('[data-error="rename:Kalaallit Nunaat"]').textContent()).toMatch(
      /country "Canada" appears twice/,
    );
    await commit(page, 'rename:Kalaallit Nunaat', 'Kalaallit Nunaat');
    expect(await page.locator('[data-error^="rename:"]').count()).toBe(0);
    await page.screenshot({ path: '/tmp/board-scenario-editor.png' });
    await key(page, 'delete:Kalaallit Nunaat').click();
    expect(await zoneNames(page, 'Zone 1')).toEqual(['Canada', 'United States', 'Cuba', 'Mexico']);
    expect(await page.locator('[data-summary]').textContent()).toContain('208 PBU');

    // Save: a download of the scenario file, and a copy kept in the browser.
    const [download] = await Promise.all([page.waitForEvent('download'), key(page, 'save-scenario').click()]);
    expect(download.suggestedFilename()).toBe('small-america.json');
    const file = parseScenario((await downloadBytes(download)).toString('utf8'));
    expect(file.name).toBe('Small America');
    expect(file.zones[0]).toEqual({
      name: 'Zone 1',
      countries: [
        { name: 'Canada', pbu: 7 },
        { name: 'United States', pbu: 8 },
        { name: 'Cuba', pbu: 1 },
        { name: 'Mexico', pbu: 5 },
      ],
    });
    await page.locator('[data-saved="Small America"]').waitFor();
    expect(await page.locator('[data-message]').textContent()).toMatch(
      /Saved "Small America": downloaded as small-america.json and kept in this browser/,
    );

    // A bad scenario file: a specific error, nothing changes.
    const bad = JSON.stringify({
      name: 'Broken',
      zones: [
        {
          name: 'Z',
          countries: [
            { name: 'A', pbu: 'ten' },
            { name: 'A', pbu: 3 },
          ],
        },
      ],
    });
    await key(page, 'scenario-file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(bad),
    });
    await page.locator('[data-message="error"]').waitFor();
    expect(await page.locator('[data-message="error"]').textContent()).toBe(
      'Could not load "broken.json": zone "Z": "A" needs a whole "pbu" from 1 to 999 (got "ten"); country "A" appears twice. The scenario being edited is unchanged.',
    );
    expect(await key(page, 'name').inputValue()).toBe('Small America');
    expect(await key(page, 'pbu:United States').inputValue()).toBe('8');

    // Play it: the setup screen shows the edited board.
    await key(page, 'play-scenario').click();
    await page.locator('.bv-editor').waitFor({ state: 'detached' });
    expect(await page.locator('[data-scenario]').textContent()).toBe('Small America');
    expect(await boardRow(page, 'United States').locator('.bv-pbu').textContent()).toBe('8');
    expect(
      await page
        .locator('.bv-world .bv-zone')
        .first()
        .locator('[data-country]')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.country)),
    ).toEqual(['Canada', 'United States', 'Cuba', 'Mexico']);

    await key(page, 'name-0').fill('Ann');
    await key(page, 'name-1').fill('Bob');
    await key(page, 'start').click();
    await key(page, 'call-Ann-3').click();
    await key(page, 'call-Bob-7').click();
    await key(page, 'readout-4').click();
    await page.locator('.bv-world [data-country="United States"]').click();
    await page.locator('.bv-world [data-country="U.S.S.R."]').click();
    expect(await page.locator('.bv').getAttribute('data-phase')).toBe('home-alliances');

    // Rule 4A with the edited value: Canada and Mexico (12 PBU) are more than the United States' 8.
    // The tick that goes over is refused as it is made.
    await page.locator('.bv-world [data-country="Canada"]').click();
    await page.locator('.bv-world [data-country="Mexico"]').click();
    expect(await page.locator('.bv-notice').textContent()).toMatch(
      /Rule 4A.*alliances total 12 PBU, more than United States's 8/,
    );
    await key(page, 'clear-home').click();
    // Cuba, moved into Zone 1, is now part of Ann's home zone.
    await page.locator('.bv-world [data-country="Canada"]').click();
    await page.locator('.bv-world [data-country="Cuba"]').click();
    await key(page, 'confirm-home').click();
    await expect.poll(() => page.locator('.bv-record [data-record="Ann"]').textContent()).toBe('4');
    expect(await boardRow(page, 'Cuba').getAttribute('data-status')).toBe('allied');

    // The autosave keeps the scenario with the game.
    await page.reload();
    await page.locator('.bv[data-ready="true"]').waitFor();
    expect(await page.locator('.bv-notice').textContent()).toContain('Resumed the saved game');
    expect(await boardRow(page, 'United States').locator('.bv-pbu').textContent()).toBe('8');
    expect(await boardRow(page, 'Cuba').getAttribute('data-status')).toBe('allied');
    expect(errors).toEqual([]);
  });
});
