/**
 * Browser bench of the console page: builds the app, serves it with Vite's preview server, opens
 * #/console in headless Chromium (no GPU: WebGL runs on SwiftShader) and lets the machine run for
 * `seconds` (default 10). Prints figures; asserts nothing.
 *
 *   emulated frames/s   frames the worker ran per second of wall time (the target is 59.83 NTSC)
 *   dropped frames      frames the pacer gave up after stalls (more due than it catches up)
 *   worker ms/frame     worker time per emulated frame (the machine, copies, posting)
 *   main ms/frame       main-thread time per shown frame (palette, texture upload, render)
 *   shown frames/s      pictures the page drew per second (rAF-bound, newest frame only)
 *   load -> first frame time from navigation start to the first picture on the canvas
 *   audio               sound-queue underruns during the run and the queue depth at the end
 *
 * Called by test/bench/run.ts (`runBrowserBench`), or directly: `npx tsx test/bench/browser.ts`.
 */
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

export interface BrowserBenchResult {
  seconds: number;
  backend: string;
  emulatedFps: number;
  droppedFrames: number;
  workerMsPerFrame: number;
  mainMsPerFrame: number;
  shownFps: number;
  firstFrameMs: number;
  audioUnderruns: number;
  audioQueuedMs: number;
}

export async function runBrowserBench(seconds = Number(process.env.BENCH_BROWSER_SECONDS ?? 10)): Promise<BrowserBenchResult> {
  await build({ logLevel: 'warn', configFile: 'vite.config.ts' });
  const server = await preview({ configFile: 'vite.config.ts', preview: { port: 0, strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(new URL('/#/console', url).toString());
    await page.waitForFunction(() => window.__o2console?.ready === true && window.__o2console.firstFrameAt !== undefined, null, { timeout: 60_000 });
    const probe = () => page.evaluate(async () => {
      const c = window.__o2console!;
      const stats = await c.runtime()!.api.stats();
      const audio = (await c.audioStats()) as { underruns: number; queuedMs: number } | undefined;
      return { stats, audio, shown: c.framesShown, main: c.mainMsPerFrame(), first: c.firstFrameAt ?? 0, backend: c.backend, t: performance.now() };
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
    return {
      seconds: wall,
      backend: b.backend,
      emulatedFps: (b.stats.framesRun - a.stats.framesRun) / wall,
      droppedFrames: b.stats.framesDropped - a.stats.framesDropped,
      workerMsPerFrame: mean(workerMs),
      mainMsPerFrame: mean(mainMs),
      shownFps: (b.shown - a.shown) / wall,
      firstFrameMs: b.first,
      audioUnderruns: (b.audio?.underruns ?? 0) - (a.audio?.underruns ?? 0),
      audioQueuedMs: b.audio?.queuedMs ?? 0,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

export function printBrowserBench(r: BrowserBenchResult): void {
  console.log(`browser console (headless Chromium, ${r.backend}, ${r.seconds.toFixed(1)} s):`);
  console.log(`  emulated frames/s   ${r.emulatedFps.toFixed(2)}  (NTSC target 59.83)`);
  console.log(`  dropped frames      ${r.droppedFrames}`);
  console.log(`  worker ms/frame     ${r.workerMsPerFrame.toFixed(2)}`);
  console.log(`  main ms/frame       ${r.mainMsPerFrame.toFixed(2)}`);
  console.log(`  shown frames/s      ${r.shownFps.toFixed(1)}`);
  console.log(`  load -> first frame ${r.firstFrameMs.toFixed(0)} ms`);
  console.log(`  audio               ${r.audioUnderruns} underruns, ${r.audioQueuedMs.toFixed(1)} ms queued at the end (target 30)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printBrowserBench(await runBrowserBench());
}
