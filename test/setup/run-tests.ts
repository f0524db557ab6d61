/**
 * `npm test`: lint, the type check, the formatter's check, the unit project and the browser (e2e) project, all at once.
 * The browser tests spend most of their time waiting for frames at the console's 60 Hz, so the unit
 * tests use that idle time: together they finish minutes sooner than one after the other, and each
 * test still waits for the states it needs (never for wall-clock time). The unit run's output is shown
 * as it comes, the browser run's once the unit run is done (then as it comes); the last line adds both
 * runs' `N passed, N failed, N skipped`. Lint's, the type check's and Prettier's output is shown at the end
 * (nothing when they pass). The exit code is non-zero when any of them fails.
 *
 * The browser files run one at a time in a run (they share the machine's frames), and they take longer
 * than the unit run: the files in LATE run in a second browser run of their own, started when the unit
 * run ends, beside the first one (two runs on two CPUs, as before; each builds and serves the app in
 * a folder and on a port of its own). Its output is shown after the first browser run's.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/;

interface Run {
  done: Promise<number>;
  summary: number[] | null;
}

/**
 * Browser files run in the second browser run, once the unit run is done: together about as long as
 * what is left of the first run by then. Measured in a full run from a clean clone (turn 4, session 8):
 * the unit run ended at 502 s, the first browser run at 1133 s, this one (the remote table, the table and
 * play by mail) at about 1004 s; the console's tools (113 s there) move here to even the two out.
 */
const LATE = [
  'test/e2e/table-remote.test.ts',
  'test/e2e/table-mail.test.ts',
  'test/e2e/console-tools.test.ts',
  // axe-core over every page at two sizes (about a minute): the second run ends well before the first.
  'test/e2e/a11y.test.ts',
  // Turn 4, session 13: the first run ended at 974 s, this one at 876 s: the people's game (about 47 s) evens them.
  'test/e2e/table-people.test.ts',
  // Turn 4, session 15 (one browser per run, files in one process): the first run ended at 707 s, this one at
  // 796 s; the table's file (44 s) goes back to the first run.
];

function start(project: string, show: (text: string) => void, args: string[] = []): Run {
  const child = spawn(process.execPath, [vitest, 'run', '--project', project, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  const run: Run = { done: Promise.resolve(0), summary: null };
  let tail = '';
  const take = (chunk: Buffer): void => {
    const text = chunk.toString();
    show(text);
    tail = (tail + text).slice(-4000);
    for (const line of tail.split('\n')) {
      const m = SUMMARY.exec(line.trim());
      if (m) run.summary = [Number(m[1]), Number(m[2]), Number(m[3])];
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  run.done = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return run;
}

/** A tool of the project's own (lint, the type check), its output kept for the end. */
function check(name: string, bin: string, args: string[]): { name: string; out: string[]; done: Promise<number> } {
  const out: string[] = [];
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  // Lint, the type check and Prettier (about 80 s of CPU) are only needed by the end: at a lower
  // priority they take the CPU the browser runs leave while they wait for frames, not the unit run's,
  // whose end starts the second browser run.
  try {
    if (child.pid !== undefined) setPriority(child.pid, 10);
  } catch {
    // Not permitted here: they run at the usual priority.
  }
  child.stdout.on('data', (c: Buffer) => out.push(c.toString()));
  child.stderr.on('data', (c: Buffer) => out.push(c.toString()));
  return { name, out, done: new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1))) };
}

const here = createRequire(import.meta.url);
const bin = (pkg: string, file: string): string => join(dirname(here.resolve(`${pkg}/package.json`)), file);

async function main(): Promise<void> {
  const checks = [
    check('lint (eslint .)', bin('eslint', 'bin/eslint.js'), ['.']),
    check('typecheck (tsc --noEmit -p tsconfig.json)', bin('typescript', 'bin/tsc'), [
      '--noEmit',
      '-p',
      'tsconfig.json',
    ]),
    check('format (prettier --check .)', bin('prettier', 'bin/prettier.cjs'), ['--check', '--log-level', 'warn', '.']),
  ];
  const browserFiles = readdirSync('test/e2e')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `test/e2e/${f}`);
  const early = browserFiles.filter((f) => !LATE.includes(f));
  const late = browserFiles.filter((f) => LATE.includes(f));
  let held: string[] | null = [];
  // One worker (vitest's default here): two made each unit test slower and the suite no shorter.
  const unit = start('unit', (t) => process.stdout.write(t));
  const e2e = start(
    'e2e',
    (t) => {
      if (held) held.push(t);
      else process.stdout.write(t);
    },
    early,
  );
  const unitCode = await unit.done;
  const lateOut: string[] = [];
  const e2eLate = late.length ? start('e2e', (t) => lateOut.push(t), late) : null;
  process.stdout.write(held.join(''));
  held = null;
  const e2eCode = await e2e.done;
  const lateCode = e2eLate ? await e2eLate.done : 0;
  process.stdout.write(lateOut.join(''));
  const sum = [0, 0, 0];
  for (const r of [unit, e2e, ...(e2eLate ? [e2eLate] : [])]) {
    if (!r.summary) sum[1]++;
    else
      r.summary.forEach((n, i) => {
        sum[i] += n;
      });
  }
  let checksFailed = false;
  for (const c of checks) {
    const code = await c.done;
    if (code === 0) continue;
    checksFailed = true;
    // Counted in the closing line too, so a tool reading only that line sees the failure.
    sum[1]++;
    console.log(`\n${c.name} failed:\n${c.out.join('')}`);
  }
  console.log(
    `\n${checksFailed ? 'lint, typecheck or format FAILED (above); ' : 'lint, typecheck and format clean; '}unit and browser tests together:\n${sum[0]} passed, ${sum[1]} failed, ${sum[2]} skipped`,
  );
  process.exit(unitCode !== 0 || e2eCode !== 0 || lateCode !== 0 || checksFailed ? 1 : 0);
}

void main();
