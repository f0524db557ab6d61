/**
 * The console as an IDE (issue 23) at 1280×800: with the program panel and the debugger open, the
 * picture, the source editor and the CPU box are all inside the window together; the splitter between
 * the columns moves with the keyboard and the mouse and is remembered; a register and a byte of
 * external RAM edited while paused show their new values (a bad value is said and changes nothing, Esc
 * puts a value back, a byte of internal RAM is edited with the keyboard alone);
 * the ROM view shows the bytes at the PC; the VDC view lists the objects and boxes them over the picture;
 * the cycle profile counts frames and source lines. Waits are
 * for states, never for time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';
import { shot } from './shots.ts';

const hex = (n: number, digits: number): string => n.toString(16).toUpperCase().padStart(digits, '0');

/** Boxes of the picture, the editor and the CPU box, and the window's size. */
function boxes(page: Page) {
  return page.evaluate(() => {
    const box = (s: string) => {
      const r = document.querySelector(s)!.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
    };
    return {
      canvas: box('#console-screen canvas'),
      editor: box('#console-program .cm-editor'),
      regs: box('#debugger-regs'),
      width: window.innerWidth,
      height: window.innerHeight,
    };
  });
}

/**
 * How the docked debugger sits in the window: its box, and the worst of its scroll boxes (the panel and
 * any box in it that scrolls), as the height it holds over the height it shows.
 */
function debuggerFit(page: Page) {
  return page.evaluate(() => {
    const d = document.querySelector<HTMLElement>('#console-debugger')!;
    const r = d.getBoundingClientRect();
    let worst = { ratio: 1, holds: 0, shows: 0 };
    for (const e of [d, ...d.querySelectorAll<HTMLElement>('*')]) {
      const y = getComputedStyle(e).overflowY;
      if (e.clientHeight === 0 || (y !== 'auto' && y !== 'scroll')) continue;
      const ratio = e.scrollHeight / e.clientHeight;
      if (ratio > worst.ratio) worst = { ratio, holds: e.scrollHeight, shows: e.clientHeight };
    }
    return { top: r.top, bottom: r.bottom, height: window.innerHeight, worst };
  });
}

/** Each tab of the debugger (today's ids), chosen in turn: the panel inside the window, no scroll box holding 1.5× what it shows. */
async function expectDebuggerFits(page: Page): Promise<void> {
  const fits = async (id: string): Promise<void> => {
    const fit = await debuggerFit(page);
    expect(fit.top, id).toBeGreaterThanOrEqual(0);
    expect(fit.bottom, id).toBeLessThanOrEqual(fit.height);
    expect(fit.worst.ratio, `${id}: ${fit.worst.holds} px in ${fit.worst.shows} px`).toBeLessThanOrEqual(1.5);
  };
  await fits('as opened');
  const tabs = await page.locator('#console-debugger [role="tab"]').evaluateAll((l) => l.map((t) => t.id));
  expect(tabs.length).toBeGreaterThan(3);
  for (const id of tabs) {
    await page.locator(`#${id}`).click();
    await fits(id);
  }
}

const debugInfo = (page: Page) => page.evaluate(() => window.__o2console!.runtime()!.api.debugInfo());

describe('the console as an IDE', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('picture, source and registers side by side in 1280×800; the splitter moves; edits, the ROM view, the profile', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitReady(page);
    await page.locator('#console-program > summary').click();
    await page.keyboard.press('F9');
    await poll(() => page.locator('#console').getAttribute('data-ide')).toBe('both');
    // Both panels load when first opened (issue 38): the debugger's script may come before the editor's.
    await page.locator('#console-program .cm-editor').waitFor();
    await poll(() => page.locator('#debugger-regs .dbg-edit').count()).toBeGreaterThan(0);

    const b = await boxes(page);
    for (const [name, r] of Object.entries({ canvas: b.canvas, editor: b.editor, regs: b.regs })) {
      expect(r.top, name).toBeGreaterThanOrEqual(0);
      expect(r.left, name).toBeGreaterThanOrEqual(0);
      expect(r.bottom, name).toBeLessThanOrEqual(b.height);
      expect(r.right, name).toBeLessThanOrEqual(b.width);
    }
    expect(b.editor.left).toBeGreaterThan(b.canvas.right); // side by side
    await shot(page, 'console-ide-1280x800.png');

    // Docked (issue 36): the debugger fits the window, a tab at a time, with nothing scrolled far inside
    // it; with the program panel closed, its title stays in sight above the debugger, not below the fold.
    await expectDebuggerFits(page);
    await page.locator('#console-program > summary').click();
    await poll(() => page.locator('#console').getAttribute('data-ide')).toBe('debugger');
    const summary = (await page.locator('#console-program > summary').boundingBox())!;
    expect(summary.y + summary.height).toBeLessThanOrEqual(b.height);
    await expectDebuggerFits(page);
    await shot(page, 'console-ide-debugger-1280x800.png');
    await page.locator('#console-program > summary').click();
    await poll(() => page.locator('#console').getAttribute('data-ide')).toBe('both');
    await page.locator('#debugger-tab-cpu').click();

    // The splitter: the keyboard, then the mouse; the place is kept for the next visit.
    const splitter = page.locator('#ide-splitter');
    await splitter.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await poll(async () => (await boxes(page)).editor.left).toBeGreaterThan(b.editor.left + 60);
    const s = (await splitter.boundingBox())!;
    await page.mouse.move(s.x + s.width / 2, s.y + 100);
    await page.mouse.down();
    await page.mouse.move(s.x - 200, s.y + 100, { steps: 4 });
    await page.mouse.up();
    await poll(async () => (await boxes(page)).editor.left).toBeLessThan(s.x - 150);
    const kept = await splitter.getAttribute('aria-valuenow');
    expect(await page.evaluate(() => localStorage.getItem('o2conquest.console.ideSplit'))).toBe(kept);

    // Edits while paused: A, then a byte of external RAM.
    await page.locator('#debugger-pause').click();
    await poll(() => page.locator('#console-pause').textContent()).toBe('Resume');
    const before = await debugInfo(page);
    await page.locator('#debugger-regs .dbg-edit[data-kind="a"]').click();
    // The value is offered as the assembler writes numbers, the one way every debugger field reads them: 5Ah,
    // or 0E3h when it starts with a letter (A is whatever the running program left there).
    expect(await page.locator('.dbg-edit-field').inputValue()).toMatch(/^(?:[0-9][0-9A-F]|0[A-F][0-9A-F])h$/);
    await page.keyboard.type('1G');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('#debugger-message').textContent()).toContain(
      '"1G" is not a number: type a byte from 00h to FFh as 21h, 0x21, $21 or 33 (decimal)',
    );
    expect((await debugInfo(page)).a).toBe(before.a);
    // A bare "5a" is no number in the source, so none here.
    await page.locator('.dbg-edit-field').fill('5a');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('#debugger-message').textContent()).toContain('"5a" is not a number');
    expect((await debugInfo(page)).a).toBe(before.a);
    await page.locator('.dbg-edit-field').fill('5Ah');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('#debugger-regs .dbg-edit[data-kind="a"]').textContent()).toBe('5A');
    expect((await debugInfo(page)).a).toBe(0x5a);
    await page.locator('#debugger-tab-ram').click();
    await page.locator('#debugger-eram .dbg-edit[data-address="18"]').click();
    await page.keyboard.type('0C3h');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('#debugger-eram .dbg-edit[data-address="18"]').textContent()).toBe('C3');
    expect((await debugInfo(page)).eram[0x12]).toBe(0xc3);
    expect(await page.locator('#debugger-stop').textContent()).toMatch(/^external RAM 12h set to C3h: PC [0-9A-F]{3}h/);
    // Esc puts the value back; the keyboard alone edits a byte (the dump's tab stop, an arrow, Enter).
    const psw = (await debugInfo(page)).psw;
    await page.locator('#debugger-tab-cpu').click();
    await page.locator('#debugger-regs .dbg-edit[data-kind="psw"]').click();
    await page.keyboard.type('12');
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.dbg-edit-field').count()).toBe(0);
    expect((await debugInfo(page)).psw).toBe(psw);
    await page.locator('#debugger-tab-ram').click();
    await page.locator('#debugger-iram .dbg-edit[data-address="0"]').focus();
    await page.keyboard.press('ArrowDown'); // 10h
    await page.keyboard.press('ArrowRight'); // 11h
    await page.keyboard.press('Enter');
    await page.keyboard.type('$AB');
    await page.keyboard.press('Enter');
    await poll(async () => (await debugInfo(page)).iram[0x11]).toBe(0xab);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-address'))).toBe('17');

    // The ROM view: the line at the PC, with the bytes there.
    const info = await debugInfo(page);
    await page.locator('#debugger-tab-rom').click();
    const current = page.locator('#debugger-rom-lines .dbg-rom-line.current');
    await poll(() => current.getAttribute('data-address')).toBe(hex(info.pc, 3));
    const bytes = info.disasm
      .find((l) => l.current)!
      .bytes.map((x) => hex(x, 2))
      .join(' ');
    expect(await current.textContent()).toContain(`${hex(info.pc, 3)}  ${bytes}`);
    await page.locator('#debugger-rom').scrollIntoViewIfNeeded();
    await shot(page, 'console-ide-edits.png');

    // The VDC view: after a frame step (the program draws in VBLANK), the characters and sprites with
    // their registers; their boxes over the picture, inside the picture's canvas; a line clicked stays marked.
    await page.locator('#debugger-frame').click();
    await page.locator('#debugger-tab-vdc').click();
    await page.locator('#debugger-vdc-objects > summary').click();
    await poll(() => page.locator('#debugger-vdc-control').textContent()).toMatch(/^A0h 28: foreground on, grid on/);
    const list = page.locator('#debugger-vdc-list');
    expect(await list.textContent()).toMatch(/C0 \(10h\) Y 40 X 20 ptr [0-9A-F]{3} attr [0-9A-F]{2} {2}glyph 1F/);
    // Sprite 2's X is the VBLANK count: off the picture (not listed) part of the time, listed with "all".
    await page.locator('#debugger-vdc-all').check();
    await poll(() => list.locator('.dbg-vdc-obj').count()).toBe(20);
    expect(await list.textContent()).toMatch(/S2 \(08h\) Y 30 X [0-9A-F]{2} attr 28/);
    await page.locator('#debugger-vdc-all').uncheck();
    await poll(() => list.locator('.dbg-vdc-obj').count()).toBeLessThan(20);
    await page.locator('#debugger-vdc-overlay').check();
    const overlay = page.locator('#vdc-overlay');
    await poll(() => overlay.getAttribute('data-boxes')).toMatch(/^[1-9]\d*$/);
    expect(await page.evaluate(() => localStorage.getItem('o2conquest.debugger.vdcOverlay'))).toBe('1');
    const placed = await page.evaluate(() => {
      const r = (s: string) => document.querySelector(s)!.getBoundingClientRect();
      const c = document.querySelector<HTMLCanvasElement>('#vdc-overlay')!;
      const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let drawn = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] !== 0) drawn++;
      return { overlay: r('#vdc-overlay'), canvas: r('#console-screen canvas.console-canvas'), drawn };
    });
    for (const side of ['left', 'top', 'right', 'bottom'] as const) {
      expect(Math.abs(placed.overlay[side] - placed.canvas[side]), side).toBeLessThanOrEqual(1);
    }
    expect(placed.drawn).toBeGreaterThan(100);
    await list.locator('.dbg-vdc-obj[data-label="C0"]').click();
    await poll(() => list.locator('.dbg-vdc-obj.pinned').getAttribute('data-label')).toBe('C0');
    await page.locator('#console-screen').scrollIntoViewIfNeeded();
    await shot(page, 'console-vdc-overlay-1280x800.png');

    // The cycle profile: turned on and run, it says how much of the frame each part used, by source line.
    await page.locator('#debugger-tab-profile').click();
    await page.locator('#debugger-profile-on').check();
    await page.locator('#debugger-run').click();
    const profile = page.locator('#debugger-profile');
    await poll(() => profile.textContent()).toMatch(/last frame: cartridge \d+ \+ BIOS \d+ of 5983 cycles/);
    await poll(() => profile.textContent()).toMatch(/waiting in a loop \d+: busy \d+ of 5983/);
    await poll(() => page.locator('#debugger-profile-lines').textContent()).toMatch(/%\s+\d+ {2}console-test\.a48:\d+/);
    // A line of a file not open in the program panel (our built-in test cartridge) is said, not shown.
    await page.locator('#debugger-profile-lines button', { hasText: 'console-test.a48:' }).first().click();
    await poll(() => page.locator('#debugger-message').textContent()).toBe(
      'console-test.a48 is not among the sources open in the program panel.',
    );

    // Reloaded, the splitter is where it was left.
    await page.reload();
    await waitReady(page);
    await page.locator('#console-program > summary').click();
    expect(await page.locator('#ide-splitter').getAttribute('aria-valuenow')).toBe(kept);
    expect(errors).toEqual([]);
  });
});
