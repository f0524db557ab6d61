/**
 * Computer players on the table page (issue 10): both seats of a small game handed to the computer
 * play it to its end on #/table with nobody touching anything, from the first player's readout (rule 2) to the
 * end game (rule 21) the table starts itself when no person sits at it: board moves from board/ai after a
 * (shortened) pause, every battle programmed on the console, started with ENTER and fought there by
 * the battle bots holding both hand controls, results read from the machine. Waits are for states.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  applyEvent,
  ModelBattlePort,
  newGame,
  playComputerGame,
  sessionDocument,
  encodeEnvelope,
} from '../../board/index.ts';
import type { GameEvent, GameState, Scenario } from '../../board/index.ts';
import { launchBrowser, openApp } from './browser.ts';
import { waitReady } from './console-helpers.ts';
import { TINY_SCENARIO } from '../harness/tiny-game.ts';

const TINY: Scenario = TINY_SCENARIO;

/** Only the seats: the computers call their digits, and with no person at the table it stops the readout itself. */
const OPENING: GameEvent[] = [
  {
    type: 'setup',
    players: [
      { name: 'Ann', color: 'red' },
      { name: 'Bob', color: 'yellow' },
    ],
  },
];

function saved(): string {
  let s = newGame(TINY);
  for (const e of OPENING) {
    const r = applyEvent(s, e);
    if (!r.ok) throw new Error(`${e.type}: ${r.refusal.reason}`);
    s = r.state;
  }
  return encodeEnvelope({ engine: sessionDocument(s) });
}

/** A save of the tiny game just before its end game (rule 21), found by playing seeded computer games in Node. */
async function beforeTheEndGame(): Promise<string> {
  for (let seed = 1; seed <= 40; seed++) {
    let found: GameState | null = null;
    await playComputerGame({
      scenario: TINY,
      seed,
      battles: new ModelBattlePort(seed),
      seats: [
        { name: 'Ann', level: 'hard' },
        { name: 'Bob', level: 'easy' },
      ],
      onEvent: (state) => {
        if (!found && state.phase === 'awaiting-endgame') found = state;
      },
    });
    if (found) return encodeEnvelope({ engine: sessionDocument(found) });
  }
  throw new Error('no seeded tiny game reached the end game');
}

const phase = (page: Page) => page.locator('.bv').getAttribute('data-phase');

describe('computer players at the table', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('two computer seats play a small game to its end, every battle fought on the console by the bots', async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle&computerPause=60#/table');
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitReady(page);
    await page.locator('.bv[data-ready="true"]').waitFor();
    await page
      .locator('#bv-import-file')
      .setInputFiles({ name: 'tiny.json', mimeType: 'application/json', buffer: Buffer.from(saved()) });
    await expect.poll(() => phase(page)).toBe('first-player');
    await page.locator('#table-computers summary').click();
    await page.locator('[data-key="computer-Ann"]').selectOption('hard');
    await page.locator('[data-key="computer-Bob"]').selectOption('easy');
    // Nobody plays these battles: they are shown 8 times as fast (the machine's own frames, not fewer of them).
    await page.locator('#table-bot-speed').selectOption('8');
    const speed = () => page.evaluate(async () => (await window.__o2console!.runtime()!.api.stats()).speed);
    // Rule 2 on the machine: both call a digit, the WAR GAME readout runs and is stopped, its digit read back.
    // (The log's line, not the phase: the computers may be past homelands by the time the page is read.)
    await expect
      .poll(async () => (await page.locator('.bv-log-list').textContent()) ?? '', { timeout: 60_000 })
      .toMatch(/Readout ends in \d: (Ann|Bob)/);
    // Battles start: the cartridge's battle counter moves while nobody touches a key.
    await expect
      .poll(() => page.evaluate(() => window.__o2console!.eram()[0x0a]), { timeout: 120_000, interval: 250 })
      .toBeGreaterThan(0);
    await expect.poll(speed, { timeout: 60_000, interval: 100 }).toBe(8);
    // The game ends whichever way the battles go: by conquest, or through the end game the computers start themselves.
    await expect.poll(() => phase(page), { timeout: 280_000, interval: 500 }).toBe('over');
    const log = (await page.locator('.bv').textContent()) ?? '';
    expect(log).toMatch(/Ann|Bob/);
    expect(await page.locator('#table-computer-status').textContent()).toMatch(
      /^(Ann \(hard\)|Bob \(easy\)): |^The computers start the end game/,
    );
    // The machine is given back at normal speed once the computers' battles are over.
    await expect.poll(speed).toBe(1);
    expect(errors).toEqual([]);
  }, 360_000);

  it("a table of computers only starts the end game itself (nobody's turn before rule 21 must not stall it)", async () => {
    const { page, errors } = await openApp(browser, '/?cart=battle&computerPause=60#/table');
    await waitReady(page);
    await page.locator('.bv[data-ready="true"]').waitFor();
    await page.locator('#bv-import-file').setInputFiles({
      name: 'before-endgame.json',
      mimeType: 'application/json',
      buffer: Buffer.from(await beforeTheEndGame()),
    });
    await expect.poll(() => phase(page)).toBe('awaiting-endgame');
    await page.locator('#table-computers summary').click();
    await page.locator('[data-key="computer-Ann"]').selectOption('medium');
    // With a person still in the game, the computers leave the start to the board's button: five of their
    // pauses go by and the phase stays (this wait can only miss a fault, never invent one).
    await page.waitForTimeout(300);
    expect(await phase(page)).toBe('awaiting-endgame');
    await page.locator('[data-key="computer-Bob"]').selectOption('easy');
    await expect.poll(() => phase(page)).not.toBe('awaiting-endgame');
    expect(await page.locator('.bv').textContent()).toMatch(/The end game begins/);
    expect(errors).toEqual([]);
  }, 120_000);
});
