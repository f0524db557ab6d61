/**
 * The netplay bench's browser line (issue 34): the app built and served with its own relay (vite
 * preview, as `npm start`), two Chromium processes, a host page and a guest page brought to a battle
 * between them (netplay-pages.ts), the battle bots on both controls (each page's bot steers its own
 * side) at 1x. The war's battles are fought one after another, and new wars on new pages, until
 * BENCH_NET_BROWSER_SECONDS (default 30) of battle have been measured. The bad link is made in each
 * page's own transport (src/net/link-fault.ts: what a page sends is delayed by the one-way delay ± the
 * jitter, and the battle lane loses the share asked; the table lane loses nothing, as a reliable
 * channel would resend) since kernel netem is not available here. A clean line (nothing injected: the
 * transport as players have it) is printed first for comparison. BENCH_NET_BROWSER_LINE=clean or =150
 * runs one line.
 *
 * Per page, from the worker's figures (api.stats, api.netStats) sampled every 250 ms after a second's
 * warm-up in each battle:
 *   frames/s  new battle frames the machine ran per second of wall time (each is a new picture posted;
 *             a stalled or yielded display frame posts none). Goal: at least 59 on both pages.
 *   drawn/s   pictures the page's canvas drew per second (only changed pictures are drawn)
 *   stalls    display frames the worker ticked that ran nothing and did not yield (the prediction window
 *             full); yields: those the time sync gave up; dropped: display frames the pacer gave up
 *   depth     the battles' rollbacks: count, median, 99th percentile (goal at most 8) and deepest
 *   key → other p50 / p90  from a stick change read on the other page (its worker's clock) to this
 *             page's machine running with it (rom-core/netplay/key-times.ts; both clocks are the epoch's
 *             on one computer: they agree to a millisecond). Goal: p90 at most the one-way delay + the
 *             input delay + 2 frames.
 *   desyncs   starts of a battle whose state hashes disagreed (or that the host started again). Goal 0.
 * The delay and rtt columns are the last battle's: the input delay the app chose and the round trip the
 * battle measured. The load average (1 minute) before and after each line is printed: the two pages
 * share this computer's cores with whatever else runs, and their WebGL runs on the CPU (SwiftShader).
 * Figures are printed as they came; a missed goal is marked ✗.
 */
import os from 'node:os';
import type { Browser, Page } from 'playwright-core';
import type { NetplayStats } from '../../rom-core/netplay/index.ts';
import type { LinkFault } from '../../src/net/link-fault.ts';
import { battleBetween, nextBattle, type TablePair } from './netplay-pages.ts';
import { api } from '../e2e/worker-api.ts';
import { launchChromium, servedApp } from './served-app.ts';

const FRAME_MS = 1000 / 60;
const SAMPLE_MS = 250;
const WARM_UP_MS = 1000;
/** Wars a line may take to fill its time (each starts two pages again: about 20 s). */
const MAX_WARS = 6;

interface Sample {
  at: number;
  net: NetplayStats | null;
  ticks: number;
  dropped: number;
  drawn: number;
}

interface PageFigures {
  battles: number;
  seconds: number;
  fps: number;
  drawnFps: number;
  stalls: number;
  yields: number;
  dropped: number;
  rollbacks: number;
  depths: { p50: number; p99: number; max: number };
  delay: number;
  rttMs: number | null;
  desyncs: number;
}

/** One battle's samples, both pages. */
interface Fought {
  host: Sample[];
  guest: Sample[];
}

async function sample(page: Page): Promise<Sample> {
  return page.evaluate(async () => {
    const c = window.__o2console!;
    const a = c.runtime()!.api;
    // The battle's frame and the worker's tick count come from two calls: a display frame the worker ticks
    // between them would put the two a frame apart (a guest's stalls once summed to -1). Both are read again
    // until no tick fell between them.
    for (;;) {
      const ws = await a.stats();
      const net = await a.netStats();
      const again = await a.stats();
      if (again.framesRun !== ws.framesRun) continue;
      return {
        at: performance.timeOrigin + performance.now(),
        net,
        ticks: ws.framesRun,
        dropped: ws.framesDropped,
        drawn: c.framesShown,
      };
    }
  });
}

/** Sums of one page's battles; a start of a battle again (its frame going back) counts as a desync. */
class PageSums {
  battles = 0;
  ms = 0;
  ran = 0;
  ticks = 0;
  yields = 0;
  dropped = 0;
  drawn = 0;
  desyncs = 0;
  readonly depthCounts: number[] = [];
  last: NetplayStats | null = null;

  add(samples: Sample[]): void {
    const live = samples.filter((s) => s.net !== null);
    if (live.length < 2) return;
    this.battles++;
    let base = live[0];
    let seen = base.net!.desync !== null;
    for (let i = 1; i < live.length; i++) {
      const [prev, s] = [live[i - 1], live[i]];
      if (s.net!.frame < prev.net!.frame) {
        this.span(base, prev);
        this.desyncs++;
        seen = false;
        base = s;
      } else if (s.net!.desync !== null) seen = true;
    }
    const end = live.at(-1)!;
    this.span(base, end);
    if (seen) this.desyncs++;
    this.ms += end.at - live[0].at;
    this.drawn += end.drawn - live[0].drawn;
    this.last = end.net;
  }

  /** One start of the battle, from `from` to `to`: its frames and its rollbacks (counted since that start). */
  private span(from: Sample, to: Sample): void {
    const [a, b] = [from.net!, to.net!];
    this.ran += b.frame - a.frame;
    this.ticks += to.ticks - from.ticks;
    this.yields += b.yields - a.yields;
    this.dropped += to.dropped - from.dropped;
    b.depthCounts.forEach((n, d) => (this.depthCounts[d] = (this.depthCounts[d] ?? 0) + n));
  }

  figures(): PageFigures | null {
    if (!this.last || this.ms <= 0) return null;
    const seconds = this.ms / 1000;
    const counts = Array.from(this.depthCounts, (n) => n ?? 0);
    const total = counts.reduce((a, b) => a + b, 0);
    const at = (p: number): number => {
      let seen = 0;
      for (let d = 0; d < counts.length; d++) if ((seen += counts[d]) > Math.floor(p * total)) return d;
      return 0;
    };
    return {
      battles: this.battles,
      seconds,
      fps: this.ran / seconds,
      drawnFps: this.drawn / seconds,
      stalls: this.ticks - this.ran - this.yields,
      yields: this.yields,
      dropped: this.dropped,
      rollbacks: total,
      depths: { p50: at(0.5), p99: at(0.99), max: counts.length - 1 },
      delay: this.last.delay,
      rttMs: this.last.rttMs,
      desyncs: this.desyncs,
    };
  }
}

/** Every stick change read on `from` matched with `to` running with it, in one battle: ms. */
function keyLatency(from: Sample[], to: Sample[]): number[] {
  const read = new Map<number, number>();
  const ran = new Map<number, number>();
  for (const s of from) for (const [f, at] of s.net?.keyTimes.read ?? []) read.set(f, at);
  for (const s of to) for (const [f, at] of s.net?.keyTimes.ran ?? []) if (!ran.has(f)) ran.set(f, at);
  const out: number[] = [];
  for (const [f, at] of read) {
    const there = ran.get(f);
    if (there !== undefined) out.push(there - at);
  }
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

const mark = (ok: boolean): string => (ok ? ' ' : '✗');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One battle with the bots on both controls, sampled until it ends or `ms` of wall time pass. */
async function fight(pair: TablePair, ms: number): Promise<Fought> {
  const { host, guest } = pair;
  // The battle bots take each page's own side (host blue, guest red), at 1x: the pages' own pace.
  await api(host, 'setBot', 1, 'hard', 3);
  await api(guest, 'setBot', 0, 'hard', 5);
  await pause(WARM_UP_MS);
  const fought: Fought = { host: [], guest: [] };
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    const [h, g] = await Promise.all([sample(host), sample(guest)]);
    fought.host.push(h);
    fought.guest.push(g);
    if (h.net === null || g.net === null) break; // the battle ended
    await pause(SAMPLE_MS);
  }
  await api(host, 'setBot', 1, null);
  await api(guest, 'setBot', 0, null);
  // The battle over on both machines before the next is looked for (each page ends it when it hears).
  for (const p of [host, guest])
    await p
      .waitForFunction(async () => (await window.__o2console!.runtime()!.api.netStats()) === null, null, {
        timeout: 20_000,
        polling: 100,
      })
      .catch(() => undefined);
  return fought;
}

/** Runs one line: battles of the war between two pages over `fault` (null: nothing injected) for `seconds`, printed. */
async function benchLine(
  url: string,
  browsers: [Browser, Browser],
  label: string,
  fault: Omit<LinkFault, 'seed'> | null,
  seconds: number,
): Promise<void> {
  const sums = { host: new PageSums(), guest: new PageSums() };
  const latency = { host: [] as number[], guest: [] as number[] };
  const load = os.loadavg()[0];
  // Battle time measured so far, ms (the pages' setting up is not counted).
  const left = (): number => seconds * 1000 - Math.max(sums.host.ms, sums.guest.ms);
  let wars = 0;
  // Wars until the time is up: a war of this small board is two or three battles of a few seconds each.
  const failed: string[] = [];
  // A war that fails (a page too slow to reach its battle on a loaded computer) is said, and another tried.
  while (left() > 0 && wars < MAX_WARS) {
    wars++;
    let pair: TablePair | null = null;
    try {
      pair = await battleBetween(url, browsers[0], browsers[1], fault);
      for (;;) {
        const fought = await fight(pair, left());
        sums.host.add(fought.host);
        sums.guest.add(fought.guest);
        latency.host.push(...keyLatency(fought.guest, fought.host));
        latency.guest.push(...keyLatency(fought.host, fought.guest));
        if (left() <= 0 || !(await nextBattle(pair))) break;
      }
    } catch (e) {
      // Said, and the battles measured before it still printed.
      failed.push(e instanceof Error ? e.message.split('\n').slice(0, 3).join(' ').replace(/\s+/g, ' ') : String(e));
    } finally {
      await pair?.close();
    }
  }
  for (const f of failed) console.log(`  ${label.padEnd(22)}  (a war failed: ${f})`);
  const oneWay = fault?.delayMs ?? 0;
  const loads = `load ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`;
  printPage(label, 'host', sums.host.figures(), latency.host, oneWay, '');
  printPage(label, 'guest', sums.guest.figures(), latency.guest, oneWay, loads);
}

/** One page's line; `latency` is the other page's keys reaching this one. */
function printPage(
  label: string,
  who: string,
  f: PageFigures | null,
  latency: number[],
  oneWay: number,
  note: string,
): void {
  if (!f) {
    console.log(`  ${label.padEnd(22)}  ${who.padEnd(5)}  (the battle gave too few samples)`);
    return;
  }
  const p50 = percentile(latency, 50);
  const p90 = percentile(latency, 90);
  const goal = oneWay + (f.delay + 2) * FRAME_MS;
  const cells = [
    label.padEnd(22),
    who.padEnd(5),
    `${f.battles} / ${f.seconds.toFixed(1)} s`.padStart(11),
    String(f.delay).padStart(5),
    `${f.rttMs ?? '-'}`.padStart(4),
    `${f.fps.toFixed(1).padStart(6)}${mark(f.fps >= 59)}`,
    f.drawnFps.toFixed(1).padStart(7),
    String(f.stalls).padStart(6),
    String(f.yields).padStart(6),
    String(f.dropped).padStart(7),
    String(f.rollbacks).padStart(9),
    String(f.depths.p50).padStart(3),
    `${String(f.depths.p99).padStart(3)}${mark(f.depths.p99 <= 8)}`,
    String(f.depths.max).padStart(3),
    `${p50.toFixed(0).padStart(4)} /${p90.toFixed(0).padStart(4)} ms${mark(p90 <= goal)} (p90 ≤ ${goal.toFixed(0)}, ${latency.length} keys)`,
    `${String(f.desyncs).padStart(3)}${mark(f.desyncs === 0)}`,
    note,
  ];
  console.log(`  ${cells.join('  ')}`);
}

export async function benchNetplayBrowser(
  seconds = Number(process.env.BENCH_NET_BROWSER_SECONDS ?? 30),
): Promise<void> {
  const app = await servedApp();
  const second = await launchChromium();
  try {
    console.log(
      `netplay in the browser (two Chromium processes over the app's relay, bots on both controls, up to ${seconds} s a line at 1x; the link made bad in each page's transport; ✗ a missed goal):`,
    );
    console.log(
      '  link                    page    battles / time  delay   rtt  frames/s  drawn/s  stalls  yields  dropped  rollbacks  p50  p99  max  key → other p50 / p90 (goal)           desyncs',
    );
    const lines: [string, Omit<LinkFault, 'seed'> | null][] = [
      ['clean (nothing added)', null],
      ['150 ms rtt ±15, 3 %', { delayMs: 75, jitterMs: 15, loss: 0.03 }],
    ];
    const only = process.env.BENCH_NET_BROWSER_LINE;
    for (const [label, fault] of lines) {
      if (only && !label.startsWith(only)) continue;
      await benchLine(app.url, [app.browser, second], label, fault, seconds);
    }
    console.log(
      '  frames/s: new battle frames run per second of wall time; key → other: a stick change read on the other page until this page ran with it',
    );
  } finally {
    await second.close();
    await app.close();
  }
}
