/**
 * Your program on the console (issue 13): a user drops Soeren Gust's "hello" demo with its g7000.h on
 * the screen; it is assembled in the worker and runs; a breakpoint set on a source line is hit and the
 * line shown; an edit rebuilt with Ctrl+Enter changes the picture; a bad edit is refused with
 * file:line:column and the machine keeps running what it ran; with "Start without SELECT GAME" a
 * change typed is rebuilt and seen with no key pressed; Ctrl+F searches; a share link holds the
 * files, and opening it in another browser loads and builds its program; a link that replaces the
 * sources puts them aside and "Put back my program" restores them; a change typed while stopped is
 * swapped into the running machine (state kept); the pixel editor's click on a sprite's db lines shows
 * in that sprite's cell of the picture. Waits are for states (data attributes, frame numbers), never for time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';
import { shot } from './shots.ts';
import { decodeShare, encodeShare, sharedText } from '../../src/editor/share-link.ts';
import { NEW_PROGRAM } from '../../src/editor/template.ts';
import { NTSC } from '../../rom-core/i8244/index.ts';

const gust = join(import.meta.dirname, '../programs/third-party/gust');
const source = (name: string) => ({ name, text: readFileSync(join(gust, name), 'utf8') });

async function drop(page: Page, files: { name: string; text: string }[]): Promise<void> {
  await page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.text], f.name, { type: 'text/plain' }));
    document
      .querySelector('.console-screen-wrap')!
      .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

/** Pixels of the shown picture unlike its top-left corner (the text written on the screen). */
const inked = (page: Page) =>
  page.evaluate(async () => {
    const { pixels } = await window.__o2console!.runtime()!.api.frame();
    let n = 0;
    for (const p of pixels) if (p !== pixels[0]) n++;
    return n;
  });

/**
 * Waits until the picture has changed from `before` and then stays the same over three frames (the
 * demo in its stop loop, its text written), and returns its ink.
 */
async function settled(page: Page, before: number): Promise<number> {
  let ink = -1;
  await poll(async () => {
    const a = await inked(page);
    const f = await page.evaluate(() => window.__o2console!.shownFrame);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(f + 3);
    ink = await inked(page);
    return a === ink && ink !== before;
  }).toBe(true);
  return ink;
}

const frameNow = (page: Page) =>
  page.evaluate(async () => (await window.__o2console!.runtime()!.api.debugInfo()).frame);

/** Scrolls the editor so `line` is near its top, and lets the editor draw (two animation frames) before anything is measured. */
async function scrollTo(page: Page, line: number): Promise<void> {
  await page.evaluate(async (n) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    await frame();
    await frame();
    const scroller = document.querySelector<HTMLElement>('#console-program .cm-scroller')!;
    const lineHeight = document.querySelector<HTMLElement>('#console-program .cm-line')!.getBoundingClientRect().height;
    scroller.scrollTop = Math.max(0, (n - 6) * lineHeight);
    await frame();
    await frame();
  }, line);
}

/** Where source line `line`'s number is on the page, once the editor has scrolled it into view. */
async function lineBox(page: Page, line: number): Promise<{ x: number; y: number; width: number; height: number }> {
  await scrollTo(page, line);
  const number = page.locator('#console-program .cm-lineNumbers .cm-gutterElement', {
    hasText: new RegExp(`^${line}$`),
  });
  return (await number.boundingBox())!;
}

/** Clicks the breakpoint gutter beside source line `line` (scrolled into view first). */
async function clickGutter(page: Page, line: number): Promise<void> {
  const box = await lineBox(page, line);
  const gutter = (await page.locator('#console-program .cm-bp-gutter').boundingBox())!;
  await page.mouse.click(gutter.x + gutter.width / 2, box.y + box.height / 2);
}

/** Replaces the text of source line `line` in the editor, as a user would with the keyboard. */
async function retype(page: Page, line: number, text: string): Promise<void> {
  const box = await lineBox(page, line);
  const content = (await page.locator('#console-program .cm-content').boundingBox())!;
  await page.mouse.click(content.x + 40, box.y + box.height / 2);
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type(text);
}

/** A program for the debugger (interrupts off, so every step lands where the test expects). */
const DEBUG_DEMO =
  [
    '\tcpu\t8048',
    '\torg\t400h',
    '\tinclude\t"g7000.h"',
    '\tjmp\tselectgame',
    '\tjmp\tirq',
    '\tjmp\ttimer',
    '\tjmp\tvsyncirq',
    '\tjmp\tstart',
    '\tjmp\tsoundirq',
    'timer\tretr',
    'start\tdis\ti',
    '\tcall\textramenable',
    '\tmov\tr7,#0',
    'loop\tcall\tbump\t\t; line 14',
    '\tmov\tr0,#7Fh',
    '\tmov\ta,r7',
    '\tmovx\t@r0,a\t\t; external RAM 7Fh = the pass count',
    '\tjmp\tloop\t\t; line 18',
    'bump\tinc\tr7',
    '\tret',
  ].join('\n') + '\n';

const hex3 = (n: number): string => n.toString(16).toUpperCase().padStart(3, '0');

/**
 * A program that shows its `ship` (the file's last 8 lines) as sprite 0, copied from the cartridge
 * into the VDC once a frame (its shape registers 80h-87h; Y, X and colour at 00h-02h, colour in bits
 * 5-3), so a byte swapped into the cartridge shows in the next frame.
 */
const SHIP_DEMO = [
  'selectgame\tequ\t02C3h',
  'irq\tequ\t0009h',
  'vsyncirq\tequ\t001Ah',
  'soundirq\tequ\t0044h',
  'gfxoff\tequ\t011Ch',
  'gfxon\tequ\t0127h',
  'waitvsync\tequ\t0176h',
  '\tcpu\t8048',
  '\torg\t400h',
  '\tjmp\tselectgame',
  '\tjmp\tirq',
  '\tjmp\ttimer',
  '\tjmp\tvsyncirq',
  '\tjmp\tmain',
  '\tjmp\tsoundirq',
  'timer:\tretr',
  'main:\tcall\twaitvsync',
  '\tcall\tgfxoff',
  '\tmov\tr0,#0',
  '\tmov\ta,#40h\t\t; Y',
  '\tmovx\t@r0,a',
  '\tinc\tr0',
  '\tmov\ta,#40h\t\t; X',
  '\tmovx\t@r0,a',
  '\tinc\tr0',
  '\tmov\ta,#2 << 3\t\t; colour 2',
  '\tmovx\t@r0,a',
  '\tmov\tr0,#80h',
  '\tmov\tr1,#ship & 0FFh',
  '\tmov\tr2,#8',
  'copy:\tmov\ta,r1',
  '\tmovp\ta,@a',
  '\tmovx\t@r0,a',
  '\tinc\tr0',
  '\tinc\tr1',
  '\tdjnz\tr2,copy',
  '\tcall\tgfxon',
  '\tjmp\tmain',
  'ship:\tdb\t00011000b',
  '\tdb\t00111100b',
  '\tdb\t01111110b',
  '\tdb\t11011011b',
  '\tdb\t11111111b',
  '\tdb\t00100100b',
  '\tdb\t01011010b',
  '\tdb\t10100101b',
].join('\n'); // no newline after the last: Ctrl+End lands on the ship's last row

/** The picture once the machine has run two whole frames past `frame` (the program's copy drawn). */
async function pictureAfter(page: Page, frame: number): Promise<number[]> {
  await poll(() => frameNow(page)).toBeGreaterThan(frame + 2);
  return page.evaluate(async () => Array.from((await window.__o2console!.runtime()!.api.frame()).pixels));
}

/** The indices of the picture's dots of colour `colour`. */
const dotsOf = (picture: number[], colour: number): number[] => picture.flatMap((p, i) => (p === colour ? [i] : []));

function boundsOf(dots: number[]): { left: number; right: number; top: number; bottom: number } {
  const xs = dots.map((i) => i % NTSC.visibleWidth);
  const ys = dots.map((i) => Math.floor(i / NTSC.visibleWidth));
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

describe('your program on the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a dropped demo builds in the worker and runs; a source breakpoint is hit; an edit rebuilds; a bad edit is refused with its place', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitReady(page);
    const panel = page.locator('#console-program');
    // Rebuild as I type is on unless turned off; off here, so the edits below are built when asked
    // (a half-typed line that assembles would otherwise run for a moment on a slow machine).
    await panel.evaluate((d) => {
      (d as HTMLDetailsElement).open = true;
    });
    expect(await page.locator('#program-rebuild').isChecked()).toBe(true);
    await page.locator('#program-rebuild').uncheck();
    // Restart on rebuild, so each build starts the demo again and writes its text afresh (the swap in
    // place, the default, is the next test's).
    expect(await page.locator('#program-restart').isChecked()).toBe(false);
    await page.locator('#program-restart').check();
    await drop(page, [source('hello.a48'), source('g7000.h')]);
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    expect(await panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.locator('#program-status').textContent()).toMatch(
      /^Built and running: hello\.a48: \d+ bytes at 400h-[0-9A-F]+h, a 2 KB cartridge\. The BIOS asks SELECT GAME first/,
    );
    expect(await page.locator('#console-roms li[data-kind="cart"]').textContent()).toMatch(/2048-byte image/);
    expect(await page.locator('#console-program [role="tab"]').allTextContents()).toEqual(['hello.a48', 'g7000.h']);
    // The BIOS asks SELECT GAME first, as with any cartridge; a key starts the demo, which writes HELLO WORLD.
    const selectGame = await inked(page);
    await page.evaluate(() => window.__o2console!.runtime()!.api.typeKeys(['1']));
    const full = await settled(page, selectGame);
    expect(full).toBeGreaterThan(200);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'console-program-1280x800.png');

    // A breakpoint on "stop jmp stop" (line 65), where the demo loops once it has written: hit, the line shown.
    await clickGutter(page, 65);
    await poll(() => panel.getAttribute('data-stopped')).toBe('hello.a48:65');
    expect(await page.locator('#console-program .cm-pc-line').textContent()).toMatch(/^stop\s+jmp\s+stop/);
    expect(await page.locator('#program-status').textContent()).toMatch(
      /^Stopped at hello\.a48:65 \(breakpoint: PC [0-9A-F]{3}h, frame \d+\)/,
    );
    const pc = Number.parseInt(
      (await page.locator('#program-status').textContent())!.match(/PC ([0-9A-F]{3})h/)![1],
      16,
    );
    expect(await page.evaluate(async () => (await window.__o2console!.runtime()!.api.debugInfo()).pc)).toBe(pc);
    expect(await page.locator('#console-program .cm-bp-dot').count()).toBe(1);
    // The debugger knows the program's source too: its current line names the file and line.
    await page.locator('#console-debug').click();
    await poll(() => page.locator('#console-debugger .dbg-line.current').textContent()).toMatch(
      /hello\.a48:65\s+stop\s+jmp\s+stop/,
    );
    // One set of run controls for both panels (issue 36): one Step over button on the page, not one a panel.
    expect(await page.locator('#console button', { hasText: /^Step over$/ }).count()).toBe(1);
    expect(await page.locator('#run-controls').isVisible()).toBe(true);
    // Step: the jump goes to itself, so the CPU is on the same line again.
    await page.locator('#debugger-step').click();
    await poll(() => page.locator('#program-status').textContent()).toMatch(/^Stopped at hello\.a48:65 /);
    // Clear it and run on.
    await clickGutter(page, 65);
    await poll(() => page.locator('#console-program .cm-bp-dot').count()).toBe(0);
    await page.locator('#debugger-run').click();
    const running = await frameNow(page);
    await poll(() => frameNow(page)).toBeGreaterThan(running + 5);

    // An edit: print 5 characters instead of 11 ("HELLO"); Ctrl+Enter rebuilds and the picture has less ink.
    await retype(page, 54, ' mov r2,#05h');
    await page.keyboard.press('Control+Enter');
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    expect(await page.locator('#program-status').textContent()).toMatch(/^Built and running: hello\.a48/);
    const again = await inked(page);
    await page.evaluate(() => window.__o2console!.runtime()!.api.typeKeys(['1']));
    const hello = await settled(page, again);
    expect(hello).toBeLessThan(full);
    expect(hello).toBeGreaterThan(full / 4);

    // A bad edit: refused with file, line, column and the operand underlined; the machine runs as before.
    const before = await page.locator('#console-roms li[data-kind="cart"]').textContent();
    await retype(page, 54, ' mov r2,#nothere');
    await page.locator('#program-build').click();
    await poll(() => panel.getAttribute('data-build')).toBe('failed');
    const problem = page.locator('#program-problems li[data-where]').first();
    expect(await problem.getAttribute('data-where')).toMatch(/^hello\.a48:54:\d+$/);
    expect(await problem.locator('mark').textContent()).toBe('nothere');
    expect(await page.locator('#console-program .cm-diag-span').first().textContent()).toBe('nothere');
    expect(await page.locator('#program-status').textContent()).toMatch(
      /^Not built: 1 error in hello\.a48 \(the last good build, hello\.a48: \d+ bytes at 400h-[0-9A-F]+h, a 2 KB cartridge, runs on\)\.$/,
    );
    expect(await page.locator('#console-roms li[data-kind="cart"]').textContent()).toBe(before);
    const going = await frameNow(page);
    await poll(() => frameNow(page)).toBeGreaterThan(going + 5);
    await shot(page, 'console-program-error-1280x800.png');

    // The sources are kept in this browser: after a reload they are there to build again (the panel,
    // closed at the start, loads its editor when opened: issue 38).
    await page.reload();
    await waitReady(page);
    await page.locator('#console-program > summary').click();
    expect(await page.locator('#program-status').textContent()).toMatch(
      /^Your sources from last time \(hello\.a48, g7000\.h\)/,
    );

    // A program of one's own: "New program" adds new.a48 beside them, builds it and runs it; it writes on the screen.
    await page.locator('#program-new').click();
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    expect(await page.locator('#console-program [role="tab"]').allTextContents()).toEqual([
      'hello.a48',
      'g7000.h',
      'new.a48',
    ]);
    expect(await page.locator('#program-main').inputValue()).toBe('new.a48');
    const blank = await inked(page);
    await page.evaluate(() => window.__o2console!.runtime()!.api.typeKeys(['1']));
    const five = await settled(page, blank);
    expect(five).toBeGreaterThan(50);

    // The loop: a change typed (2 characters, not 5) is rebuilt as one types and, with "Start without
    // SELECT GAME", runs with no key pressed: the picture has less ink.
    await page.locator('#program-rebuild').check();
    await page.locator('#program-start').check();
    await retype(page, 35, '        mov     r2,#2           ; characters to write');
    // Rebuilt once typing has stopped: the panel says pending while keys come, then building, then running.
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    expect(await page.locator('#program-status').textContent()).toMatch(
      /^Built and running: new\.a48: .*A key was pressed for you at SELECT GAME\.$/,
    );
    await poll(async () => {
      const n = await inked(page);
      return n > 0 && n < five;
    }).toBe(true);
    const two = await settled(page, five);
    expect(two).toBeLessThan(five);
    // Ctrl+F in the editor: CodeMirror's search panel finds the text.
    await page.keyboard.press('Control+f');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('search');
    await page.keyboard.type('characters');
    await poll(() => page.locator('#console-program .cm-searchMatch').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await poll(() => page.locator('#console-program .cm-search').count()).toBe(0);
    expect(errors).toEqual([]);

    // Restart on rebuild off (the default): a change typed (the text moved right) is swapped into the
    // running machine; the template writes its text every frame, so the picture changes with no
    // restart and no key, and the frame count goes on.
    await page.locator('#program-restart').uncheck();
    const beforeSwap = await frameNow(page);
    const picture = () =>
      page.evaluate(async () => Array.from((await window.__o2console!.runtime()!.api.frame()).pixels));
    const old = await picture();
    await retype(page, 32, '        mov     r3,#40h         ; x');
    await poll(() => panel.getAttribute('data-swap')).toBe('kept');
    expect(await page.locator('#program-status').textContent()).toMatch(/^Built and swapped in: new\.a48: /);
    await poll(async () => (await picture()).some((p, i) => p !== old[i])).toBe(true);
    expect(await frameNow(page)).toBeGreaterThan(beforeSwap);
    expect(await settled(page, -1)).toBe(two);
    await shot(page, 'console-program-swapped-1280x800.png');

    // Copy share link: the link holds the three files as they are now, new.a48 the one built
    // (opening a link is the next test's start).
    await page.locator('#program-share').click();
    await poll(() => page.locator('#program-share-link').inputValue()).toMatch(/#\/console\?src=o2src1\./);
    const link = new URL(await page.locator('#program-share-link').inputValue());
    expect(link.search).toBe('?cart=console-test');
    const shared = await decodeShare(sharedText(link.hash)!);
    expect(shared.ok && shared.main).toBe('new.a48');
    expect(shared.ok && shared.files.map((f) => f.name)).toEqual(['hello.a48', 'g7000.h', 'new.a48']);
    expect(shared.ok && shared.files[2].text).toContain('mov     r2,#2 ');
    expect(shared.ok && shared.files[2].text).toContain('mov     r3,#40h ');
    expect(shared.ok && shared.files[2].text).toContain('mov     r4,#18h ');

    // Opening another program's link replaces these sources; they are put aside, and one click on
    // "Put back my program" (in the message line) brings them back and builds them.
    const other = await encodeShare({ main: 'debug.a48', files: [{ name: 'debug.a48', text: DEBUG_DEMO }] });
    if (!other.ok) throw new Error(other.error);
    await page.evaluate((text) => {
      location.hash = `#/console?src=${text}`;
    }, other.text);
    await poll(() => page.locator('#console-message').textContent()).toMatch(
      /^Opened the program of the link: debug\.a48\. Yours \(hello\.a48, g7000\.h, new\.a48\) was put aside: “Put back my program” brings it back\./,
    );
    // debug.a48 alone, its include not in the link: its tab counts the errors of the build refused.
    expect(await page.locator('#console-program [role="tab"]').allTextContents()).toEqual([
      expect.stringMatching(/^debug\.a48 \(\d+ errors\)$/),
    ]);
    await page.locator('#console-message button', { hasText: 'Put back my program' }).click();
    await poll(() => page.locator('#console-message').textContent()).toBe(
      'Your program is back: hello.a48, g7000.h, new.a48.',
    );
    expect(await page.locator('#console-program [role="tab"]').allTextContents()).toEqual([
      'hello.a48',
      'g7000.h',
      'new.a48',
    ]);
    expect(await panel.getAttribute('data-build')).toBe('running');
    expect(await page.locator('#program-put-back').isHidden()).toBe(true);
    expect(errors).toEqual([]);

    // The copied link opened in another browser (a fresh context: nothing kept there) loads and builds
    // the three files, new.a48 the one built, with nothing put aside.
    const opened = await openApp(browser, link.pathname + link.search + link.hash);
    await waitReady(opened.page);
    const theirs = opened.page.locator('#console-program');
    await poll(() => theirs.getAttribute('data-build')).toBe('running');
    expect(await opened.page.locator('#console-program [role="tab"]').allTextContents()).toEqual([
      'hello.a48',
      'g7000.h',
      'new.a48',
    ]);
    expect(await opened.page.locator('#program-status').textContent()).toMatch(/^Built and running: new\.a48: /);
    expect(await opened.page.locator('#console-message').textContent()).toBe(
      'Opened the program of the link: hello.a48, g7000.h, new.a48.',
    );
    expect(opened.errors).toEqual([]);
    await opened.page.close();
  }, 120_000);

  it('a share link loads and builds its program (a damaged one is refused); the debugger steps over a CALL, steps back, and stops at a watchpoint; every panel says the same stop', async () => {
    // The program comes in a share link, as "Copy share link" makes it (the codec runs in Node too).
    const made = await encodeShare({
      main: 'debug.a48',
      files: [{ name: 'debug.a48', text: DEBUG_DEMO }, source('g7000.h')],
    });
    if (!made.ok) throw new Error(made.error);
    const { page, errors } = await openApp(browser, `/?cart=console-test#/console?src=${made.text}`);
    await waitReady(page);
    const panel = page.locator('#console-program');
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    expect(await page.locator('#console-program [role="tab"]').allTextContents()).toEqual(['debug.a48', 'g7000.h']);
    expect(await page.locator('#program-status').textContent()).toMatch(/^Built and running: debug\.a48: /);
    // Once read, the fragment is #/console again: a reload keeps the program as edited since.
    expect(await page.evaluate(() => location.hash)).toBe('#/console');
    // A damaged link pasted into the address: a sentence, and the program open stays.
    await page.evaluate(() => {
      location.hash = '#/console?src=o2src1.cut-shor';
    });
    await poll(() => page.locator('#program-status').textContent()).toMatch(
      /^This program link is damaged: .*; your program was left as it was\.$/,
    );
    expect(await page.locator('#console-program [role="tab"]').count()).toBe(2);
    expect(await panel.getAttribute('data-build')).toBe('running');
    await page.evaluate(() => window.__o2console!.runtime()!.api.typeKeys(['1']));
    await panel.scrollIntoViewIfNeeded();
    await clickGutter(page, 14);
    await poll(() => panel.getAttribute('data-breakpoints')).toMatch(/^[0-9A-F]{3}$/);
    await poll(() => panel.getAttribute('data-stopped')).toBe('debug.a48:14');
    const loop = await page.evaluate(async () => (await window.__o2console!.runtime()!.api.debugInfo()).pc);
    // R7 of the bank in use (the BIOS may hand over with either selected).
    const r7 = () => page.evaluate(async () => (await window.__o2console!.runtime()!.api.debugInfo()).regs[7]);
    const passes = await r7();
    await page.locator('#console-debug').click();
    const stopLine = page.locator('#debugger-stop');
    await poll(() => stopLine.textContent()).toMatch(new RegExp(`^breakpoint: PC ${hex3(loop)}h, frame \\d+$`));

    /** The stop as the debugger says it, once the status line and the program panel say the same. */
    const agreed = async (pattern: RegExp, line: number): Promise<string> => {
      await poll(() => stopLine.textContent()).toMatch(pattern);
      const said = (await stopLine.textContent())!;
      await poll(() => page.locator('#console-message').textContent()).toBe(`Paused: ${said}.`);
      await poll(() => panel.getAttribute('data-stopped')).toBe(`debug.a48:${line}`);
      expect(await page.locator('#program-status').textContent()).toContain(`(${said})`);
      const frame = await page.evaluate(async () => (await window.__o2console!.runtime()!.api.debugInfo()).frame);
      expect(said).toMatch(new RegExp(`, frame ${frame}$`));
      return said;
    };

    // Step over the CALL: bump ran (R7 one higher) and the CPU is on the next line.
    await page.locator('#debugger-step-over').click();
    await agreed(new RegExp(`^stepped over: PC ${hex3(loop + 2)}h, frame \\d+$`), 15);
    expect(await r7()).toBe((passes + 1) & 0xff);
    expect(await page.locator('#debugger-stack').textContent()).toBe('empty (SP 0)');

    // Step back is by instruction: bump's RET, its INC R7 (R7 as it was), then before the CALL again.
    await page.locator('#debugger-step-back').click();
    await agreed(new RegExp(`^stepped back: PC ${hex3(loop + 9)}h, frame \\d+$`), 20);
    expect(await r7()).toBe((passes + 1) & 0xff);
    await page.locator('#debugger-step-back').click();
    await agreed(new RegExp(`^stepped back: PC ${hex3(loop + 8)}h, frame \\d+$`), 19);
    expect(await r7()).toBe(passes);
    await page.locator('#debugger-step-back').click();
    await agreed(new RegExp(`^stepped back: PC ${hex3(loop)}h, frame \\d+$`), 14);
    expect(await r7()).toBe(passes);

    // A write watch on external RAM 7Fh: Run stops after the MOVX, with the old and new byte.
    await page.locator('#debugger-tab-breaks').click();
    await page.locator('#debugger-watch-space').selectOption('eram');
    await page.locator('#debugger-watch-address').fill('7Fh');
    await page.locator('#debugger-watch-add').click();
    await poll(() => page.locator('#debugger-watches li').getAttribute('data-watch')).toBe('eram:7F:write');
    await page.locator('#debugger-run').click();
    const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0');
    const watched = await agreed(
      new RegExp(
        `^watchpoint: external RAM 7Fh written \\(${hex2(passes)}h → ${hex2((passes + 1) & 0xff)}h\\) by the instruction at ${hex3(loop + 5)}h: PC ${hex3(loop + 6)}h, frame \\d+$`,
      ),
      18,
    );
    expect(watched).toContain('watchpoint');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('#console-debugger').scrollIntoViewIfNeeded();
    await shot(page, 'console-debugger-1280x800.png');

    // A change typed while stopped (the pass count to 7Eh, not 7Fh: same size) is swapped into the
    // running machine: the CPU stays where it stopped, RAM and frame kept; Run goes on with the new code.
    const eram = (a: number) =>
      page.evaluate(async (at) => (await window.__o2console!.runtime()!.api.externalRam())[at], a);
    const frame = await frameNow(page);
    const counted = await eram(0x7f);
    const unwritten = await eram(0x7e);
    await retype(page, 15, '\tmov\tr0,#7Eh');
    await poll(() => panel.getAttribute('data-swap')).toBe('kept');
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    expect(await page.locator('#program-status').textContent()).toMatch(
      /^Built and swapped in: debug\.a48: .*registers, RAM and time kept\)\. It stays stopped at debug\.a48:18\.$/,
    );
    expect(await frameNow(page)).toBe(frame);
    expect(await eram(0x7f)).toBe(counted);
    // The breakpoint on line 14 is at its place in the new build: Run stops there, and once more
    // round the loop the new code has written 7Eh.
    await page.locator('#debugger-run').click();
    await poll(() => panel.getAttribute('data-stopped')).toBe('debug.a48:14');
    await page.locator('#debugger-run').click();
    await poll(() => eram(0x7e)).not.toBe(unwritten);
    expect(await eram(0x7f)).toBe(counted);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the pixel editor: db lines selected show their pixels; a cell clicked changes its line in its own format, rebuilt and swapped in', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitReady(page);
    const panel = page.locator('#console-program');
    await page.locator('#console-program > summary').click();
    await page.locator('#program-new').click();
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    // A sprite of 8 rows at the end of the program, in binary.
    const rows = [
      '00011000b',
      '00111100b',
      '01111110b',
      '11011011b',
      '11111111b',
      '00100100b',
      '01011010b',
      '10100101b',
    ];
    await page.locator('#console-program .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText(rows.map((r, i) => `${i ? '' : 'ship:'}\tdb\t${r}`).join('\n'));
    const pixels = page.locator('#program-pixels');
    expect(await pixels.isHidden()).toBe(true); // a cursor, no selection: no grid
    for (let i = 0; i < 7; i++) await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+Home');
    await poll(() => pixels.isVisible()).toBe(true);
    // Bit 0 on the left (a sprite): 00011000b lights the 4th and 5th cells of the first row.
    const lit = (row: number) =>
      page
        .locator(`#program-pixel-grid [role="row"]:nth-child(${row + 1}) .pixel-cell`)
        .evaluateAll((cells) => cells.map((c) => (c.getAttribute('aria-pressed') === 'true' ? '#' : '.')).join(''));
    expect(await lit(0)).toBe('...##...');
    expect(await lit(3)).toBe('##.##.##');
    const shipAt = async (): Promise<number | undefined> => {
      const view = await page.evaluate(() => window.__o2console!.runtime()!.api.romView());
      const at = Object.entries(view.labels ?? {}).find(([, name]) => name === 'ship')?.[0];
      return at === undefined ? undefined : view.image[Number(at)];
    };
    await poll(shipAt).toBe(0x18);
    // The first cell: bit 0 set, the line written in binary still, and the new byte in the running machine.
    await page.locator('#program-pixel-0-0').click();
    await poll(() => page.locator('#console-program .cm-line', { hasText: 'ship:' }).textContent()).toBe(
      'ship:\tdb\t00011001b',
    );
    expect(await lit(0)).toBe('#..##...');
    await poll(shipAt).toBe(0x19);
    expect(await page.locator('#program-status').textContent()).toMatch(/^Built and swapped in: new\.a48/);
    await shot(page, 'console-pixel-editor-1280x800.png');
    expect(errors).toEqual([]);
  });

  it('the pixel editor: a cell clicked changes the sprite the running program draws from its db lines, in that cell of the picture', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitReady(page);
    const panel = page.locator('#console-program');
    await page.locator('#console-program > summary').click();
    await page.locator('#program-start').check(); // no SELECT GAME: the program draws at once
    expect(await page.locator('#program-restart').isChecked()).toBe(false); // a build is swapped in
    await drop(page, [{ name: 'ship.a48', text: SHIP_DEMO }]);
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    const shipAt = async (): Promise<number | undefined> => {
      const view = await page.evaluate(() => window.__o2console!.runtime()!.api.romView());
      const at = Object.entries(view.labels ?? {}).find(([, name]) => name === 'ship')?.[0];
      return at === undefined ? undefined : view.image[Number(at)];
    };
    await poll(shipAt).toBe(0x18);
    const before = await pictureAfter(page, await frameNow(page));
    // The ship's 8 lines are the file's last: select them for the grid.
    await page.locator('#console-program .cm-content').click();
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 7; i++) await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+Home');
    await poll(() => page.locator('#program-pixels').isVisible()).toBe(true);
    await page.locator('#program-pixel-0-0').click(); // row 0, the leftmost dot (bit 0)
    await poll(shipAt).toBe(0x19);
    // The worker holds the new bytes a moment before the page has placed the breakpoints and said so.
    await poll(() => page.locator('#program-status').textContent()).toMatch(/^Built and swapped in: ship\.a48/);
    const after = await pictureAfter(page, await frameNow(page));
    // The dots that changed all took one colour, the sprite's; that colour's dots before are the ship
    // as it was (8 rows of 8 cells, each row lit somewhere, its columns 0 and 7 too), after the ship as
    // it is: the same dots and more, the new ones all in the top-left cell.
    const changed = after.flatMap((p, i) => (p !== before[i] ? [i] : []));
    expect(changed.length).toBeGreaterThan(0);
    const colour = after[changed[0]];
    expect(changed.every((i) => after[i] === colour)).toBe(true);
    const ship0 = dotsOf(before, colour);
    const ship1 = dotsOf(after, colour);
    expect(ship0.every((i) => ship1.includes(i))).toBe(true);
    const box = boundsOf(ship0);
    const cell = { width: (box.right - box.left + 1) / 8, height: (box.bottom - box.top + 1) / 8 };
    expect(Number.isInteger(cell.width) && Number.isInteger(cell.height)).toBe(true);
    const topLeft = (i: number): boolean => {
      const [x, y] = [i % NTSC.visibleWidth, Math.floor(i / NTSC.visibleWidth)];
      return x >= box.left && x < box.left + cell.width && y >= box.top && y < box.top + cell.height;
    };
    expect(ship1.filter((i) => !ship0.includes(i))).toEqual(changed);
    expect(changed.every(topLeft)).toBe(true);
    expect(changed.length).toBe(cell.width * cell.height); // the whole cell lit
    expect(errors).toEqual([]);
  });

  it('the pixel editor on db lines of several bytes, "Rebuild as I type" off: each number rewritten in its own format, and the click rebuilds and swaps in by itself', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitReady(page);
    const panel = page.locator('#console-program');
    await page.locator('#console-program > summary').click();
    await page.locator('#program-new').click();
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    await page.locator('#program-rebuild').uncheck();
    // A sprite of 8 bytes on one line, in four formats; a character of 8 rows as two lines of 4.
    await page.locator('#console-program .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText(
      ['ship:\tdb\t18h, $3C, 0x7e, 0DBh, 255, 24h, 5Ah, 0A5h', 'wing:\tdb\t1, 2, 3, 4', '\tdb\t5, 6, 7, 8'].join('\n'),
    );
    await page.keyboard.press('Control+Enter');
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    const byteAt = async (label: string, offset: number): Promise<number | undefined> => {
      const view = await page.evaluate(() => window.__o2console!.runtime()!.api.romView());
      const at = Object.entries(view.labels ?? {}).find(([, name]) => name === label)?.[0];
      return at === undefined ? undefined : view.image[Number(at) + offset];
    };
    await poll(() => byteAt('ship', 1)).toBe(0x3c);
    const pixels = page.locator('#program-pixels');
    const lit = (row: number) =>
      page
        .locator(`#program-pixel-grid [role="row"]:nth-child(${row + 1}) .pixel-cell`)
        .evaluateAll((cells) => cells.map((c) => (c.getAttribute('aria-pressed') === 'true' ? '#' : '.')).join(''));
    const line = (start: string) => page.locator('#console-program .cm-line', { hasText: start }).textContent();
    // The ship's line alone selected: 8 rows, one a number.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await poll(() => pixels.isVisible()).toBe(true);
    expect(await page.locator('#program-pixel-grid [role="row"]').count()).toBe(8);
    expect(await lit(1)).toBe('..####..'); // $3C, bit 0 on the left
    expect(await lit(3)).toBe('##.##.##'); // 0DBh
    // Typing does not build with the box off: the pixel editor's click must build by itself.
    expect(await panel.getAttribute('data-build')).toBe('running');
    await page.locator('#program-pixel-1-0').click();
    await poll(() => line('ship:')).toBe('ship:\tdb\t18h, $3D, 0x7e, 0DBh, 255, 24h, 5Ah, 0A5h');
    await page.locator('#program-pixel-2-7').click();
    await poll(() => line('ship:')).toBe('ship:\tdb\t18h, $3D, 0xfe, 0DBh, 255, 24h, 5Ah, 0A5h');
    expect(await lit(1)).toBe('#.####..');
    await poll(() => byteAt('ship', 2)).toBe(0xfe);
    expect(await byteAt('ship', 1)).toBe(0x3d);
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    expect(await page.locator('#program-status').textContent()).toMatch(/^Built and swapped in: new\.a48/);
    // The two lines of four: the 6th row is the second line's second number.
    await page.locator('#console-program .cm-line', { hasText: 'wing:' }).click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');
    await poll(() => page.locator('#program-pixel-grid [role="row"]').count()).toBe(8);
    expect(await lit(5)).toBe('.##.....'); // 6
    await page.locator('#program-pixel-5-0').click();
    await poll(() => line('\tdb\t5,')).toBe('\tdb\t5, 7, 7, 8');
    await poll(() => byteAt('wing', 5)).toBe(7);
    expect(await line('wing:')).toBe('wing:\tdb\t1, 2, 3, 4');
    expect(errors).toEqual([]);
  });

  it('a program of two sources refused: its errors and warnings by file, each file’s tab counting them, the status saying where', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await waitReady(page);
    const panel = page.locator('#console-program');
    const main = NEW_PROGRAM.replace('message:\n', '\tinclude\t"sprite.h"\n\tmov\ta,#nothere\nmessage:\n');
    const sprite = ['\twarning\t"the ship is not drawn yet"', 'ship:\tdb\t18h, 3Ch', '\tmov\tr9,a'].join('\n');
    await drop(page, [
      { name: 'main.a48', text: main },
      { name: 'sprite.h', text: sprite },
    ]);
    await poll(() => panel.getAttribute('data-build')).toBe('failed');
    expect(await page.locator('#program-status').textContent()).toBe(
      'Not built: 2 errors, 1 in main.a48 and 1 in sprite.h (the machine runs as before).',
    );
    expect(await page.locator('#program-problems .program-file-count').allTextContents()).toEqual([
      'main.a48: 1 error',
      'sprite.h: 1 error, 1 warning',
    ]);
    const where = (file: string) =>
      page
        .locator(`#program-problems li[data-file="${file}"] li[data-where]`)
        .evaluateAll((l) => l.map((x) => x.getAttribute('data-where')!.replace(/:\d+$/, '')));
    const line = main.split('\n').indexOf('\tmov\ta,#nothere') + 1;
    expect(await where('main.a48')).toEqual([`main.a48:${line}`]);
    expect(await where('sprite.h')).toEqual(['sprite.h:1', 'sprite.h:3']);
    expect(await page.locator('#console-program [role="tab"]').allTextContents()).toEqual([
      'main.a48 (1 error)',
      'sprite.h (1 error, 1 warning)',
    ]);
    // The include's error opens the include.
    await page.locator('#program-problems li[data-where^="sprite.h:3"]').click();
    expect(await page.locator('#console-program [role="tab"][aria-selected="true"]').getAttribute('data-file')).toBe(
      'sprite.h',
    );
    // The include mended: its count is its warning alone; main.a48's error is left.
    await retype(page, 3, '\tmov\tr7,a');
    await page.locator('#console-program .cm-content').press('Control+Enter');
    await poll(() => page.locator('#program-status').textContent()).toBe(
      'Not built: 1 error in main.a48 (the machine runs as before).',
    );
    expect(await page.locator('#program-problems .program-file-count').allTextContents()).toEqual([
      'main.a48: 1 error',
      'sprite.h: 1 warning',
    ]);
    expect(await page.locator('#console-program [role="tab"]').allTextContents()).toEqual([
      'main.a48 (1 error)',
      'sprite.h (1 warning)',
    ]);
    // Both mended: it builds, and the tabs count the warning alone.
    await page.locator('#console-program [role="tab"][data-file="main.a48"]').click();
    await retype(page, line, '\tmov\ta,#0');
    await page.locator('#console-program .cm-content').press('Control+Enter');
    await poll(() => panel.getAttribute('data-build')).toBe('running');
    expect(await page.locator('#console-program [role="tab"]').allTextContents()).toEqual([
      'main.a48',
      'sprite.h (1 warning)',
    ]);
    expect(errors).toEqual([]);
  });
});
