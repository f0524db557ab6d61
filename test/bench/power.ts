/**
 * Power bench: what a page costs the machine it runs on, as CPU-seconds per second of wall time summed over
 * all of headless Chromium's processes (browser, renderers, GPU process, utility and audio processes), read
 * from the OS (/proc/<pid>/stat utime + stime of the browser's process tree), not from the page. Each page
 * opens in a fresh context at 1280x800, settles (BENCH_POWER_SETTLE seconds, default 5) and is measured over
 * BENCH_POWER_SECONDS (default 10); every page is measured BENCH_POWER_ROUNDS times (default 2), in turn, so
 * a burst of another load on a shared machine shows as two figures that disagree. BENCH_POWER_THREADS=1 also
 * prints each page's busiest threads (by process type and thread name) as it goes. BENCH_POWER_PAGES="table at
 * rest,board page" measures only those pages (and the empty page, the floor the others are read against), so
 * a change to one page is measured without loading a shared machine for all six. Linux only.
 *
 *   empty page        about:blank: the browser's own floor
 *   table at rest     #/table, the cartridge's SELECT GAME screen, nobody touching anything
 *   table in battle   #/table during a battle (tank v tank, the tiny game's war on B1), nobody steering
 *   console running   #/console, our battle cartridge as it starts (its SELECT GAME screen)
 *   console moving    #/console on the console test cartridge (a sprite moves every frame: every frame drawn)
 *   board page        #/board
 *
 * Called by test/bench/run.ts (`npm run bench -- power`), or directly: `npx tsx test/bench/power.ts`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { servedApp } from './served-app.ts';

interface PowerPage {
  label: string;
  /** Path and hash on the app's server, or an absolute URL. */
  path: string;
  /** Waits until the page is up (the console's first frames shown). */
  console: boolean;
  /** Brings the page to the state measured, once it is up. */
  prepare?(tab: Page): Promise<void>;
  /** Throws when the page left that state during the window (the figure would not be the state's). */
  check?(tab: Page): Promise<void>;
}

/**
 * A battle under way at the table: the tiny game's war on B1 loaded, both weapons tanks (a tank stands still
 * while nobody steers, so the battle lasts), programmed and started with ENTER.
 */
async function battleUnderWay(tab: Page): Promise<void> {
  const { TINY_WAR_ON_B1, playTiny } = await import('../harness/tiny-game.ts');
  const { sessionDocument, encodeEnvelope } = await import('../../board/index.ts');
  const state = playTiny([
    ...TINY_WAR_ON_B1,
    { type: 'weapon', player: 'Ann', weapon: 'tank' },
    { type: 'weapon', player: 'Bob', weapon: 'tank' },
  ]);
  await tab.locator('.bv[data-ready="true"]').waitFor();
  await tab.locator('#bv-import-file').setInputFiles({
    name: 'war.json',
    mimeType: 'application/json',
    buffer: Buffer.from(encodeEnvelope({ engine: sessionDocument(state) })),
  });
  await tab.locator('[data-key="program-battle"]').click();
  await tab.locator('.tb-battle[data-stage="enter"]').waitFor();
  await tab.keyboard.press('Enter');
  await tab.locator('.tb-battle[data-stage="fighting"]').waitFor();
}

const PAGES: PowerPage[] = [
  { label: 'empty page', path: 'about:blank', console: false },
  { label: 'table at rest', path: '/#/table', console: true },
  {
    label: 'table in battle',
    path: '/?cart=battle#/table',
    console: true,
    prepare: battleUnderWay,
    check: async (tab) => {
      const stage = await tab.locator('.tb-battle').getAttribute('data-stage');
      if (stage !== 'fighting') throw new Error(`the battle was over before the window ended (stage ${stage})`);
    },
  },
  { label: 'console running', path: '/#/console', console: true },
  { label: 'console moving', path: '/?cart=console-test#/console', console: true },
  { label: 'board page', path: '/#/board', console: false },
];

export interface PowerFigure {
  label: string;
  /** CPU-seconds per second, one per round. */
  cpu: number[];
}

/** Clock ticks per second of /proc's utime and stime (USER_HZ). */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** pid -> [parent pid, utime + stime in ticks] of every process /proc lists now. */
function processTable(): Map<number, [number, number]> {
  const table = new Map<number, [number, number]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // it ended while the table was read
    }
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its ")".
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    table.set(Number(name), [Number(f[1]), Number(f[11]) + Number(f[12])]);
  }
  return table;
}

/**
 * The browser playwright started: a child of this process whose command is Chromium's (playwright's Browser
 * has no process id, and /usr/bin/chromium is a script that execs the real binary under another name).
 */
function browserPid(): number {
  for (const [pid, [ppid]] of processTable()) {
    if (ppid !== process.pid) continue;
    try {
      if (/chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'))) return pid;
    } catch {
      continue;
    }
  }
  throw new Error('no Chromium process under this one');
}

/** Ticks used so far by `root` and all its descendants (pid -> ticks, so processes that end are kept). */
function treeTicks(root: number, seen: Map<number, number>): Set<number> {
  const table = processTable();
  const inTree = new Set([root]);
  // Parents are listed before their children nearly always; a few passes catch the rest.
  for (let pass = 0, grew = true; grew && pass < 8; pass++) {
    grew = false;
    for (const [pid, [ppid]] of table)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  for (const pid of inTree) {
    const row = table.get(pid);
    if (row) seen.set(pid, row[1]);
  }
  return inTree;
}

/**
 * Ticks by thread, named "process type/thread name" (renderer/DedicatedWorker, gpu-process/…), summed over
 * threads of the same name: where the time goes (BENCH_POWER_THREADS=1). Threads that end in between are lost.
 */
function threadTicks(pids: Set<number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of pids) {
    let type: string;
    let tids: string[];
    try {
      type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const key = `${pid}:${tid}:${type}/${name}`;
        out.set(key, Number(f[11]) + Number(f[12]));
      } catch {
        continue;
      }
    }
  }
  return out;
}

/** The busiest thread names over the window, CPU-s/s each. */
function busiest(before: Map<string, number>, after: Map<string, number>, wall: number): string {
  const byName = new Map<string, number>();
  for (const [key, t] of after) {
    const name = key.split(':').slice(2).join(':');
    byName.set(name, (byName.get(name) ?? 0) + t - (before.get(key) ?? 0));
  }
  return [...byName]
    .filter(([, t]) => t > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, t]) => `${name} ${(t / clockTicks() / wall).toFixed(3)}`)
    .join(', ');
}

async function measure(browser: Browser, pid: number, url: string, page: PowerPage, settle: number, seconds: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const tab = await context.newPage();
    await tab.addInitScript({ content: 'window.__name = (f) => f;' });
    await tab.goto(page.path.startsWith('/') ? new URL(page.path, url).toString() : page.path);
    if (page.console)
      await tab.waitForFunction(() => window.__o2console?.ready === true && window.__o2console.shownFrame > 30, null, {
        timeout: 60_000,
      });
    await page.prepare?.(tab);
    await tab.waitForTimeout(settle * 1000);
    const before = new Map<number, number>();
    const threads = process.env.BENCH_POWER_THREADS ? threadTicks(treeTicks(pid, before)) : undefined;
    if (!threads) treeTicks(pid, before);
    const t0 = performance.now();
    // Sampled each second too, so a process born and gone inside the window still counts (mostly).
    const after = new Map(before);
    for (let i = 0; i < seconds; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      treeTicks(pid, after);
    }
    const wall = (performance.now() - t0) / 1000;
    await page.check?.(tab);
    if (threads) console.log(`    ${page.label}: ${busiest(threads, threadTicks(treeTicks(pid, after)), wall)}`);
    let ticks = 0;
    for (const [p, t] of after) ticks += t - (before.get(p) ?? 0);
    return ticks / clockTicks() / wall;
  } finally {
    await context.close();
  }
}

export async function runPowerBench(
  seconds = Number(process.env.BENCH_POWER_SECONDS ?? 10),
  settle = Number(process.env.BENCH_POWER_SETTLE ?? 5),
  rounds = Number(process.env.BENCH_POWER_ROUNDS ?? 2),
): Promise<PowerFigure[]> {
  const only = process.env.BENCH_POWER_PAGES?.split(',').map((l) => l.trim());
  const pages = PAGES.filter((p, i) => i === 0 || !only || only.includes(p.label));
  const { url, browser, close } = await servedApp();
  const figures: PowerFigure[] = pages.map((p) => ({ label: p.label, cpu: [] }));
  try {
    const pid = browserPid();
    for (let round = 0; round < rounds; round++)
      for (const [i, page] of pages.entries())
        figures[i].cpu.push(await measure(browser, pid, url, page, settle, seconds));
  } finally {
    await close();
  }
  return figures;
}

export function printPowerBench(figures: PowerFigure[]): void {
  const seconds = Number(process.env.BENCH_POWER_SECONDS ?? 10);
  console.log(
    `power (headless Chromium at 1280x800, all its processes, CPU-s/s over ${seconds} s, each round in turn):`,
  );
  const empty = figures[0]?.cpu ?? [];
  for (const f of figures) {
    const each = f.cpu.map((c) => c.toFixed(3)).join('  ');
    const above =
      f === figures[0]
        ? ''
        : `  (above the empty page: ${f.cpu.map((c, i) => (c - (empty[i] ?? 0)).toFixed(3)).join('  ')})`;
    console.log(`  ${f.label.padEnd(16)}${each}${above}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printPowerBench(await runPowerBench());
}
