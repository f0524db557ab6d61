/**
 * The table (#/table) as players use it: a war of three battles fought on the console with the
 * keyboard and a (simulated) gamepad, results read from the machine and recorded with no typing;
 * the first player's readout read from the machine; a reload in the middle of a battle coming back to
 * the same battle; a refused cartridge switch; screenshots at 1280x800 and 1920x1080. Every wait is
 * for a state (the table's stage, the cartridge's mailbox phase, frame numbers), never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GameEvent } from '../../board/index.ts';
import { readMailbox } from '../../rom-core/roms/carts/mailbox.ts';
import type { CartMailbox } from '../../rom-core/roms/carts/mailbox.ts';
import { TINY_OPENING, TINY_WAR_ON_B1, playTiny } from '../harness/tiny-game.ts';
import { shot } from './shots.ts';
import { launchBrowser, openApp } from './browser.ts';
import { autosavedAfter, poll, waitReady } from './console-helpers.ts';
import { sessionDocument, encodeEnvelope } from '../../board/index.ts';

const key = (page: Page, k: string) => page.locator(`[data-key="${k}"]`);
const stage = (page: Page) => page.locator('.tb-battle').getAttribute('data-stage');

async function mailbox(page: Page): Promise<CartMailbox> {
  return readMailbox(
    await page.evaluate(async () => Array.from(await window.__o2console!.runtime()!.api.externalRam())),
  );
}

async function frame(page: Page): Promise<number> {
  return page.evaluate(() => window.__o2console!.shownFrame);
}

async function openTable(
  browser: Browser,
  width = 1280,
  height = 800,
  path = '/?cart=battle#/table',
): Promise<{ page: Page; errors: string[] }> {
  const opened = await openApp(browser, path);
  await opened.page.setViewportSize({ width, height });
  await waitReady(opened.page);
  await opened.page.locator('.bv[data-ready="true"]').waitFor();
  return opened;
}

/** The tiny game played in Node through `events` after the opening, saved. */
function saved(events: GameEvent[]): string {
  return encodeEnvelope({ engine: sessionDocument(playTiny([...TINY_OPENING, ...events])) });
}

/** A two-player game played in Node up to Ann's attack on B1 (a war waiting for its weapons). */
function savedAtWar(): string {
  return encodeEnvelope({ engine: sessionDocument(playTiny(TINY_WAR_ON_B1)) });
}

async function importWar(page: Page): Promise<void> {
  await page
    .locator('#bv-import-file')
    .setInputFiles({ name: 'war.json', mimeType: 'application/json', buffer: Buffer.from(savedAtWar()) });
  await poll(() => page.locator('.bv-war h2').textContent()).toContain('War for B1');
}

/** Chooses both weapons, programs the battle and checks the entry the machine shows. */
async function program(page: Page, attacker: string, defender: string): Promise<void> {
  await key(page, `weapon-attacker-${attacker}`).click();
  await key(page, `weapon-defender-${defender}`).click();
  await key(page, 'program-battle').click();
  await poll(() => stage(page)).toBe('enter');
  const m = await mailbox(page);
  expect(m.phase).toBe('entry');
}

/** The recorded battle row `n` (weapons, winner) as the board shows it. */
async function row(page: Page, n: number): Promise<string> {
  return (await page.locator(`[data-battle="${n}"]`).textContent()) ?? '';
}

function winnerName(m: CartMailbox, seats: { red: string; blue: string }): string {
  return m.winner === 'red' ? seats.red : m.winner === 'blue' ? seats.blue : 'both destroyed';
}

async function seats(page: Page): Promise<{ red: string; blue: string }> {
  const [red, blue] = ((await page.locator('.tb-seats').getAttribute('data-seats')) ?? '|').split('|');
  return { red, blue };
}

/** Two animation frames: the page has sent the held input of a key press to the worker. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Holds a PC key while the machine runs frame by frame (paused, stepped) until `until` holds for the
 * mailbox, so where the stick lets go does not depend on how fast this machine is.
 */
async function steer(page: Page, code: string, until: (m: CartMailbox) => boolean): Promise<void> {
  await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(false));
  await page.keyboard.down(code);
  await settle(page);
  let frames = 0;
  while (!until(await mailbox(page))) {
    if (++frames > 900) throw new Error(`${code} held 900 frames without reaching the state`);
    await page.evaluate(() => window.__o2console!.runtime()!.api.stepFrames(1));
  }
  await page.keyboard.up(code);
  await settle(page);
  await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(true));
}

/** A battle nobody steers is watched at 8x (the worker's fast-forward: every frame is still emulated), then 1x again. */
async function fast(page: Page, on: boolean): Promise<void> {
  await page.evaluate((speed) => window.__o2console!.runtime()!.api.setSpeed(speed), on ? 8 : 1);
}

/** The element's box lies inside the viewport. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.height > 0 &&
        r.top >= 0 &&
        r.left >= 0 &&
        r.bottom <= window.innerHeight &&
        r.right <= window.innerWidth
      );
    });
}

async function canvasScale(page: Page): Promise<number> {
  return Number(await page.locator('#console-screen canvas').getAttribute('data-scale'));
}

describe('the table: board and console on one page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a war of three battles: programmed into the machine, fought with keyboard and gamepad, read back and recorded', async () => {
    const { page, errors } = await openTable(browser);
    // The page takes the keyboard on load: SPACE works without a click first.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('console-screen');
    await importWar(page);
    expect(await page.locator('.table').getAttribute('data-battle')).toBe('on');
    // 1280x800: the zone bars, the record track, the players' chips, whose turn and the picture (×2) in view.
    await shot(page, 'table-1280x800-war.png');
    // 1280x800 in a war: the picture large (×2), the war panel beside it, the battle's panel under it.
    for (const s of ['.bv-record', '.bv-war h2', '#console-screen canvas', '[data-key="program-battle"]', '.tb-seats'])
      expect(await inView(page, s), s).toBe(true);
    expect(await canvasScale(page)).toBeGreaterThanOrEqual(2);

    // The attacker takes the right-hand control this time (the swap is remembered for Ann).
    expect(await seats(page)).toEqual({ red: 'Ann', blue: 'Bob' });
    await key(page, 'swap-controls').click();
    expect(await seats(page)).toEqual({ red: 'Bob', blue: 'Ann' });

    // Battle 1, keyboard: tank against tank; ENTER on the keyboard; red (Bob) steers onto the mine.
    await program(page, 'tank', 'tank');
    const m1 = await mailbox(page);
    expect([m1.red.weapon, m1.red.energy, m1.blue.weapon, m1.blue.energy]).toEqual(['T', 2500, 'T', 2500]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('console-screen');
    await page.keyboard.press('Enter');
    await poll(async () => (await mailbox(page)).phase).toBe('battle');
    await poll(() => stage(page)).toBe('fighting');
    const start = (await mailbox(page)).red;
    await steer(page, 'ArrowDown', (m) => m.red.y >= start.y + 48);
    await steer(page, 'ArrowRight', (m) => (m.red.state & 0x80) !== 0);
    await expect.poll(() => stage(page), { timeout: 30_000, interval: 100 }).toBe('result');
    const r1 = await mailbox(page);
    expect(r1.winner).toBe('blue');
    expect(await page.locator('.tb-words').textContent()).toContain("Blue (Ann) wins: Bob's tank was destroyed.");
    expect(await row(page, 1)).toContain('tank v tank');
    expect(await row(page, 1)).toContain('Ann');
    expect(await row(page, 1)).toContain(`${r1.blue.energy} / ${r1.red.energy}`);
    // The war goes on: the energy beside the console is what battle 2 is programmed with, and says so.
    expect(await page.locator('.tb-battle').textContent()).toContain(
      `Left for the next battle: Ann ${r1.blue.energy}, Bob ${r1.red.energy} energy units.`,
    );
    // No field to type a result in.
    expect(await page.locator('[data-key="record-battle"], [data-key^="energy-"]').count()).toBe(0);
    // The recorded battle can be undone (the row empties, the table is ready to program it again) and redone.
    await key(page, 'undo').click();
    await poll(() => row(page, 1)).not.toContain('tank v tank');
    await poll(() => stage(page)).toBe('ready');
    await key(page, 'redo').click();
    await poll(() => row(page, 1)).toContain(`${r1.blue.energy} / ${r1.red.energy}`);
    // SPACE on the console's result screen goes on (rule 12E): back to entry with the energy left.
    await page.locator('#console-screen').focus();
    await page.keyboard.press('Space');
    await poll(() => stage(page)).toBe('ready');
    await poll(async () => (await mailbox(page)).phase).toBe('entry');

    // Battle 2, gamepad: rule 12F leaves Bob's tank out of the offer; ENTER from the pad's Start.
    expect(await key(page, 'weapon-defender-tank').count()).toBe(0);
    await page.evaluate(() => {
      const buttons = Array.from({ length: 17 }, () => ({ pressed: false, value: 0 }));
      const pad = {
        id: 'Fake Pad (STANDARD GAMEPAD)',
        index: 0,
        connected: true,
        mapping: 'standard',
        buttons,
        axes: [0, 0, 0, 0],
        timestamp: 0,
      };
      (window as unknown as { __pad: typeof pad }).__pad = pad;
      Object.defineProperty(navigator, 'getGamepads', { value: () => [pad, null, null, null] });
      // As Chromium does once a button on a pad is pressed: the page polls pads only after this.
      window.dispatchEvent(new Event('gamepadconnected'));
    });
    await program(page, 'plane', 'sub');
    const before2 = (await mailbox(page)).battles;
    await page.evaluate(() => {
      (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad.buttons[9].pressed = true;
    });
    await poll(async () => (await mailbox(page)).battles).toBe(before2 + 1);
    await page.evaluate(() => {
      (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad.buttons[9].pressed = false;
    });
    // Nobody steers: the jet flies on until it crashes, or the submarine runs out of energy (watched at 8x:
    // every frame is still emulated).
    await fast(page, true);
    await expect.poll(() => stage(page), { timeout: 60_000, interval: 100 }).toBe('result');
    await fast(page, false);
    const r2 = await mailbox(page);
    expect(await row(page, 2)).toContain('plane v sub');
    expect(await row(page, 2)).toContain(winnerName(r2, await seats(page)));
    await key(page, 'next-battle').click();
    await poll(() => stage(page)).toBe('ready');

    // Battle 3, the keyboard again, with weapons still allowed.
    const attackerWeapon = (await page
      .locator('[data-key^="weapon-attacker-"]')
      .first()
      .getAttribute('data-key'))!.replace('weapon-attacker-', '');
    const defenderWeapon = (await page
      .locator('[data-key^="weapon-defender-"]')
      .first()
      .getAttribute('data-key'))!.replace('weapon-defender-', '');
    await program(page, attackerWeapon, defenderWeapon);
    await page.keyboard.press('Enter');
    await fast(page, true);
    await expect.poll(() => stage(page), { timeout: 90_000, interval: 100 }).toBe('result');
    await fast(page, false);
    const r3 = await mailbox(page);
    // The war is decided by this third battle: its words name the winner read from the mailbox and the verdict.
    const words = (await page.locator('.tb-words').textContent()) ?? '';
    expect(
      r3.winner === 'both'
        ? words
        : words.startsWith(
            `${r3.winner === 'red' ? 'Red' : 'Blue'} (${winnerName(r3, { red: 'Bob', blue: 'Ann' })}) wins`,
          ),
    ).toBeTruthy();
    expect(words).toMatch(/wins the war for B1/);
    expect(await page.locator('.bv-log-list').textContent()).toMatch(/wins the war for B1/);
    // No next battle in a war that is over: the board goes on, and the panel says so.
    expect(await page.locator('.tb-stage[data-stage="result"]').textContent()).toBe(
      'Recorded: that was the war’s last battle. The game goes on at the board.',
    );
    expect(await key(page, 'next-battle').count()).toBe(0);

    // The war is over: 1280x800 shows the board (zone bars, record, chips, whose turn) and the picture.
    await poll(() => page.locator('.table').getAttribute('data-battle')).toBe('off');
    await shot(page, 'table-1280x800-board.png');
    for (const s of ['.bv-record', '.bv-world', '.bv-players', '.bv-status', '#console-screen canvas'])
      expect(await inView(page, s), s).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    expect(errors).toEqual([]);
  }, 240_000);

  it('fights an end-game confrontation the same way: record x 100 programmed, the result read and recorded (rule 21)', async () => {
    const { page, errors } = await openTable(browser);
    const file = saved([
      { type: 'attack', player: 'Ann', country: 'B1' },
      { type: 'weapon', player: 'Ann', weapon: 'tank' },
      { type: 'weapon', player: 'Bob', weapon: 'tank' },
      { type: 'battle', winner: 'attacker', energy: { attacker: 2000, defender: 1500 } },
      { type: 'weapon', player: 'Ann', weapon: 'sub' },
      { type: 'weapon', player: 'Bob', weapon: 'sub' },
      { type: 'battle', winner: 'attacker', energy: { attacker: 1800, defender: 1200 } },
    ]);
    await page
      .locator('#bv-import-file')
      .setInputFiles({ name: 'endgame.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await poll(() => page.locator('.bv').getAttribute('data-phase')).toBe('awaiting-endgame');
    await key(page, 'endgame-start').click();
    await poll(() => page.locator('.bv').getAttribute('data-phase')).toBe('endgame');
    // Rule 21: the lowest record (Bob, 1) attacks Ann (5½): 100 against 550 energy units. Ann's markers are
    // red: she drives the red tank (left), so Bob attacks from the blue one.
    await program(page, 'plane', 'plane');
    const m = await mailbox(page);
    expect([m.red.weapon, m.red.energy, m.blue.weapon, m.blue.energy]).toEqual(['P', 550, 'P', 100]);
    await key(page, 'press-enter').click();
    // Nobody steers: the jets fly on until one crashes or runs out of energy (watched at 8x).
    await fast(page, true);
    await expect.poll(() => stage(page), { timeout: 60_000, interval: 100 }).toBe('result');
    await fast(page, false);
    const r = await mailbox(page);
    const words = (await page.locator('.tb-words').textContent()) ?? '';
    expect(words).toContain(`Bob has ${r.blue.energy} left, Ann has ${r.red.energy} left.`);
    expect(await page.locator('.bv-log-list').textContent()).toMatch(/battle/i);
    expect(errors).toEqual([]);
  }, 120_000);

  it('reads the first player from the WAR GAME readout a player stops with SPACE (rule 2)', async () => {
    // The table is the app's default page.
    const { page, errors } = await openTable(browser, 1280, 800, '/?cart=battle');
    expect(await page.locator('.tab[aria-current="page"]').textContent()).toBe('Table');
    await key(page, 'name-0').fill('Ann');
    await key(page, 'name-1').fill('Bob');
    await key(page, 'start').click();
    await key(page, 'call-Ann-3').click();
    await key(page, 'call-Bob-7').click();
    const d0 = (await mailbox(page)).digit;
    await key(page, 'start-readout').click();
    // The companion restarts the cartridge and starts the WAR GAME readout: its digit moves.
    await poll(async () => {
      const m = await mailbox(page);
      return m.ours && m.phase === 'readout' && m.digit !== d0;
    }).toBe(true);
    const f = await frame(page);
    await poll(() => frame(page)).toBeGreaterThan(f + 10);
    // SPACE typed on the page (the screen has the keyboard again) stops it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('console-screen');
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.locator('.bv').getAttribute('data-phase'), { timeout: 30_000, interval: 100 })
      .toBe('homelands');
    const digit = (await mailbox(page)).digit;
    expect(await page.locator('.bv-log-list').textContent()).toContain(`Readout ends in ${digit}`);
    expect(await page.locator('.bv-log-list').textContent()).toContain(String(digit));
    expect(errors).toEqual([]);
  }, 90_000);

  it('a reload in the middle of a battle comes back to the same battle; a cartridge switch and undo are refused meanwhile', async () => {
    const { page, errors } = await openTable(browser, 1920, 1080);
    await importWar(page);
    await program(page, 'tank', 'tank');
    await page.keyboard.press('Enter');
    await poll(() => stage(page)).toBe('fighting');
    // Held still while the page is checked (a battle left alone can end by itself).
    await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(false));

    // 1920x1080 in battle: nothing needs scrolling, the picture is ×3.
    await shot(page, 'table-1920x1080-battle.png');
    expect(
      await page.evaluate(
        () =>
          document.documentElement.scrollHeight <= window.innerHeight &&
          document.documentElement.scrollWidth <= window.innerWidth,
      ),
    ).toBe(true);
    expect(await canvasScale(page)).toBeGreaterThanOrEqual(3);

    // A cartridge dropped on the picture mid-battle is refused with the reason; the battle goes on.
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(2048)], 'other-cart.bin'));
      document
        .querySelector('.console-screen-wrap')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await poll(() => page.locator('#table-message').textContent()).toContain(
      'The cartridge was not switched: a battle is under way at the table',
    );
    expect((await mailbox(page)).phase).toBe('battle');
    // Undo waits too.
    await key(page, 'undo').click();
    await poll(() => page.locator('.bv-notice').textContent()).toContain(
      'Undo waits until the battle on the console is over',
    );

    // The machine's autosave (once a second) lands after the battle started; then the page reloads.
    const battleFrame = await frame(page);
    await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(true));
    await poll(() => autosavedAfter(page, 0, battleFrame)).toBe(true);
    const programmed = await mailbox(page);
    await page.reload();
    await waitReady(page);
    await page.locator('.bv[data-ready="true"]').waitFor();
    // The same battle: the war's weapons, the machine mid-battle, the table waiting for its end.
    expect((await mailbox(page)).phase).toBe('battle');
    await poll(() => stage(page)).toBe('fighting');
    const back = await mailbox(page);
    expect([back.red.weapon, back.blue.weapon]).toEqual([programmed.red.weapon, programmed.blue.weapon]);
    // Red (Ann) drives onto the mine: the restored battle ends and its result is recorded.
    const start = back.red;
    await steer(page, 'ArrowDown', (m) => m.red.y >= start.y + 48);
    await steer(page, 'ArrowRight', (m) => (m.red.state & 0x80) !== 0);
    await expect.poll(() => stage(page), { timeout: 30_000, interval: 100 }).toBe('result');
    expect(await row(page, 1)).toContain('tank v tank');
    expect(await page.locator('.tb-words').textContent()).toContain("Blue (Bob) wins: Ann's tank was destroyed.");
    expect(errors).toEqual([]);
  }, 180_000);
});
