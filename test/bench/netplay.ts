/**
 * `npm run bench -- netplay`: battles between two simulated browsers (test/harness/netplay-sim.ts) over
 * round trips of 0, 50, 150 and 300 ms with 20 ms of jitter and 0, 2 or 5 % of messages lost, bots on
 * both controls. For each line: desyncs (goal 0), battles whose outcome or final state differed from the
 * same sticks played on one machine (goal 0), the rollback depth's median and 99th percentile (goal: p99 at
 * most 8 frames at 150 ms), the input delay used, the cost of a display frame (both sides, bots, reruns and
 * snapshots included, per frame run) and of a frame run again in a rollback (goal under 2 ms); sound under
 * rollback: frames whose sound went out other than once (goal 0) and the share of frames whose sound,
 * made when the frame first ran on a predicted stick, differs from the confirmed frame's. BENCH_NET_BATTLES sets the battles per line (default 84: 1,008 in all).
 * Only when named: it takes minutes.
 */
import { Arena } from '../../rom-core/bot/arena.ts';
import { BattleBot, BOT_LEVELS } from '../../rom-core/bot/index.ts';
import type { Weapon } from '../../rom-core/bot/arena.ts';
import { netBattle } from '../harness/netplay-sim.ts';
import { battleCart, openBios } from '../rom-core/roms/carts/scenarios.ts';

const RTTS = [0, 50, 150, 300];
const LOSSES = [0, 0.02, 0.05];
const WEAPONS: Weapon[] = ['T', 'S', 'P'];

/** The input delay for a round trip: the frames the other side's input takes to arrive, at most 2. */
export function delayFor(rttMs: number): number {
  return rttMs <= 40 ? 1 : 2;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function benchNetplay(battles = Number(process.env.BENCH_NET_BATTLES ?? 84)): void {
  const bios = openBios();
  const cart = battleCart();
  console.log(
    `netplay (${battles} battles per line, bots on both controls, 20 ms jitter; depth = frames run again in one rollback):`,
  );
  console.log(
    '  rtt    loss  delay  battles  desyncs  differed  rollbacks  depth median  depth p99  frame cost  rerun cost  sound: not once  predicted',
  );
  let all = 0;
  for (const rtt of RTTS) {
    for (const loss of LOSSES) {
      const arena = new Arena(bios, cart);
      const depths: number[] = [];
      let desyncs = 0;
      let differed = 0;
      let ms = 0;
      let frames = 0;
      let rerunMs = 0;
      let rerun = 0;
      let soundNotOnce = 0;
      let soundDiffers = 0;
      let soundFrames = 0;
      const delay = delayFor(rtt);
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
        const r = netBattle(
          arena,
          bios,
          cart,
          setup,
          left,
          right,
          { rttMs: rtt, jitterMs: 20, loss },
          { delay, window: 12, hashEvery: 30 },
          seed,
        );
        depths.push(...r.rollbacks);
        if (r.desync !== null) desyncs++;
        if (!r.agreed) differed++;
        ms += r.runMs;
        frames += r.framesRun;
        rerunMs += r.rerunMs;
        rerun += r.rerunFrames;
        soundNotOnce += r.soundNotOnce;
        soundDiffers += r.soundDiffers;
        soundFrames += r.soundFrames;
      }
      all += battles;
      depths.sort((a, b) => a - b);
      console.log(
        `  ${`${rtt} ms`.padEnd(6)} ${`${loss * 100} %`.padEnd(5)} ${String(delay).padStart(5)}  ${String(battles).padStart(7)}  ${String(desyncs).padStart(7)}  ${String(differed).padStart(8)}  ${String(depths.length).padStart(9)}  ${String(percentile(depths, 50)).padStart(12)}  ${String(percentile(depths, 99)).padStart(9)}  ${(ms / frames).toFixed(3).padStart(7)} ms  ${(rerun ? rerunMs / rerun : 0).toFixed(3).padStart(7)} ms  ${String(soundNotOnce).padStart(15)}  ${((100 * soundDiffers) / soundFrames).toFixed(2).padStart(8)} %`,
      );
    }
  }
  console.log(`  ${all} battles in all`);
  console.log(
    "  sound: frames (both sides) whose sound was played other than exactly once (a repeat or a gap), and the share played from a predicted stick that differs from the confirmed frame's sound",
  );
}
