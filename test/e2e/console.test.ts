import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openApp } from './browser.ts';
import { canvasMismatches, iram, nodeMachine, pause, poll, stateDigest, waitReady } from './console-helpers.ts';
import { indexToRgba } from '../../rom-core/i8244/palette.ts';
import { KEY_MATRIX } from '../../rom-core/machine/input.ts';

describe('console page', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });
  // Each page runs an emulator at 60 Hz: close it so later tests do not share the CPU with it.
  afterEach(async () => { await Promise.all(browser.contexts().map((c) => c.close())); });

  it('boots our BIOS and cartridge by default and the canvas shows the same pixels as the machine run in Node', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test');
    await waitReady(page);
    expect(await page.locator('.tab[aria-current="page"]').textContent()).toBe('Console');
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(30);
    const frame = await pause(page);
    await poll(() => page.locator('#console-screen').getAttribute('data-frame')).toBe(String(frame));
    const machine = nodeMachine();
    for (let i = 0; i < frame - 1; i++) machine.runFrame();
    const previous = indexToRgba(machine.frame);
    machine.runFrame();
    // The test cart moves a sprite every frame, so the frame before differs: the comparison can fail.
    expect((await canvasMismatches(page, 360, 243, previous)).count).toBeGreaterThan(0);
    const result = await canvasMismatches(page, 360, 243, indexToRgba(machine.frame));
    expect(result).toEqual({ count: 0, first: [] });
    // The picture is not trivially one colour (the test cart draws text, a grid line and sprites).
    expect(new Set(machine.frame).size).toBeGreaterThan(3);

    const audio = await page.evaluate(() => window.__o2console!.audioStats()) as { received: number; blocks: number };
    expect(audio.blocks).toBeGreaterThan(0);
    expect(audio.received).toBeGreaterThan(0);
    expect(await page.locator('#console-roms li').allTextContents()).toEqual([
      'BIOS: o2conquest open BIOS (built from source)',
      'cartridge: console test cartridge (built from source)',
    ]);
    expect(errors).toEqual([]);
  });

  it('first start with no files boots our own BIOS and cartridge (the battle cartridge when it builds)', async () => {
    const { page, errors } = await openApp(browser, '/');
    await waitReady(page);
    const roms = await page.locator('#console-roms li').allTextContents();
    expect(roms[0]).toBe('BIOS: o2conquest open BIOS (built from source)');
    expect(roms[1]).toMatch(/^cartridge: (our battle cartridge|console test cartridge) \(built from source\)$/);
    const start = await page.evaluate(() => window.__o2console!.shownFrame);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(start + 30);
    expect(errors).toEqual([]);
  });

  it('passes a key pressed on the page to the machine, which echoes it', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await waitReady(page);
    expect(await iram(page, 0x2a)).toBe(0xff);
    await page.locator('#console-screen').click();
    await page.keyboard.down('KeyG');
    await poll(() => iram(page, 0x2b)).toBe(KEY_MATRIX.G);
    await page.keyboard.up('KeyG');
    await poll(() => iram(page, 0x2b)).toBe(0xff);
    expect(await iram(page, 0x2a)).toBe(KEY_MATRIX.G);
    // A symbol typed by its printed character: '+' is Shift+= on a US layout.
    await page.keyboard.down('Shift');
    await page.keyboard.down('Equal');
    await poll(() => iram(page, 0x2a)).toBe(KEY_MATRIX.PLUS);
    await page.keyboard.up('Equal');
    await page.keyboard.up('Shift');
    expect(errors).toEqual([]);
  });

  it('moves the left hand control from a (simulated) gamepad', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const buttons = Array.from({ length: 17 }, () => ({ pressed: false, value: 0 }));
      const pad = { id: 'Fake Pad (STANDARD GAMEPAD)', index: 0, connected: true, mapping: 'standard', buttons, axes: [0, 0, 0, 0], timestamp: 0 };
      (window as unknown as { __pad: typeof pad }).__pad = pad;
      Object.defineProperty(navigator, 'getGamepads', { value: () => [pad, null, null, null] });
    });
    await page.goto(new URL('/?cart=console-test#/console', (await import('vitest')).inject('baseUrl')).toString());
    await waitReady(page);
    const x0 = await iram(page, 0x30);
    await page.evaluate(() => { (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad.buttons[15].pressed = true; });
    await poll(() => iram(page, 0x28)).toBe(0xff & ~0x02); // J0 right, active low on the bus
    await poll(() => iram(page, 0x30)).toBeGreaterThan(x0); // the sprite moves right
    await page.evaluate(() => {
      const pad = (window as unknown as { __pad: { buttons: { pressed: boolean }[]; axes: number[] } }).__pad;
      pad.buttons[15].pressed = false;
      pad.axes[1] = -0.9; // left stick up
      pad.buttons[0].pressed = true; // A = fire
    });
    await poll(() => iram(page, 0x28)).toBe(0xff & ~0x01 & ~0x10);
    await page.close();
  });

  it('keeps a remapped key across a reload, and the new key drives the control', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await waitReady(page);
    await page.locator('#console-remap').click();
    await page.locator('[data-change="J0_FIRE"]').click();
    await page.keyboard.press('KeyX');
    await poll(() => page.locator('[data-action="J0_FIRE"]').textContent()).toBe('KeyX');
    await page.locator('#console-remap-done').click();
    await page.reload();
    await waitReady(page);
    await page.locator('#console-remap').click();
    expect(await page.locator('[data-action="J0_FIRE"]').textContent()).toBe('KeyX');
    await page.locator('#console-remap-done').click();
    await page.locator('#console-mode').click(); // steer mode: stick keys steer instead of typing
    expect(await page.locator('#console-mode').getAttribute('data-mode')).toBe('steer');
    await page.locator('#console-screen').click();
    await page.keyboard.down('KeyX');
    await poll(() => iram(page, 0x28)).toBe(0xff & ~0x10);
    await page.keyboard.up('KeyX');
    await poll(() => iram(page, 0x28)).toBe(0xff);
    expect(await iram(page, 0x2a)).toBe(0xff); // X did not type
    expect(errors).toEqual([]);
  });

  it('continues bit-exactly from a state saved in a slot after the page is reloaded', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await waitReady(page);
    await page.waitForFunction(() => window.__o2console!.shownFrame > 20);
    await pause(page);
    await page.locator('#console-save').click();
    await poll(() => page.locator('#console-message').textContent()).toMatch(/^Saved in slot 1 \(frame \d+\)\.$/);
    const saved = await stateDigest(page);
    await page.evaluate(() => window.__o2console!.runtime()!.api.stepFrames(30));
    const after = await stateDigest(page);
    expect(after).not.toEqual(saved);

    await page.reload();
    await waitReady(page);
    await pause(page);
    expect(await stateDigest(page)).not.toEqual(saved);
    await page.locator('#console-load').click();
    await poll(() => page.locator('#console-message').textContent()).toMatch(/^Loaded the state from slot 1 \(frame \d+\)\.$/);
    expect(await stateDigest(page)).toEqual(saved);
    await page.evaluate(() => window.__o2console!.runtime()!.api.stepFrames(30));
    expect(await stateDigest(page)).toEqual(after);
    expect(errors).toEqual([]);
  });

  it('refuses bad files with a specific message and keeps the game running', async () => {
    const { page, errors } = await openApp(browser, '/?cart=console-test#/console');
    await waitReady(page);
    const drop = async (name: string, size: number): Promise<string> => {
      const before = await page.evaluate(() => window.__o2console!.shownFrame);
      await page.evaluate(({ n, s }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(s).fill(7)], n));
        document.querySelector('.console-screen-wrap')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, { n: name, s: size });
      await poll(() => page.locator('#console-message').getAttribute('data-kind')).toBe('error');
      const text = (await page.locator('#console-message').textContent()) ?? '';
      await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(before + 10);
      await page.evaluate(() => { document.querySelector('#console-message')!.removeAttribute('data-kind'); });
      return text;
    };
    expect(await drop('empty.bin', 0)).toBe('“empty.bin” is empty (0 bytes), so there is nothing to load.');
    expect(await drop('three.bin', 3)).toMatch(/^“three\.bin” is 3 bytes, which is not the size of any Odyssey² file: a BIOS is 1 KB/);
    expect(await drop('huge.bin', 5 * 1024 * 1024)).toMatch(/^“huge\.bin” is 5\.0 MB: far too large/);
    expect(await page.locator('#console-roms li').count()).toBe(2);
    expect(await page.locator('#console-roms li').first().textContent()).toContain('built from source');
    expect(errors).toEqual([]);
  });

  it('says so when the worker fails and restarts from the last autosave', async () => {
    const { page } = await openApp(browser, '/?cart=console-test#/console');
    await waitReady(page);
    await page.waitForFunction(() => (window.__o2console!.runtime()!.lastState?.frame ?? 0) >= 60, null, { timeout: 20_000 });
    await page.evaluate(() => window.__o2console!.runtime()!.api.crashNextFrame());
    const alert = page.locator('#console-alert');
    await poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toMatch(/The emulator stopped: .*simulated core failure.*Its last saved moment is frame \d+/);
    await page.locator('#console-restart').click();
    await poll(() => page.locator('#console-message').textContent()).toMatch(/^Restarted from frame \d+\.$/);
    const restartedAt = Number(/frame (\d+)/.exec((await page.locator('#console-message').textContent()) ?? '')?.[1]);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(restartedAt + 10);
    expect(await alert.isHidden()).toBe(true);
  });
});
