/**
 * The debugger on a raster effect (issue 36): a program that changes the background colour many
 * times a line (stripes down the screen) comes in a share link; the debugger breaks when the beam
 * reaches line 100 and says where the beam is; a watchpoint typed by label with a condition stops it
 * (the byte named in the RAM view, jumps by label in the disassembly) and Step back goes back three
 * instructions, one at a time; a breakpoint typed by label with a condition stops only where it holds.
 * Waits are for states (the stop's sentence, the build), never for time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';
import { encodeShare } from '../../src/editor/share-link.ts';

const gust = join(import.meta.dirname, '../programs/third-party/gust');

/** Interrupts off; `raster` is at 412h: INC R7, MOV A,R7, MOV R1,#30h, MOV @R1,A, MOVX @R0,A, JMP raster. */
const RASTER = [
  '\tcpu\t8048',
  '\torg\t400h',
  '\tinclude\t"g7000.h"',
  'passes\tequ\t30h\t\t; internal RAM: the pass count',
  '\tjmp\tselectgame',
  '\tjmp\tirq',
  '\tjmp\ttimer',
  '\tjmp\tvsyncirq',
  '\tjmp\tstart',
  '\tjmp\tsoundirq',
  'timer\tretr',
  'start\tdis\ti',
  '\tcall\tvdcenable',
  '\tmov\tr0,#0A3h\t\t; the background colour register',
  'raster\tinc\tr7',
  '\tmov\ta,r7',
  '\tmov\tr1,#passes',
  '\tmov\t@r1,a\t\t; internal RAM 30h = the pass count',
  '\tmovx\t@r0,a\t\t; a new background colour every pass: stripes',
  '\tjmp\traster',
].join('\n');

describe('the debugger on a raster effect', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('breaks at a scanline, steps back three instructions after a watchpoint, and stops at a conditional breakpoint by label', async () => {
    const made = await encodeShare({
      main: 'raster.a48',
      files: [
        { name: 'raster.a48', text: RASTER },
        { name: 'g7000.h', text: readFileSync(join(gust, 'g7000.h'), 'utf8') },
      ],
    });
    if (!made.ok) throw new Error(made.error);
    const { page, errors } = await openApp(browser, `/?cart=console-test#/console?src=${made.text}`);
    await waitReady(page);
    await poll(() => page.locator('#console-program').getAttribute('data-build')).toBe('running');
    await page.evaluate(() => window.__o2console!.runtime()!.api.typeKeys(['1']));
    const info = () => page.evaluate(async () => window.__o2console!.runtime()!.api.debugInfo());
    // The stripes: the raster loop runs (the pass count in internal RAM 30h moves on).
    await poll(async () => (await info()).pc >= 0x412).toBe(true);
    const colours = () =>
      page.evaluate(async () => new Set((await window.__o2console!.runtime()!.api.frame()).pixels).size);
    await poll(colours).toBeGreaterThan(3);

    // F9 opens the debugger; "line 100" breaks when the beam reaches line 100.
    await page.locator('#console-screen').click();
    await page.keyboard.press('F9');
    const stop = page.locator('#debugger-stop');
    const message = page.locator('#debugger-message');
    const breakAt = page.locator('#debugger-break-at');
    await page.locator('#debugger-tab-breaks').click();
    await breakAt.fill('line 300');
    await breakAt.press('Enter');
    await poll(() => message.textContent()).toBe("The beam's lines run from 0 to 262 (NTSC); 300 is not one of them.");
    await breakAt.fill('line 100');
    await breakAt.press('Enter');
    await poll(() => message.textContent()).toBe('Break when the beam reaches line 100.');
    await poll(() => stop.textContent()).toMatch(/^the beam reached line 100: PC 4[01][0-9A-F]h, frame \d+$/);
    expect(await page.locator('#debugger-regs').textContent()).toMatch(
      /beam: line 100, dot \d+ {2}\(break at line 100\)/,
    );
    expect((await info()).beam.line).toBe(100);

    // A write watch on `passes` (internal RAM 30h) if A == 40h: Run (F5) stops after the MOV @R1,A
    // that wrote 40h; Step back three times.
    await page.locator('#debugger-bp-clear').click();
    await poll(async () => (await info()).scanline).toBeUndefined();
    await page.locator('#debugger-watch-space').selectOption('iram');
    const watch = page.locator('#debugger-watch-address');
    await watch.fill('passez if A == 40h');
    await watch.press('Enter');
    await poll(() => message.textContent()).toMatch(/^“passez” is neither a register/);
    await watch.fill('passes if A == 40h');
    await watch.press('Enter');
    await poll(() => message.textContent()).toBe('Watching writes of internal RAM 30h (passes) if A == 40h.');
    await poll(() => page.locator('#debugger-watches li').textContent()).toMatch(
      /^write of internal RAM 30h \(passes\) if A == 40h/,
    );
    await page.locator('#console-screen').click();
    await page.keyboard.press('F5');
    await poll(() => stop.textContent()).toMatch(
      /^watchpoint: internal RAM 30h \(passes\) written \(3Fh → 40h\) .* PC 417h, frame \d+$/,
    );
    expect(await page.locator('#debugger-iram').textContent()).toContain('30h passes=40');
    expect(await page.locator('.dbg-disasm').textContent()).toContain('JMP raster');
    const count = (await info()).regs[7];
    expect(count).toBe(0x40);
    for (const pc of ['416', '414', '413']) {
      await page.locator('#debugger-step-back').click();
      await poll(() => stop.textContent()).toMatch(new RegExp(`^stepped back: PC ${pc}h, frame \\d+$`));
    }
    expect((await info()).regs[7]).toBe(count);
    // F11 steps forward again, one instruction.
    await page.keyboard.press('F11');
    await poll(() => stop.textContent()).toMatch(/^stepped: PC 414h, frame \d+$/);

    // A breakpoint by label with a condition: it stops at `raster` only once R7 is 40h.
    await page.locator('#debugger-watch-clear').click();
    await breakAt.fill('raster if R7 == nowhere');
    await breakAt.press('Enter');
    await poll(() => message.textContent()).toMatch(/^“nowhere” is neither a register/);
    await breakAt.fill('raster if R7 == 40h');
    await breakAt.press('Enter');
    await poll(() => message.textContent()).toBe('Breakpoint at 412h when R7 == 40h.');
    await page.locator('#debugger-run').click();
    await poll(() => stop.textContent()).toMatch(/^breakpoint \(R7 == 40h\): PC 412h, frame \d+$/);
    expect((await info()).regs[7]).toBe(0x40);
    expect(await page.locator('#debugger-regs').textContent()).toContain('412 (raster) if R7 == 40h');
    expect(errors).toEqual([]);
  }, 60_000);
});
