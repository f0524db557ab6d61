/**
 * The proof, word for word: the console's first screen compared with the headless runner's
 * PNG of the same frame. The runner (`o2 run`, rom-core/cli/run.ts) runs here in Node through its
 * main with files kept in memory, exactly as `npm run o2 -- run --frames N --png out.png` would.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserForTests, openApp } from './browser.ts';
import { canvasMismatches, pause, poll, waitReady } from './console-helpers.ts';
import { runMain } from '../../rom-core/cli/run.ts';
import { assemble } from '../../rom-core/asm/index.ts';
import type { RunIo } from '../../rom-core/cli/run.ts';
import { pngRgba } from '../harness/png.ts';

/**
 * `o2 run --frames N --png frame.png` with our default BIOS and (without `cart`) our battle
 * cartridge; the PNG's bytes.
 */
function runnerPng(frames: number, cart?: Uint8Array): Uint8Array {
  const written = new Map<string, Uint8Array>();
  const err: string[] = [];
  const io: RunIo = {
    stdout: () => undefined,
    stderr: (t) => err.push(t),
    readFile: (path) => (path === 'cart.bin' && cart ? cart : new Uint8Array(readFileSync(path))),
    writeFile: (path, data) => written.set(path, typeof data === 'string' ? new TextEncoder().encode(data) : data),
    mkdir: () => undefined,
  };
  const code = runMain(['--frames', String(frames), '--png', 'frame.png', ...(cart ? ['--cart', 'cart.bin'] : [])], io);
  if (code !== 0) throw new Error(`o2 run failed: ${err.join('')}`);
  const png = written.get('frame.png');
  if (!png) throw new Error('o2 run wrote no PNG');
  return png;
}

describe('console first screen against the headless runner', () => {
  const browser = browserForTests();

  it('the canvas at frame N is the runner’s PNG of frame N, pixel for pixel (our BIOS and battle cartridge)', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=battle#/console');
    await waitReady(page);
    expect(await page.locator('#console-roms li').allTextContents()).toEqual([
      'BIOS: o2conquest open BIOS (built from source)',
      'cartridge: our battle cartridge (built from source)',
    ]);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(60);
    const frame = await pause(page);
    await poll(() => page.locator('#console-screen').getAttribute('data-frame')).toBe(String(frame));

    const png = pngRgba(runnerPng(frame));
    expect([png.width, png.height]).toEqual([360, 243]);
    // A real picture, not one colour (the battle cartridge's first screen draws in one colour on
    // black): the comparison below can fail.
    const dots = new Map<number, number>();
    for (let i = 0; i < png.rgba.length; i += 4) {
      const c = (png.rgba[i]! << 16) | (png.rgba[i + 1]! << 8) | png.rgba[i + 2]!;
      dots.set(c, (dots.get(c) ?? 0) + 1);
    }
    expect(dots.size).toBeGreaterThanOrEqual(2);
    expect(Math.min(...dots.values())).toBeGreaterThan(100);
    // The power-on frame differs from the first screen, and the canvas is told apart from it.
    const powerOn = pngRgba(runnerPng(1));
    expect((await canvasMismatches(page, 360, 243, powerOn.rgba)).count).toBeGreaterThan(0);
    expect(await canvasMismatches(page, png.width, png.height, png.rgba)).toEqual({ count: 0, first: [] });
    expect(errors).toEqual([]);
  });

  it('with the console test cartridge (a sprite that moves every frame) the runner’s frame N matches and its frame N-1 does not', async () => {
    const built = assemble(readFileSync(new URL('../../src/worker/carts/console-test.a48', import.meta.url), 'utf8'), {
      fileName: 'console-test.a48',
    });
    if (!built.ok) throw new Error('console test cartridge does not assemble');
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(30);
    const frame = await pause(page);
    await poll(() => page.locator('#console-screen').getAttribute('data-frame')).toBe(String(frame));
    const before = pngRgba(runnerPng(frame - 1, built.bytes));
    expect((await canvasMismatches(page, 360, 243, before.rgba)).count).toBeGreaterThan(0);
    const png = pngRgba(runnerPng(frame, built.bytes));
    expect(await canvasMismatches(page, png.width, png.height, png.rgba)).toEqual({ count: 0, first: [] });
    expect(errors).toEqual([]);
  });
});
