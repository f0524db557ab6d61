/**
 * A whole game of three players on the 1982 world, played to a winner through the board page's own
 * controls (issue 12): the moves come from a seeded computer-only game played in Node with a model of
 * the battles, and every one of them is made the way a person would (digit pads, country buttons, weapon
 * buttons, the battle form, the alliance ticks). After each move the page must agree with the engine in
 * Node on the phase and whose turn it is; at the end it names the same winner, shows the last war, the
 * ladder's outcome, the record chart and offers a rematch. Screenshots at 1280x800, 1024x768 and 390x844.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { applyEvent, publicState } from '../../board/index.ts';
import type { GameEvent, GameState } from '../../board/index.ts';
import { worldGame } from '../board/ai/world-game.ts';
import { launchBrowser, openApp } from './browser.ts';
import { shot } from './shots.ts';
import { formatRecord } from '../../src/board-view/record-track.ts';

const SEED = 1;

const key = (page: Page, k: string) => page.locator(`[data-key="${k}"]`);
const bv = (page: Page) => page.locator('.bv');

/** Makes one move on the page as a player would; `before` is the engine state it is made in. */
async function playMove(page: Page, e: GameEvent, before: GameState): Promise<void> {
  switch (e.type) {
    case 'setup':
      await key(page, 'add-player').click();
      for (const [i, p] of e.players.entries()) await key(page, `name-${i}`).fill(p.name);
      await key(page, 'start').click();
      return;
    case 'first.call':
      return key(page, `call-${e.player}-${e.digit}`).click();
    case 'first.readout':
      return key(page, `readout-${e.digit}`).click();
    case 'homeland':
      return page.locator(`[data-country="${e.country}"]`).click();
    case 'ally.home':
      for (const c of e.countries) await page.locator(`[data-country="${c}"]`).click();
      return key(page, 'confirm-home').click();
    case 'ally.buy':
      await chooseActor(page, e.player, before);
      await key(page, 'mode-ally.buy').click();
      return page.locator(`[data-country="${e.country}"]`).click();
    case 'attack':
      await chooseActor(page, e.player, before);
      await key(page, 'mode-attack').click();
      return page.locator(`[data-country="${e.country}"]`).click();
    case 'pass':
      return key(page, 'pass').click();
    case 'weapon': {
      // In a war the pickers are the attacking and defending sides' (an ally chooses for its side, rule 18).
      const w = before.war;
      const m = before.endgame?.match;
      const attacking = w ? w.attackers.includes(e.player) : m!.attacker === e.player;
      return key(page, `weapon-${attacking ? 'attacker' : 'defender'}-${e.weapon}`).click();
    }
    case 'battle':
      await key(page, `winner-${e.winner}`).check();
      await key(page, 'energy-attacker').fill(String(e.energy.attacker));
      await key(page, 'energy-defender').fill(String(e.energy.defender));
      return key(page, 'record-battle').click();
    case 'alliance.form':
      if (
        !(await page
          .locator('details.bv-alliances')
          .evaluate((d) => (d as HTMLDetailsElement).open)
          .catch(() => false))
      )
        await key(page, 'alliances').click();
      for (const p of e.players) await key(page, `ally-${p}`).check();
      return key(page, 'alliance-form').click();
    case 'alliance.break':
      if (
        !(await page
          .locator('details.bv-alliances')
          .evaluate((d) => (d as HTMLDetailsElement).open)
          .catch(() => false))
      )
        await key(page, 'alliances').click();
      return key(page, `break-${e.player}`).click();
    case 'endgame.start':
      return key(page, 'endgame-start').click();
    case 'banker':
      return key(page, `banker-${e.player}`).click();
    case 'clock.expired':
      return key(page, 'clock-expired').click();
  }
}

/** Rule 18: an ally of the option's holder attacks or buys for the alliance; the page asks who. */
async function chooseActor(page: Page, player: string, before: GameState): Promise<void> {
  if (before.alliances.some((a) => a.includes(player) && a.length > 1)) await key(page, `actor-${player}`).click();
}

/** The element is on screen and not hidden behind anything or scrolled out of its column. */
async function visible(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      return top !== null && (el === top || el.contains(top) || top.contains(el));
    });
}

describe('a whole game through the board page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("three players on the 1982 world, played to a winner with the page's own controls", async () => {
    const { events, states } = await worldGame(SEED);
    const final = states.at(-1)!;
    expect(final.phase).toBe('over');
    const { page, errors } = await openApp(browser, '/#/board');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('.bv[data-ready="true"]').waitFor();

    let before = states[0];
    const shots = new Set<string>();
    const checked = new Set<string>();
    for (const [i, e] of events.entries()) {
      const expected = states[i];
      // The page's engine must take each move from its own controls; a refusal would show in the notice.
      await playMove(page, e, before);
      // Waited for in the page (one call, checked each animation frame), not polled from here: 227 moves.
      await page
        .waitForFunction(
          ([phase, turn]) => {
            const b = document.querySelector('.bv');
            return b?.getAttribute('data-phase') === phase && (b.getAttribute('data-turn') ?? '') === turn;
          },
          [expected.phase, expected.turn ?? ''],
          { polling: 'raf', timeout: 15_000 },
        )
        .catch(async () => {
          throw new Error(
            `after move ${i + 1} (${JSON.stringify(e)}) the page shows phase ${await bv(page).getAttribute('data-phase')}, turn ${await bv(page).getAttribute('data-turn')}, not ${expected.phase}, ${expected.turn}: notice "${await page.locator('.bv-notice').textContent()}", page log "${await page.locator('.bv-log-list li').last().textContent()}", engine log "${expected.log.at(-1)}"`,
          );
        });
      // A few moments worth looking at, as the players see them.
      const moment =
        expected.phase === 'play' && before.war && !expected.war
          ? 'war-decided'
          : expected.phase === 'endgame' && expected.endgame?.match?.battles === 1
            ? 'endgame'
            : null;
      if (moment && !shots.has(moment)) {
        shots.add(moment);
        await expect.poll(() => page.locator('[data-war-summary], .bv-ladder').count()).toBeGreaterThan(0);
        await shot(page, `board-1280x800-${moment}.png`);
      }
      // 1280x800: the page itself never scrolls, and what the step needs is in view (the battle form's button).
      if (
        !checked.has(expected.phase) &&
        (expected.phase !== 'play' || (expected.war?.weapons.attacker && expected.war.weapons.defender))
      ) {
        checked.add(expected.phase);
        expect(
          await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight),
          `no page scroll in ${expected.phase}`,
        ).toBe(true);
        if (expected.phase === 'play')
          expect(await visible(page, '[data-key="record-battle"]'), 'Record battle in view').toBe(true);
        for (const s of ['.bv-record', '#bv-panel-title', '[data-country="Australia"]', '[data-country="Canada"]'])
          expect(await visible(page, s), `${s} in view in ${expected.phase}`).toBe(true);
      }
      before = expected;
      // The records on the page are the engine's after every war (the record list in words).
      if (before.war === null && states[i - 1]?.war) {
        for (const p of publicState(expected).players) {
          expect(
            await page.locator(`.bv-record-list [data-record="${p.name}"]`).textContent(),
            `${p.name}'s record after move ${i + 1}`,
          ).toBe(formatRecord(p.record));
        }
      }
    }

    // The end: the same winner as in Node, the standings, the chart of the records, and a rematch offered.
    const winners = final.winners.join(',');
    await expect.poll(() => page.locator('[data-winner]').getAttribute('data-winner')).toBe(winners);
    expect(await page.locator('.bv-chart canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('.bv-chart').getAttribute('aria-label')).toMatch(
      /Power Base Record over the game: Ann ends at/,
    );
    await shot(page, 'board-1280x800-over.png');
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `board-${w}x${h}-over.png`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // A rematch: the same three players, back at the first-player call on the same board.
    await key(page, 'rematch').click();
    await expect.poll(() => bv(page).getAttribute('data-phase')).toBe('first-player');
    expect(await page.locator('[data-key^="call-"]').count()).toBe(30);
    expect(await page.locator('.bv-calls li').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Ann'),
        expect.stringContaining('Bob'),
        expect.stringContaining('Cy'),
      ]),
    );
    expect(errors).toEqual([]);
    // The engine in Node agrees the moves replayed are legal in order (a check of the test itself).
    let s = states[0];
    for (const e of events.slice(1)) {
      const r = applyEvent(s, e);
      expect(r.ok).toBe(true);
      if (r.ok) s = r.state;
    }
    expect(s.winners).toEqual(final.winners);
  }, 600_000);
});
