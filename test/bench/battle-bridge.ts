/**
 * Battle-bridge section of `npm run bench`: in Node, how long from the frame the cartridge shows a
 * battle's result (its mailbox says so) to the game having recorded it. The path measured is the
 * table's: battleMachine invokes the battle actor, MachineBattlePort waits on a SteppedConsole,
 * the outcome comes back and is recorded as the `battle` event by the rules.
 */
import { performance } from 'node:perf_hooks';
import { createActor } from 'xstate';
import { battleActor, battleMachine } from '../../board/index.ts';
import { MachineBattlePort } from '../../board/table/machine-battle-port.ts';
import { machineConsole, warOnB1 } from '../board/helpers.ts';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchBattleBridge(battles = Number(process.env.BENCH_BATTLES ?? 10)): Promise<void> {
  const latencies: number[] = [];
  const frameGaps: number[] = [];
  let frames = 0;
  let fightMs = 0;
  for (let i = 0; i < battles; i++) {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    let endAt = 0;
    let endFrame = 0;
    const waitFor = c.waitFor.bind(c);
    c.waitFor = (done, what, signal) =>
      waitFor(
        (m, frame) => {
          const hit = done(m, frame);
          if (hit && m.phase === 'result') {
            endAt = performance.now();
            endFrame = c.machine.frameNumber;
          }
          return hit;
        },
        what,
        signal,
      );
    const actor = createActor(battleMachine.provide({ actors: { battle: battleActor(port) } }), {
      input: { state: warOnB1() },
    }).start();
    const t0 = performance.now();
    const recorded = new Promise<number>((resolve) => {
      actor.subscribe((s) => {
        if ((s.context.state.war?.battles.length ?? 0) === 1) resolve(performance.now());
      });
    });
    actor.send({ type: 'weapon', player: 'Ann', weapon: 'tank' });
    actor.send({ type: 'weapon', player: 'Bob', weapon: 'plane' });
    const at = await recorded;
    fightMs += at - t0;
    latencies.push(at - endAt);
    frameGaps.push(c.machine.frameNumber - endFrame);
    frames += c.machine.frameNumber;
    actor.stop();
  }
  console.log(
    `Battle bridge (Node): battleMachine + MachineBattlePort + SteppedConsole, ${battles} battles (tank v unsteered jet, entry typed from SELECT GAME)`,
  );
  console.log(
    `  battle end on the machine -> result recorded in the game: median ${(median(latencies) * 1000).toFixed(0)} µs, max ${(Math.max(...latencies) * 1000).toFixed(0)} µs, ${Math.max(...frameGaps)} emulated frames in between`,
  );
  console.log(
    `  whole battle (typing, fight, record): ${(fightMs / battles).toFixed(0)} ms each, ${(frames / battles).toFixed(0)} frames each`,
  );
}
