/**
 * Browser bench of the console page: builds the app, serves it with Vite's preview server, opens
 * #/console in headless Chromium (no GPU: WebGL runs on SwiftShader, so the sharp picture is a 2D canvas's)
 * on the console test cartridge (a sprite moves every frame: every picture is drawn; the battle cartridge's
 * still SELECT GAME screen drew none, and the per-frame figures measured nothing) and lets the machine run
 * for `seconds` (default 10). Prints figures; asserts nothing.
 *
 *   emulated frames/s   frames the worker ran per second of wall time (the target is 59.83 NTSC)
 *   dropped frames      frames the pacer gave up after stalls (more due than it catches up)
 *   worker ms/frame     worker time per emulated frame (the machine, copies, posting)
 *   main ms/frame       main-thread time per shown frame (palette, texture upload, render)
 *   shown frames/s      pictures the page drew per second (rAF-bound, newest frame only)
 *   load -> first frame time from navigation start to the first picture on the canvas
 *   main ms/frame, CRT  the same with the CRT look on (its filter drawn at the shown size, 3 s)
 *   audio               sound-queue underruns during the run and the queue depth at the end
 *   key -> screen       (battle cartridge, program entry) from a keydown on the page to the first
 *                       animation frame that draws a picture whose mailbox shows the typed digit,
 *                       split into: key -> machine (the worker finished the frame with the digit),
 *                       machine -> page (that frame's message reached the page), page -> screen
 *                       (the next animation frame drew it)
 *   key -> picture      (battle cartridge, program entry) a keydown to the first animation frame whose canvas
 *                       shows the typed digit, with run-ahead 0, 1 and 2 frames
 *   battle end -> board (#/table) from the arrival of the worker's frame with the cartridge's result
 *                       screen to the animation frame that draws the board with the battle recorded
 *
 * Called by test/bench/run.ts (`runBrowserBench`), or directly: `npx tsx test/bench/browser.ts`.
 */
import type { Page } from 'playwright-core';
import { servedApp } from './served-app.ts';

export interface BrowserBenchResult {
  seconds: number;
  backend: string;
  emulatedFps: number;
  droppedFrames: number;
  workerMsPerFrame: number;
  mainMsPerFrame: number;
  /** Main-thread ms per shown frame with the CRT look on, and the size it was drawn at. */
  crtMainMsPerFrame: number;
  crtSize: string;
  shownFps: number;
  firstFrameMs: number;
  audioUnderruns: number;
  audioQueuedMs: number;
  /** Each measured key's latency, ms, and its parts. */
  keyToScreenMs: number[];
  keyToMachineMs: number[];
  machineToPageMs: number[];
  battleEndToBoardMs: number;
  /** Key -> the picture changing, with run-ahead 0, 1 and 2 (medians, ms; null when the screen moved by itself). */
  keyToPictureMs: (number | null)[];
}

export async function runBrowserBench(
  seconds = Number(process.env.BENCH_BROWSER_SECONDS ?? 10),
): Promise<BrowserBenchResult> {
  const { url, browser, close } = await servedApp();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a __name helper that code sent into the page would lack.
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await page.goto(new URL('/?cart=console-test#/console', url).toString());
    await page.waitForFunction(
      () => window.__o2console?.ready === true && window.__o2console.firstFrameAt !== undefined,
      null,
      { timeout: 60_000 },
    );
    const probe = () =>
      page.evaluate(async () => {
        const c = window.__o2console!;
        const stats = await c.runtime()!.api.stats();
        const audio = (await c.audioStats()) as { underruns: number; queuedMs: number } | undefined;
        return {
          stats,
          audio,
          shown: c.framesShown,
          main: c.mainMsPerFrame(),
          first: c.firstFrameAt ?? 0,
          backend: c.backend,
          t: performance.now(),
        };
      });
    const a = await probe();
    const workerMs: number[] = [];
    const mainMs: number[] = [];
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      await page.waitForTimeout(1000);
      const p = await probe();
      if (p.stats.workerMsPerFrame > 0) workerMs.push(p.stats.workerMsPerFrame);
      mainMs.push(p.main);
    }
    const b = await probe();
    const wall = (b.t - a.t) / 1000;
    const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
    const crt = await crtFrameTime(page);
    const keys = await keyLatency(page, url);
    const keyToPictureMs: (number | null)[] = [];
    for (const ahead of [0, 1, 2]) keyToPictureMs.push(await keyToPicture(page, url, ahead));
    const battleEndToBoardMs = await battleEndToBoard(page, url);
    return {
      keyToScreenMs: keys.map((k) => k.screen),
      keyToMachineMs: keys.map((k) => k.machine),
      machineToPageMs: keys.map((k) => k.page - k.machine),
      battleEndToBoardMs,
      keyToPictureMs,
      seconds: wall,
      backend: b.backend,
      emulatedFps: (b.stats.framesRun - a.stats.framesRun) / wall,
      droppedFrames: b.stats.framesDropped - a.stats.framesDropped,
      workerMsPerFrame: mean(workerMs),
      mainMsPerFrame: mean(mainMs),
      crtMainMsPerFrame: crt.ms,
      crtSize: crt.size,
      shownFps: (b.shown - a.shown) / wall,
      firstFrameMs: b.first,
      audioUnderruns: (b.audio?.underruns ?? 0) - (a.audio?.underruns ?? 0),
      audioQueuedMs: b.audio?.queuedMs ?? 0,
    };
  } finally {
    await close();
  }
}

/** Main-thread ms per shown frame over 3 s with the CRT look on (then the sharp picture again). */
async function crtFrameTime(page: Page): Promise<{ ms: number; size: string }> {
  await page.locator('#console-display').selectOption('crt');
  await page.waitForFunction(
    () => document.querySelector('#console-screen canvas')?.getAttribute('data-look') === 'crt',
  );
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.waitForTimeout(1000);
    samples.push(await page.evaluate(() => window.__o2console!.mainMsPerFrame()));
  }
  const size = await page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('#console-screen canvas')!;
    return `${c.width}x${c.height}`;
  });
  await page.locator('#console-display').selectOption('integer');
  return { ms: samples.reduce((x, y) => x + y, 0) / samples.length, size };
}

/**
 * Key -> picture with run-ahead `ahead` (0-2): on the battle cartridge's entry screen, from a keydown to the first
 * animation frame whose canvas differs from the picture before the key (the typed digit drawn). The mailbox cannot
 * show run-ahead's gain (it is the real frame's), the picture can. Each key waits for 30 still frames first (a
 * change then is the key's). Median of 12 keys; null when the screen never kept still for 30 frames.
 */
async function keyToPicture(page: Page, url: string, ahead: number): Promise<number | null> {
  await page.goto(new URL('/?cart=battle#/console', url).toString());
  await page.waitForFunction(() => window.__o2console?.ready === true, null, { timeout: 60_000 });
  await page.locator('#console-run-ahead').selectOption(String(ahead));
  await page.waitForFunction(() => window.__o2console!.shownFrame > 40, null, { timeout: 30_000 });
  await page.keyboard.press('Space');
  await untilPhase(page, 1);
  await page.keyboard.press('KeyR');
  await page.waitForTimeout(300);
  const times: number[] = [];
  for (let i = 0; i < 12; i++) {
    const digit = String((i % 9) + 1);
    const t = await page.evaluate(
      ({ digit }) =>
        new Promise<number | null>((resolve) => {
          const canvas = document.querySelector<HTMLCanvasElement>('#console-screen canvas')!;
          const copy = document.createElement('canvas');
          copy.width = canvas.width;
          copy.height = canvas.height;
          const ctx = copy.getContext('2d', { willReadFrequently: true })!;
          const picture = (): string => {
            ctx.drawImage(canvas, 0, 0);
            const d = ctx.getImageData(0, 0, copy.width, copy.height).data;
            let h = 0;
            for (let j = 0; j < d.length; j += 4) h = (h * 31 + d[j] + d[j + 1] * 7 + d[j + 2] * 13) | 0;
            return String(h);
          };
          const screen = document.getElementById('console-screen')!;
          // The screen must be still with no key for 30 frames (a change starts the count again; 300 at most).
          let before = picture();
          let still = 0;
          let waited = 0;
          const settle = (): void => {
            const now = picture();
            if (now !== before) {
              before = now;
              still = 0;
            }
            if (++waited > 300) return resolve(null);
            if (++still < 30) return void requestAnimationFrame(settle);
            const t0 = performance.now();
            screen.dispatchEvent(new KeyboardEvent('keydown', { code: `Digit${digit}`, key: digit, bubbles: true }));
            const watch = (): void => {
              if (picture() !== before || performance.now() - t0 > 2000) {
                screen.dispatchEvent(new KeyboardEvent('keyup', { code: `Digit${digit}`, key: digit, bubbles: true }));
                resolve(picture() !== before ? performance.now() - t0 : null);
              } else requestAnimationFrame(watch);
            };
            requestAnimationFrame(watch);
          };
          requestAnimationFrame(settle);
        }),
      { digit },
    );
    if (t === null) return null;
    times.push(t);
    if (i % 4 === 3) await page.keyboard.press('KeyR');
    await page.waitForTimeout(40 + ((i * 7) % 17));
  }
  times.sort((x, y) => x - y);
  await page.locator('#console-run-ahead').selectOption('0');
  return times[Math.floor(times.length / 2)];
}

/** RED energy BCD bytes in the mailbox (MAILBOX.red + 1, + 2) and the phase byte. */
const RED_ENERGY = [0x21, 0x22];
const PHASE = 0x08;

/** Waits (in the page, frame by frame) for the mailbox phase byte to be `phase`. */
async function untilPhase(page: Page, phase: number): Promise<void> {
  await page.waitForFunction((p) => window.__o2console!.eram()[0x08] === p, phase, { timeout: 30_000, polling: 'raf' });
}

interface KeyTiming {
  /** ms from the keydown to: the worker finishing the frame with the digit, its arrival, its drawing. */
  machine: number;
  page: number;
  screen: number;
}

const KEYS_TIMED = 24;

async function keyLatency(page: Page, url: string): Promise<KeyTiming[]> {
  await page.goto(new URL('/?cart=battle#/console', url).toString());
  await page.waitForFunction(() => window.__o2console?.ready === true, null, { timeout: 60_000 });
  await page.waitForFunction(() => window.__o2console!.shownFrame > 40, null, { timeout: 30_000 });
  await page.keyboard.press('Space');
  await untilPhase(page, 1);
  await page.keyboard.press('KeyR');
  const out: KeyTiming[] = [];
  for (let i = 0; i < KEYS_TIMED; i++) {
    const digit = String((i % 9) + 1);
    out.push(
      await page.evaluate(
        ({ digit, bytes }) =>
          new Promise<KeyTiming>((resolve, reject) => {
            const c = window.__o2console!;
            const read = () => bytes.map((b) => c.eram()[b]).join(',');
            const before = read();
            const screen = document.getElementById('console-screen')!;
            const t0 = performance.now();
            let machine = -1;
            let arrived = -1;
            // A message loop notices the frame's arrival within a fraction of a millisecond.
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              if (read() !== before) {
                arrived = c.frameAt - t0;
                machine = c.frameDoneAt - performance.timeOrigin - t0;
              } else channel.port2.postMessage(0);
            };
            channel.port2.postMessage(0);
            screen.dispatchEvent(new KeyboardEvent('keydown', { code: `Digit${digit}`, key: digit, bubbles: true }));
            const give = setTimeout(() => reject(new Error('the typed digit never reached the screen')), 5000);
            const check = () => {
              // The screen view draws in an earlier callback of this same animation frame.
              if (arrived >= 0 && screen.dataset.frame === String(c.shownFrame)) {
                clearTimeout(give);
                screen.dispatchEvent(new KeyboardEvent('keyup', { code: `Digit${digit}`, key: digit, bubbles: true }));
                resolve({ machine, page: arrived, screen: performance.now() - t0 });
              } else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
        { digit, bytes: RED_ENERGY },
      ),
    );
    // The readout shifts at most four digits: CLEAR-free, a new R starts the red entry again.
    if (i % 4 === 3) await page.keyboard.press('KeyR');
    // Keys a random part of a frame apart, as a player's are.
    await page.waitForTimeout(40 + ((i * 7) % 17));
  }
  return out;
}

async function battleEndToBoard(page: Page, url: string): Promise<number> {
  const { TINY_WAR_ON_B1, playTiny } = await import('../harness/tiny-game.ts');
  const { sessionDocument, encodeEnvelope } = await import('../../board/index.ts');
  const state = playTiny([
    ...TINY_WAR_ON_B1,
    { type: 'weapon', player: 'Ann', weapon: 'tank' },
    { type: 'weapon', player: 'Bob', weapon: 'tank' },
  ]);
  await page.goto(new URL('/?cart=battle#/table', url).toString());
  await page.waitForFunction(() => window.__o2console?.ready === true, null, { timeout: 60_000 });
  await page.locator('.bv[data-ready="true"]').waitFor();
  await page.locator('#bv-import-file').setInputFiles({
    name: 'war.json',
    mimeType: 'application/json',
    buffer: Buffer.from(encodeEnvelope({ engine: sessionDocument(state) })),
  });
  await page.locator('[data-key="program-battle"]').click();
  await page.locator('.tb-battle[data-stage="enter"]').waitFor();
  await page.keyboard.press('Enter');
  await untilPhase(page, 2);
  // Red's tank steered down into the mine row, then right onto the mine, frame by frame.
  const api = (run: boolean) => page.evaluate((r) => window.__o2console!.runtime()!.api.setRunning(r), run);
  const redY = () => page.evaluate(() => window.__o2console!.eram()[0x25]);
  const y0 = await redY();
  await api(false);
  await page.keyboard.down('ArrowDown');
  await page.waitForFunction(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))),
  );
  for (let i = 0; i < 900 && (await redY()) < y0 + 48; i++)
    await page.evaluate(() => window.__o2console!.runtime()!.api.stepFrames(1));
  await page.keyboard.up('ArrowDown');
  await page.keyboard.down('ArrowRight');
  await page.waitForFunction(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))),
  );
  await api(true);
  return page.evaluate(
    (phase) =>
      new Promise<number>((resolve, reject) => {
        const c = window.__o2console!;
        let t0 = 0;
        const give = setTimeout(() => reject(new Error('the battle did not end on the board')), 30_000);
        const check = () => {
          // The board is updated in the same task as the frame message that brings the result screen,
          // so the clock starts at that message's arrival (the newest frame when the result is first seen).
          if (!t0 && c.eram()[phase] === 3) t0 = c.frameAt;
          if (t0 && document.querySelector('[data-battle="1"]')?.textContent?.includes('tank v tank')) {
            clearTimeout(give);
            resolve(performance.now() - t0);
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    PHASE,
  );
}

export function printBrowserBench(r: BrowserBenchResult): void {
  console.log(`browser console (headless Chromium, ${r.backend}, ${r.seconds.toFixed(1)} s):`);
  console.log(`  emulated frames/s   ${r.emulatedFps.toFixed(2)}  (NTSC target 59.83)`);
  console.log(`  dropped frames      ${r.droppedFrames}`);
  console.log(`  worker ms/frame     ${r.workerMsPerFrame.toFixed(2)}`);
  console.log(`  main ms/frame       ${r.mainMsPerFrame.toFixed(2)}`);
  console.log(`  main ms/frame, CRT  ${r.crtMainMsPerFrame.toFixed(2)} (the CRT look drawn at ${r.crtSize})`);
  console.log(`  shown frames/s      ${r.shownFps.toFixed(1)}`);
  console.log(`  load -> first frame ${r.firstFrameMs.toFixed(0)} ms`);
  console.log(
    `  audio               ${r.audioUnderruns} underruns, ${r.audioQueuedMs.toFixed(1)} ms queued at the end (target 30)`,
  );
  const frame = 1000 / 59.83;
  const spread = (xs: number[]): string => {
    const k = [...xs].sort((x, y) => x - y);
    const at = (q: number): string => k[Math.min(k.length - 1, Math.floor(q * k.length))].toFixed(1);
    return `median ${at(0.5)} ms (${(Number(at(0.5)) / frame).toFixed(2)} frames), p90 ${at(0.9)}, max ${at(1)}`;
  };
  console.log(
    `  key -> screen       ${spread(r.keyToScreenMs)} over ${r.keyToScreenMs.length} keys (goal: within one frame, ${frame.toFixed(1)} ms)`,
  );
  console.log(`    key -> machine    ${spread(r.keyToMachineMs)} (the worker ran the frame with the digit)`);
  console.log(`    machine -> page   ${spread(r.machineToPageMs)} (that frame's message reaching the page)`);
  const shown = (ms: number | null): string =>
    ms === null ? 'n/a (the screen moved by itself)' : `${ms.toFixed(1)} ms`;
  console.log(
    `  key -> picture      run-ahead 0: ${shown(r.keyToPictureMs[0])}, 1: ${shown(r.keyToPictureMs[1])}, 2: ${shown(r.keyToPictureMs[2])} (medians of 12 keys: the typed digit drawn)`,
  );
  console.log(
    `  battle end -> board ${r.battleEndToBoardMs.toFixed(1)} ms (the frame with the result screen arriving to the board drawn with the battle's row)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printBrowserBench(await runBrowserBench());
}
