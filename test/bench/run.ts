/**
 * `npm run bench`: speed figures, printed, never asserted. Each section says what it measured.
 * BENCH_SECONDS sets the Node sections' length (default 3), BENCH_BROWSER_SECONDS the browser's
 * (default 10), BENCH_BATTLES the bridge section's battles (default 10), BENCH_BOT_BATTLES the bots tournament's
 * battles per cell (default 200), BENCH_NET_BATTLES the netplay section's battles per line (default 48),
 * BENCH_NET_BROWSER_SECONDS its browser line's seconds per link (default 20; BENCH_NET_BROWSER_LINE=clean
 * or =150 runs one link); `npm run bench -- cpu machine` runs only the named sections, and `bots`,
 * `netplay` (the Node simulation, then two pages in Chromium: netplay-browser.ts), `netplay-browser`
 * (the pages only) and `asm` (minutes long) run only when named. `rewind`: rewind's memory and costs, run-ahead's cost. `board-save`: the board's autosave at the end of a long game. `cli` (run only when named):
 * whole processes of the command line, start to first frame and one emulated minute, beside MAME's. `power` (run
 * only when named, about 3 minutes): CPU-seconds per second of headless Chromium's processes on each page at rest.
 */
import { benchAsm } from './asm.ts';
import { benchBattle } from './battle.ts';
import { benchBattleBridge } from './battle-bridge.ts';
import { benchBoardSave } from './board-save.ts';
import { benchBots } from './bots.ts';
import { benchCli } from './cli.ts';
import { printBrowserBench, runBrowserBench } from './browser.ts';
import { benchCpu } from './cpu.ts';
import { benchDebugger } from './debugger.ts';
import { benchComputer } from './computer.ts';
import { benchMachine } from './machine.ts';
import { benchNetplay } from './netplay.ts';
import { benchNetplayBrowser } from './netplay-browser.ts';
import { printPowerBench, runPowerBench } from './power.ts';
import { benchRewind } from './rewind.ts';

const VISUAL_CART = 'test/programs/vdc/bench-visual.a48';

const sections: Record<string, () => void | Promise<void>> = {
  cpu: benchCpu,
  machine: () => {
    benchMachine(VISUAL_CART);
    benchBattle();
  },
  debugger: () => benchDebugger(VISUAL_CART),
  bridge: () => benchBattleBridge(),
  browser: async () => printBrowserBench(await runBrowserBench()),
  computer: benchComputer,
  bots: () => benchBots(),
  netplay: async () => {
    benchNetplay();
    console.log('');
    await benchNetplayBrowser();
  },
  'netplay-browser': () => benchNetplayBrowser(),
  rewind: benchRewind,
  'board-save': benchBoardSave,
  asm: benchAsm,
  cli: () => benchCli(),
  power: async () => printPowerBench(await runPowerBench()),
};
/** Sections that run only when named (they take minutes). */
const ON_REQUEST = new Set(['bots', 'netplay', 'netplay-browser', 'asm', 'cli', 'power']);

const wanted = process.argv.slice(2);
for (const name of wanted)
  if (!(name in sections))
    throw new Error(`unknown bench section "${name}" (sections: ${Object.keys(sections).join(', ')})`);
for (const [name, section] of Object.entries(sections)) {
  if (wanted.length ? !wanted.includes(name) : ON_REQUEST.has(name)) continue;
  await section();
  console.log('');
}
