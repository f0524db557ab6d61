/**
 * `npm run bench -- netplay`: battles between two simulated browsers (test/harness/netplay-sim.ts) over
 * round trips of 0, 50, 150 and 300 ms with 15 ms of jitter and 0, 3 or 5 % of messages lost, bots on
 * both controls, modelled as the pages run them (issue 34): the input delay the app picks for the round
 * trip (board/table's `inputDelay`), the prediction window (PREDICTION_WINDOW frames), 8 ms on each page between the
 * worker and the network, the right side's display 0.2 % faster than the left's, the battle lane's
 * unordered channel and the time sync. For each line: frames/s shown (display frames that showed a new
 * frame, goal at least 59 at 150 ms and 3 %), stalls (display frames the window held) and yields (the
 * time sync's), desyncs (goal 0), battles whose outcome or final state differed from the same sticks
 * played on one machine (goal 0), the rollback depth's median and 99th percentile (goal: p99 at most 8
 * at 150 ms), key → other machine (a stick's change read on one side until the other runs with it, p90;
 * goal at most the one-way delay + the input delay + 2 frames), the cost of a display frame and of a
 * frame run again; sound under rollback: frames whose sound went out other than once (goal 0) and the
 * share whose sound, made when the frame first ran on a predicted stick, differs from the confirmed
 * frame's. Then the goal's line (150 ms, 3 %) again as the pages ran before: a reliable, ordered channel
 * and no time sync. BENCH_NET_BATTLES sets the battles per line (default 48).
 * Only when named: it takes minutes.
 */
import { Arena } from '../../rom-core/bot/arena.ts';
import { BattleBot, BOT_LEVELS } from '../../rom-core/bot/index.ts';
import type { Weapon } from '../../rom-core/bot/arena.ts';
import { inputDelay } from '../../board/index.ts';
import { PREDICTION_WINDOW } from '../../rom-core/netplay/index.ts';
import { netBattle, type LinkOptions, type SimOptions } from '../harness/netplay-sim.ts';
import { battleCart, openBios } from '../rom-core/roms/carts/scenarios.ts';

const RTTS = [0, 50, 150, 300];
const LOSSES = [0, 0.03, 0.05];
const WEAPONS: Weapon[] = ['T', 'S', 'P'];
const JITTER = 15;
const HOP_MS = 8;
const DRIFT = 0.002;
const FRAME_MS = 1000 / 60;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Line {
  rtt: number;
  loss: number;
  transport: LinkOptions['transport'];
  timeSync: boolean;
}

/** Plays `battles` battles of one line and prints it. */
function benchLine(line: Line, battles: number, bios: Uint8Array, cart: Uint8Array): void {
  const { rtt, loss } = line;
  const arena = new Arena(bios, cart);
  const depths: number[] = [];
  const latency: number[] = [];
  let desyncs = 0;
  let differed = 0;
  let ms = 0;
  let frames = 0;
  let rerunMs = 0;
  let rerun = 0;
  let soundNotOnce = 0;
  let soundDiffers = 0;
  let soundFrames = 0;
  let ticks = 0;
  let shown = 0;
  let stalls = 0;
  let yields = 0;
  const delay = inputDelay(rtt);
  const sim: SimOptions = { drift: DRIFT, timeSync: line.timeSync };
  for (let i = 0; i < battles; i++) {
    const seed = rtt * 1000 + Math.round(loss * 100) * 100 + i;
    const setup = {
      red: WEAPONS[i % 3],
      blue: WEAPONS[Math.floor(i / 3) % 3],
      redEnergy: 300 + (i % 5) * 100,
      blueEnergy: 300 + (i % 7) * 100,
    };
    const left = new BattleBot(0, BOT_LEVELS[i % 3], seed);
    const right = new BattleBot(1, BOT_LEVELS[(i + 1) % 3], seed + 1);
    const link = { rttMs: rtt, jitterMs: JITTER, loss, transport: line.transport, hopMs: HOP_MS };
    const r = netBattle(
      arena,
      bios,
      cart,
      setup,
      left,
      right,
      link,
      { delay, window: PREDICTION_WINDOW, hashEvery: 30 },
      seed,
      6000,
      sim,
    );
    depths.push(...r.rollbacks);
    latency.push(...r.keyLatencyMs);
    if (r.desync !== null) desyncs++;
    if (!r.agreed) differed++;
    ms += r.runMs;
    frames += r.framesRun;
    rerunMs += r.rerunMs;
    rerun += r.rerunFrames;
    soundNotOnce += r.soundNotOnce;
    soundDiffers += r.soundDiffers;
    soundFrames += r.soundFrames;
    ticks += r.ticks;
    shown += r.shown;
    stalls += r.stalls;
    yields += r.yields;
  }
  depths.sort((a, b) => a - b);
  latency.sort((a, b) => a - b);
  const goal = rtt / 2 + (delay + 2) * FRAME_MS;
  const cells = [
    `${rtt} ms`.padEnd(6),
    `${loss * 100} %`.padEnd(4),
    String(delay).padStart(5),
    ((60 * shown) / ticks).toFixed(1).padStart(8),
    String(stalls).padStart(6),
    String(yields).padStart(6),
    String(desyncs).padStart(7),
    String(differed).padStart(8),
    String(depths.length).padStart(9),
    String(percentile(depths, 50)).padStart(6),
    String(percentile(depths, 99)).padStart(5),
    `${percentile(latency, 90).toFixed(0).padStart(5)} ms (≤ ${goal.toFixed(0)})`,
    `${(ms / frames).toFixed(3).padStart(6)} ms`,
    `${(rerun ? rerunMs / rerun : 0).toFixed(3).padStart(6)} ms`,
    String(soundNotOnce).padStart(9),
    `${((100 * soundDiffers) / soundFrames).toFixed(2).padStart(6)} %`,
  ];
  console.log(`  ${cells.join('  ')}`);
}

export function benchNetplay(battles = Number(process.env.BENCH_NET_BATTLES ?? 48)): void {
  const bios = openBios();
  const cart = battleCart();
  console.log(
    `netplay (${battles} battles per line, bots on both controls, ${JITTER} ms jitter, ${HOP_MS} ms a page, display drift ${DRIFT * 100} %; depth = frames run again in one rollback):`,
  );
  const head =
    '  rtt    loss  delay  frames/s  stalls  yields  desyncs  differed  rollbacks  depth  p99  key → other p90 (goal)  frame cost  rerun cost  sound: not once  predicted';
  console.log('the battle lane (unordered) with time sync, as the pages run now:');
  console.log(head);
  for (const rtt of RTTS)
    for (const loss of LOSSES) benchLine({ rtt, loss, transport: 'unordered', timeSync: true }, battles, bios, cart);
  console.log('the goal line as the pages ran before (a reliable, ordered channel; no time sync):');
  console.log(head);
  benchLine({ rtt: 150, loss: 0.03, transport: 'ordered', timeSync: false }, battles, bios, cart);
  console.log(
    "  sound: frames (both sides) whose sound was played other than exactly once (a repeat or a gap), and the share played from a predicted stick that differs from the confirmed frame's sound",
  );
}
