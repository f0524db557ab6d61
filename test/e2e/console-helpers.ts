import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { assemble } from '../../rom-core/asm/index.ts';
import { assembleBios } from '../../rom-core/roms/index.ts';
import { Odyssey2 } from '../../rom-core/machine/odyssey2.ts';

/** The machine the console boots with no files: our BIOS and the console test cartridge, built here in Node. */
export function nodeMachine(): Odyssey2 {
  const bios = assembleBios((p) => readFileSync(new URL(`../../rom-core/roms/${p}`, import.meta.url), 'utf8'));
  const cart = assemble(readFileSync(new URL('../../src/console/carts/console-test.a48', import.meta.url), 'utf8'), { fileName: 'console-test.a48' });
  if (!cart.ok) throw new Error('console test cartridge does not assemble');
  return new Odyssey2({ bios: bios.image, cart: cart.bytes });
}

export async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__o2console?.ready === true, null, { timeout: 30_000 });
}

export async function pause(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const api = window.__o2console!.runtime()!.api;
    await api.setRunning(false);
    return (await api.debugInfo()).frame;
  });
}

export async function iram(page: Page, address: number): Promise<number> {
  return page.evaluate(async (a) => (await window.__o2console!.runtime()!.api.debugInfo()).iram[a], address);
}

export async function stateBytes(page: Page): Promise<number[]> {
  return page.evaluate(async () => Array.from(await window.__o2console!.runtime()!.api.saveState()));
}

/** The canvas as the user sees it, sampled at the centre of each emulated dot: RGBA per dot. */
export async function canvasDots(page: Page, width: number, height: number): Promise<number[]> {
  return page.evaluate(({ w, h }) => {
    const canvas = document.querySelector<HTMLCanvasElement>('#console-screen canvas')!;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
    const out: number[] = [];
    for (let y = 0; y < h; y++) {
      const sy = Math.floor(((y + 0.5) * copy.height) / h);
      for (let x = 0; x < w; x++) {
        const sx = Math.floor(((x + 0.5) * copy.width) / w);
        const i = (sy * copy.width + sx) * 4;
        out.push(data[i], data[i + 1], data[i + 2], data[i + 3]);
      }
    }
    return out;
  }, { w: width, h: height });
}

/** expect.poll with room for a loaded machine (two cores shared by several test runs). */
export function poll<T>(fn: () => Promise<T> | T) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 });
}
