/**
 * Issue 35 (the table for people): a two-person game on a phone (390x844, touch only), from the setup form
 * through a whole war. Every step is a tap: the calls, SPACE for the readout on the on-screen SPACE, the
 * homelands and home alliances on the map, the attack, the weapons, "Program the battle", the on-screen
 * ENTER; each battle is fought with both on-screen sticks held down at once (real touch points, through the
 * browser's touch input) until both tanks have moved on the machine, and their FIRE buttons tapped, until the
 * result; then the on-screen SPACE goes on. (The names are typed into the setup form's fields, as a phone's
 * own keyboard does.) The turn banner with the picture names the person who presses ENTER and, in the
 * battle, each person's on-screen stick. Battles run at 8x once both sticks have moved the tanks (every
 * frame is still emulated). Waits are for states: phases, data-stage, the mailbox, frame numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { legalActions } from '../../board/index.ts';
import type { Weapon } from '../../board/index.ts';
import { launchBrowser, openApp } from './browser.ts';
import { mailbox, waitReady } from './console-helpers.ts';
import { autosavedGame } from './board-helpers.ts';
import { shot } from './shots.ts';
import { api } from './worker-api.ts';

const PHONE = { width: 390, height: 844 };
const stage = (page: Page) =>
  page.evaluate(() => document.querySelector('.tb-battle')?.getAttribute('data-stage') ?? null);
const frame = (page: Page) => page.evaluate(() => window.__o2console!.shownFrame);

/** Taps, counted: the figure "taps per battle on a phone" for the closing note. */
class Taps {
  /** Every touch: taps and stick holds (a held stick is one touch). */
  count = 0;
  holds = 0;
  fires = 0;
  async tap(target: Locator): Promise<void> {
    await target.tap();
    this.count++;
  }
  held(sticks: number): void {
    this.count += sticks;
    this.holds += sticks;
  }
}

/** The middle of an element on the screen, for a touch point. */
async function centre(target: Locator): Promise<{ x: number; y: number }> {
  const b = await target.boundingBox();
  if (!b) throw new Error('a touch control is not on the screen');
  return { x: Math.round(b.x + b.width / 2), y: Math.round(b.y + b.height / 2) };
}

/**
 * Two thumbs down at once, one on each stick (the red one's → and the blue one's ←, toward each other):
 * real touch points through the browser's touch input (Playwright's tap() lifts at once). Returns the release.
 */
async function holdSticks(cdp: CDPSession, page: Page, red: string, blue: string): Promise<() => Promise<void>> {
  const a = await centre(page.locator(`.tb-touch [data-stick="${red}"]`));
  const b = await centre(page.locator(`.tb-touch [data-stick="${blue}"]`));
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [
      { x: a.x, y: a.y, id: 1 },
      { x: b.x, y: b.y, id: 2 },
    ],
  });
  return async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
}

/** A weapon the side has not lost in this war (rule 12F), tanks first. */
const weaponFor = (lost: Weapon[]): Weapon => (['tank', 'sub', 'plane'] as const).find((w) => !lost.includes(w))!;

describe('the table on a phone, by touch', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('two people play from the setup through a war by touch alone: on-screen ENTER, both sticks, SPACE', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const { page, errors } = await openApp(context, '/?cart=battle#/table');
    const cdp = await context.newCDPSession(page);
    await waitReady(page);
    await page.locator('.bv[data-ready="true"]').waitFor();
    const taps = new Taps();
    const key = (k: string) => page.locator(`[data-key="${k}"]`);
    const touch = page.locator('.tb-touch');

    // The setup form: the names as a phone's keyboard types them, then every step by a tap.
    for (const [i, name] of ['Ann', 'Bob'].entries()) {
      await taps.tap(page.locator(`#bv-name-${i}`));
      await page.locator(`#bv-name-${i}`).fill(name);
    }
    await taps.tap(key('start'));
    await page.locator('.bv[data-phase="first-player"]').waitFor();
    await taps.tap(key('call-Ann-3'));
    await taps.tap(key('call-Bob-7'));
    await taps.tap(key('start-readout'));
    await expect.poll(async () => (await mailbox(page)).phase, { timeout: 20_000 }).toBe('readout');
    // The on-screen SPACE on Ann's digit (the machine paused and stepped to it), so Ann goes first.
    await api(page, 'setRunning', false);
    for (let i = 0; i < 200 && (await mailbox(page)).digit !== 3; i++) await api(page, 'stepFrames', 1);
    await taps.tap(touch.locator('[data-key="SPACE"]'));
    await api(page, 'setRunning', true);
    await page.locator('.bv[data-phase="homelands"]').waitFor({ timeout: 20_000 });
    expect((await autosavedGame(page)).firstPlayer).toBe('Ann');

    // Homelands on the map, then the home alliances: Ann ticks Mexico, Bob none; each confirms.
    for (const country of ['Canada', 'Brazil']) await taps.tap(page.locator(`[data-country="${country}"]`));
    await page.locator('.bv[data-phase="home-alliances"]').waitFor();
    let s = await autosavedGame(page);
    await taps.tap(page.locator('[data-country="Mexico"]'));
    for (let i = 0; i < 4 && s.phase === 'home-alliances'; i++) {
      await taps.tap(key('confirm-home'));
      const before = s.log.length;
      await expect.poll(async () => (s = await autosavedGame(page)).log.length).toBeGreaterThan(before);
    }
    expect(s.log.join('\n')).toContain('Ann allies in Zone 1 with Mexico');
    const setupTaps = taps.count;

    // The player whose turn it is attacks the country of fewest PBUs open to them (the other person defends it).
    const attack = legalActions(s).find((a) => a.type === 'attack');
    if (!attack) throw new Error(`no attack is legal at "${s.log.at(-1)}" (${s.phase})`);
    const target = [...attack.choices]
      .map(String)
      .sort((x, y) => (s.countries[x]?.pbu ?? 99) - (s.countries[y]?.pbu ?? 99))[0];
    await taps.tap(key('mode-attack'));
    await taps.tap(page.locator(`[data-country="${target}"]`));
    await page.locator('.bv-war h2').waitFor();
    s = await autosavedGame(page);
    const war = s.war!;
    console.log(`${war.attacker} attacks ${target}: energy ${war.energy.attacker} / ${war.energy.defender}`);

    const attackTaps = taps.count - setupTaps;
    const perBattle: string[] = [];
    const banner = page.locator('#table-turn');
    for (let battle = 1; battle <= 3 && s.war; battle++) {
      const at = { count: taps.count, holds: taps.holds, fires: taps.fires };
      const w = s.war;
      await taps.tap(key(`weapon-attacker-${weaponFor(w.lost.attacker)}`));
      await taps.tap(key(`weapon-defender-${weaponFor(w.lost.defender)}`));
      expect(await banner.textContent()).toBe('');
      await taps.tap(key('program-battle'));
      await expect.poll(() => stage(page), { timeout: 30_000 }).toBe('enter');
      // The banner names who presses ENTER, and how on a phone.
      await expect
        .poll(() => banner.locator('[data-turn="head"]').textContent())
        .toBe(`${w.attacker} (the attacker) presses ENTER: the on-screen ENTER`);
      await taps.tap(touch.locator('[data-key="ENTER"]'));
      await expect.poll(() => stage(page), { timeout: 20_000 }).toBe('fighting');
      const [left, right] = ((await page.locator('.tb-seats').getAttribute('data-seats')) ?? '').split('|');
      await expect
        .poll(() => banner.locator('[data-turn="left"]').textContent())
        .toBe(`${left}: your battle — the on-screen left stick (left, red)`);
      expect(await banner.locator('[data-turn="right"]').textContent()).toBe(
        `${right}: your battle — the on-screen right stick (right, blue)`,
      );
      // The panel's words name the on-screen sticks on a touch screen, not the keys.
      expect(await page.locator('.tb-stage[data-stage="fighting"]').textContent()).toContain('the on-screen sticks');
      expect(await page.locator('.tb-controls').textContent()).toContain('the on-screen sticks by the picture steer');
      await fightByTouch(page, cdp, taps, battle === 1);
      expect(await banner.textContent()).toBe('');
      // The result recorded: the on-screen SPACE goes on (the war's next battle, or the board after its last).
      s = await autosavedGame(page);
      console.log(`battle ${battle}: ${s.log.at(-1)}`);
      await taps.tap(touch.locator('[data-key="SPACE"]'));
      if (s.war) await expect.poll(() => stage(page), { timeout: 20_000 }).toBe('ready');
      perBattle.push(
        `${taps.count - at.count} (${taps.holds - at.holds} stick holds, ${taps.fires - at.fires} FIRE taps)`,
      );
    }
    expect(s.war).toBeNull();
    expect(s.log.join('\n')).toMatch(new RegExp(`(${war.attacker}|${war.defender}) wins the war for ${target}`));
    // The figure for the closing note: taps per battle on a phone (weapons 2, program 1, ENTER 1, SPACE 1, the rest the fight).
    console.log(
      `table-phone: ${setupTaps} taps for the setup (names, calls, readout, homelands, alliances), ${attackTaps} for the attack, ${perBattle.length} battles in the war for ${target}; taps per battle: ${perBattle.join('; ')}; ${taps.count} touches in all`,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});

/**
 * One battle by touch: both sticks held down until both tanks have moved on the machine (1x), then, at 8x,
 * rounds of both sticks held for 60 frames and both FIRE buttons tapped, until the result is read.
 */
async function fightByTouch(page: Page, cdp: CDPSession, taps: Taps, picture: boolean): Promise<void> {
  // The picture at the top of the phone's screen, the sticks under it.
  await page.locator('#console-screen').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  const start = await mailbox(page);
  let release = await holdSticks(cdp, page, 'J0_RIGHT', 'J1_LEFT');
  taps.held(2);
  await expect
    .poll(
      async () => {
        const m = await mailbox(page);
        const moved = (c: 'red' | 'blue') => m[c].x !== start[c].x || m[c].y !== start[c].y;
        return m.phase !== 'battle' || (moved('red') && moved('blue'));
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);
  const m = await mailbox(page);
  expect(m.phase).toBe('battle');
  // Each stick steered its own tank: red drove right, blue left.
  expect(m.red.x).toBeGreaterThan(start.red.x);
  expect(m.blue.x).toBeLessThan(start.blue.x);
  if (picture) {
    const path = await shot(page, 'table-phone-390x844-battle.png');
    console.log(`mid-battle picture: ${path}`);
    for (const s of ['#console-screen', '.tb-touch', '#table-turn']) {
      const b = await page.locator(s).boundingBox();
      // Whole pixels: the scrolled picture's top may sit a fraction of a pixel above the screen's edge.
      expect(
        b && Math.round(b.y) >= 0 && Math.round(b.y + b.height) <= PHONE.height,
        `${s} in view: ${JSON.stringify(b)}`,
      ).toBe(true);
    }
  }
  await api(page, 'setSpeed', 8);
  const dirs: [string, string][] = [
    ['J0_RIGHT', 'J1_LEFT'],
    ['J0_UP', 'J1_DOWN'],
    ['J0_LEFT', 'J1_RIGHT'],
    ['J0_DOWN', 'J1_UP'],
  ];
  for (let round = 0; (await stage(page)) === 'fighting'; round++) {
    if (round > 0) {
      release = await holdSticks(cdp, page, ...dirs[round % dirs.length]);
      taps.held(2);
    }
    const from = await frame(page);
    await expect
      .poll(async () => (await stage(page)) !== 'fighting' || (await frame(page)) - from >= 60, { timeout: 30_000 })
      .toBe(true);
    await release();
    if ((await stage(page)) !== 'fighting') break;
    await taps.tap(page.locator('.tb-touch [data-stick="J0_FIRE"]'));
    await taps.tap(page.locator('.tb-touch [data-stick="J1_FIRE"]'));
    taps.fires += 2;
    expect(round).toBeLessThan(400);
  }
  await expect.poll(() => stage(page), { timeout: 30_000 }).toBe('result');
  await api(page, 'setSpeed', 1);
}
