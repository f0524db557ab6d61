import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { assemble } from '../../rom-core/asm/index.ts';
import { assembleBios } from '../../rom-core/roms/index.ts';
import type { Odyssey2 } from '../../rom-core/machine/odyssey2.ts';
import { readMailbox, type CartMailbox } from '../../rom-core/roms/carts/mailbox.ts';
import { bootMachine } from '../harness/boot.ts';
import { api } from './worker-api.ts';

/** The machine the console boots with no files: our BIOS and the console test cartridge, built here in Node. */
export function nodeMachine(): Odyssey2 {
  const bios = assembleBios((p) => readFileSync(new URL(`../../rom-core/roms/${p}`, import.meta.url), 'utf8'));
  const cart = assemble(readFileSync(new URL('../../src/worker/carts/console-test.a48', import.meta.url), 'utf8'), {
    fileName: 'console-test.a48',
  });
  if (!cart.ok) throw new Error('console test cartridge does not assemble');
  return bootMachine(bios.image, cart.bytes);
}

export async function waitReady(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => window.__o2console?.ready === true, null, { timeout: 30_000 });
  } catch (e) {
    const where = await page
      .evaluate(
        () =>
          `stage: ${window.__o2console?.stage ?? 'no console'}; page: ${document.querySelector('main')?.textContent?.slice(0, 300)}`,
      )
      .catch(() => 'page gone');
    throw new Error(`the console did not start (${where})`, { cause: e });
  }
}

export async function pause(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const api = window.__o2console!.runtime()!.api;
    await api.setRunning(false);
    return (await api.debugInfo()).frame;
  });
}

/**
 * Pauses, then runs exactly one more frame and waits until the canvas shows it. A state read from RAM
 * (a mailbox phase) may have been written during the frame whose picture was already drawn: the
 * battle cartridge publishes the result phase in the frame that sets up the result screen, which the
 * beam draws only in the next one. Waiting for the state and then for a frame after it is what makes
 * the picture certain; returns that frame's number.
 */
export async function pauseOnNextFrame(page: Page): Promise<number> {
  const frame = await page.evaluate(async () => {
    const api = window.__o2console!.runtime()!.api;
    await api.setRunning(false);
    return api.stepFrames(1);
  });
  await poll(() => page.locator('#console-screen').getAttribute('data-frame')).toBe(String(frame));
  return frame;
}

export async function iram(page: Page, address: number): Promise<number> {
  return page.evaluate(async (a) => (await window.__o2console!.runtime()!.api.debugInfo()).iram[a], address);
}

/** The machine's save state as its length and SHA-256 (a state is ~95 KB: the VDC keeps its picture). */
export async function stateDigest(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const state = await window.__o2console!.runtime()!.api.saveState();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', state as Uint8Array<ArrayBuffer>));
    return `${state.length}:${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  });
}

/**
 * Compares the canvas as the user sees it, sampled at the centre of each emulated dot, with the
 * expected RGBA picture; returns how many dots differ and the first few.
 */
export async function canvasMismatches(
  page: Page,
  width: number,
  height: number,
  expected: Uint8Array,
): Promise<{ count: number; first: string[] }> {
  return page.evaluate(
    ({ w, h, b64 }) => {
      const want = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const canvas = document.querySelector<HTMLCanvasElement>('#console-screen canvas')!;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(canvas, 0, 0);
      const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
      let count = 0;
      const first: string[] = [];
      for (let y = 0; y < h; y++) {
        const sy = Math.floor(((y + 0.5) * copy.height) / h);
        for (let x = 0; x < w; x++) {
          const sx = Math.floor(((x + 0.5) * copy.width) / w);
          const i = (sy * copy.width + sx) * 4;
          const j = (y * w + x) * 4;
          if (
            data[i] !== want[j] ||
            data[i + 1] !== want[j + 1] ||
            data[i + 2] !== want[j + 2] ||
            data[i + 3] !== want[j + 3]
          ) {
            count++;
            if (first.length < 5)
              first.push(
                `(${x},${y}) shown ${data[i]},${data[i + 1]},${data[i + 2]} expected ${want[j]},${want[j + 1]},${want[j + 2]}`,
              );
          }
        }
      }
      return { count, first };
    },
    { w: width, h: height, b64: Buffer.from(expected).toString('base64') },
  );
}

/** expect.poll with room for a loaded machine (two cores shared by several test runs). */
export function poll<T>(fn: () => Promise<T> | T) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 });
}

/** Our cartridge's mailbox as the page's machine holds it now. */
export async function mailbox(page: Page): Promise<CartMailbox> {
  return readMailbox(await api<Uint8Array>(page, 'externalRam'));
}

/** Whether the machine's autosave in save-state `slot` (0 the table's, 5 the resolver's) holds a frame after `frame`. */
export async function autosavedAfter(page: Page, slot: number, frame: number): Promise<boolean> {
  return page.evaluate(
    async ([s, f]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('o2conquest-console');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const all = await new Promise<{ slot: number; frame: number }[]>((resolve) => {
        const q = db.transaction('states').objectStore('states').getAll();
        q.onsuccess = () => resolve(q.result as { slot: number; frame: number }[]);
      });
      db.close();
      return all.some((x) => x.slot === s && x.frame > f);
    },
    [slot, frame] as const,
  );
}

/**
 * The CRT look held against the sharp picture (`want`, 360 x 243 RGBA), read from the canvas drawn at its shown
 * size, by crt-filter.ts's own figures (CRT_DEFAULTS: curve 0.04, scan 0.5, glow 0.18). In the middle of the
 * picture each pixel is bent as the glass bends it (c = 2p - 1, c x (1 + 0.04 |c|^2)) to the dot it shows; where
 * that dot's four neighbours share its colour the pixel is that colour dimmed by the scanline at the pixel's place
 * in its line and lit by the glow: colour x (1 - 0.5 smoothstep(0.4, 1, place)) + 0.18 colour. Rows near a line's
 * bottom are the dark gaps (`gaps`: lit pixels shown at most 0.75 bright); a corner is outside the glass, black.
 */
export async function crtCheck(
  page: Page,
  want: Uint8Array,
): Promise<{ width: number; checked: number; off: string[]; gaps: number; corner: number[] }> {
  return page.evaluate(
    ({ b64 }) => {
      const W = 360;
      const H = 243;
      const sharp = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const canvas = document.querySelector<HTMLCanvasElement>('#console-screen canvas')!;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(canvas, 0, 0);
      const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
      const pixel = (px: number, row: number): number[] => {
        const i = (row * copy.width + px) * 4;
        return [data[i], data[i + 1], data[i + 2]];
      };
      const smooth = (a: number, b: number, x: number): number => {
        const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
        return t * t * (3 - 2 * t);
      };
      const dot = (x: number, y: number): number[] => [...sharp.subarray((y * W + x) * 4, (y * W + x) * 4 + 3)];
      const same = (a: number[], b: number[]): boolean => a.every((v, i) => v === b[i]);
      let checked = 0;
      let gaps = 0;
      const off: string[] = [];
      for (let row = Math.floor(copy.height * 0.4); row < copy.height * 0.6; row++) {
        for (let px = Math.floor(copy.width * 0.35); px < copy.width * 0.65; px += 3) {
          let cx = ((px + 0.5) / copy.width) * 2 - 1;
          let cy = ((row + 0.5) / copy.height) * 2 - 1;
          const bend = 1 + 0.04 * (cx * cx + cy * cy);
          cx *= bend;
          cy *= bend;
          const fx = ((cx + 1) / 2) * W;
          const fy = ((cy + 1) / 2) * H;
          const x = Math.floor(fx);
          const y = Math.floor(fy);
          // Near a dot's side the sample may fall either way: only pixels well inside a flat dot count.
          if (fx - x < 0.2 || fx - x > 0.8) continue;
          const c = dot(x, y);
          if (![dot(x - 1, y), dot(x + 1, y), dot(x, y - 1), dot(x, y + 1)].every((n) => same(n, c))) continue;
          const scan = 1 - 0.5 * smooth(0.4, 1, fy - y);
          const expect = c.map((v) => Math.min(255, v * scan + 0.18 * v));
          const got = pixel(px, row);
          checked++;
          if (got.some((v, i) => Math.abs(v - expect[i]) > 10) && off.length < 5)
            off.push(`pixel ${px},${row} (dot ${x},${y}): ${got} for ${c}, want ${expect.map(Math.round)}`);
          if (scan <= 0.75 && c.some((v) => v > 0)) gaps++;
        }
      }
      return { width: copy.width, checked, off, gaps, corner: pixel(1, 1) };
    },
    { b64: Buffer.from(want).toString('base64') },
  );
}
