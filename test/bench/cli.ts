/**
 * `npm run bench -- cli`: the command line as a person meets it, whole processes timed from outside
 * (start to exit, Node's own start-up included): `o2 run --frames 1` (start to the first frame, and
 * the exit; also timed inside the process, from its start to the line the first frame prints), one emulated minute (`--frames 3600`) of our battle cartridge on our open BIOS, and
 * MAME 0.251 on the same BIOS and cartridge for 60 emulated seconds (`-seconds_to_run 60`, about
 * 3590 frames) when MAME is installed ($MAME, default /usr/games/mame). Also `node -e 0` (Node's
 * start alone), the npm script (npm's own start added) and tsx on the source (compiling at start,
 * as the scripts ran before scripts/cli.cjs). BENCH_CLI_RUNS runs each (default 7, after one
 * warm-up run); the median is printed, with the fastest and slowest run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultCharset } from '../../rom-core/i8244/charset.ts';
import { battleCart, openBios } from '../rom-core/roms/carts/scenarios.ts';

const LAUNCHER = 'scripts/cli.cjs';
const TSX = 'node_modules/.bin/tsx';

interface Timing {
  median: number;
  min: number;
  max: number;
}

/** Seconds each run of `command` took, whole process; null (and why, printed) if a run failed. */
function time(command: string, args: string[], runs: number): Timing | null {
  const seconds: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: 600_000 });
    const t = (performance.now() - t0) / 1000;
    // MAME 0.251 may segfault while shutting down once the run is done (test/mame/README.md).
    if (r.status !== 0 && !(command.endsWith('mame') && (r.status === 139 || r.signal === 'SIGSEGV'))) {
      console.log(`  ${command} ${args.join(' ')}: exit ${r.status ?? r.signal}\n${r.stderr}`);
      return null;
    }
    if (i > 0) seconds.push(t); // the first run warms the disk cache (and builds the bundle)
  }
  seconds.sort((a, b) => a - b);
  return { median: seconds[Math.floor(seconds.length / 2)], min: seconds[0], max: seconds[seconds.length - 1] };
}

/**
 * Preloaded into the process (--require, a CommonJS file: a data: URL through --import would start
 * Node's ES loader, which the launcher itself avoids): when `o2 run` writes its summary line to
 * descriptor 1 (rom-core/cli/o2.ts writes there directly), the first frame has run; performance.now()
 * then is the time since the process started (Node's own start-up included). The probe does not
 * touch process.stdout, whose first use would load the streams the command line no longer loads.
 */
const FIRST_FRAME_PROBE = [
  "const fs = require('node:fs');",
  'const mark = (t) => { if (String(t).startsWith("ran 1 frame")) process.stderr.write("first-frame-ms " + performance.now() + "\\n"); };',
  'const ws = fs.writeSync;',
  'fs.writeSync = (fd, b, ...a) => { if (fd === 1) mark(Buffer.from(b).toString()); return ws(fd, b, ...a); };',
].join('\n');

/** The probe as a file of its own (in the system's temporary folder), for --require. */
function probeFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'o2-bench-')), 'first-frame.cjs');
  writeFileSync(path, FIRST_FRAME_PROBE);
  return path;
}

/** Median, fastest and slowest in-process time (s) to the point a probe prints `marker-ms N` on stderr. */
function inProcess(args: string[], marker: string, runs: number): Timing | null {
  const seconds: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const m = new RegExp(`${marker}-ms ([0-9.]+)`).exec(r.stderr);
    if (r.status !== 0 || !m) {
      console.log(`  node ${args.join(' ')}: exit ${r.status ?? r.signal}, no ${marker} time\n${r.stderr}`);
      return null;
    }
    if (i > 0) seconds.push(Number(m[1]) / 1000);
  }
  seconds.sort((a, b) => a - b);
  return { median: seconds[Math.floor(seconds.length / 2)], min: seconds[0], max: seconds[seconds.length - 1] };
}

const ms = (s: number): string => `${(s * 1000).toFixed(0)} ms`;
const row = (label: string, t: Timing | null): string =>
  t ? `  ${label.padEnd(44)} ${ms(t.median).padStart(8)}  (${ms(t.min)} - ${ms(t.max)})` : `  ${label}: failed`;

/** A rom folder as MAME's odyssey2 driver wants it (our open BIOS, our character set) and the cartridge. */
function mameFiles(): { dir: string; cart: string } {
  const dir = mkdtempSync(join(tmpdir(), 'o2-bench-cli-'));
  mkdirSync(join(dir, 'rom', 'odyssey2'), { recursive: true });
  writeFileSync(join(dir, 'rom', 'odyssey2', 'o2bios.rom'), openBios());
  writeFileSync(join(dir, 'rom', 'odyssey2', 'charset_i8244.bin'), defaultCharset());
  writeFileSync(join(dir, 'battle.bin'), battleCart());
  return { dir, cart: join(dir, 'battle.bin') };
}

export function benchCli(runs = Number(process.env.BENCH_CLI_RUNS ?? 7)): void {
  const node = process.execPath;
  console.log(
    `CLI: whole processes, start to exit, median of ${runs} (fastest - slowest); open BIOS + battle cartridge`,
  );
  console.log(row('node -e 0 (Node alone)', time(node, ['-e', '0'], runs)));
  console.log(
    row('node scripts/cli.cjs o2 run --frames 1', time(node, [LAUNCHER, 'o2', 'run', '--frames', '1'], runs)),
  );
  console.log(
    row('npm run -s o2 -- run --frames 1', time('npm', ['run', '-s', 'o2', '--', 'run', '--frames', '1'], runs)),
  );
  console.log(
    row('tsx rom-core/cli/o2.ts run --frames 1', time(TSX, ['rom-core/cli/o2.ts', 'run', '--frames', '1'], runs)),
  );
  console.log('In the process (performance.now() since its start):');
  const ready = ['-e', 'process.stderr.write("ready-ms " + performance.now() + "\\n")'];
  console.log(row("Node's own start, to the first line of code", inProcess(ready, 'ready', runs)));
  const first = inProcess(['--require', probeFile(), LAUNCHER, 'o2', 'run', '--frames', '1'], 'first-frame', runs);
  console.log(row('o2 run --frames 1: start to the first frame', first));
  console.log('One emulated minute, whole processes:');
  const minute = time(node, [LAUNCHER, 'o2', 'run', '--frames', '3600'], runs);
  console.log(row('node scripts/cli.cjs o2 run --frames 3600', minute));
  const mame = process.env.MAME ?? '/usr/games/mame';
  if (!existsSync(mame)) {
    console.log(`  MAME: not found at ${mame} (set MAME=/path/to/mame)`);
    return;
  }
  const { dir, cart } = mameFiles();
  try {
    const args = ['odyssey2', '-noreadconfig', '-rompath', join(dir, 'rom'), '-cart', cart];
    args.push('-video', 'none', '-sound', 'none', '-nothrottle', '-skip_gameinfo', '-seconds_to_run', '60');
    args.push('-cfg_directory', join(dir, 'cfg'), '-nvram_directory', join(dir, 'nvram'));
    const theirs = time(mame, args, runs);
    console.log(row('MAME odyssey2 -nothrottle -seconds_to_run 60', theirs));
    if (minute && theirs)
      console.log(`  one emulated minute: ours ${(theirs.median / minute.median).toFixed(1)}x MAME's speed (medians)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
