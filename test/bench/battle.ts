/**
 * The battle cartridge's own speed, in the machine section of `npm run bench`: our open BIOS and battle
 * cartridge (rom-core/roms) with picture and sound on (48 kHz), battle bots (rom-core/bot, 'hard') on both hand
 * controls, one `runFrame()` a frame as the worker does. Battles follow one another: when one ends, the result
 * screen is left with SPACE and the next entry is typed through the key queue (those frames count too: the
 * cartridge runs them, with picture and sound). Frames/s over `seconds` after a warm-up into the first battle.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BattleBot } from '../../rom-core/bot/index.ts';
import { KeyQueue, Odyssey2 } from '../../rom-core/machine/index.ts';
import { MAILBOX, assembleBattleCart, assembleBios } from '../../rom-core/roms/index.ts';
import { NTSC_FRAME_RATE, fmt } from './format.ts';

const ROMS = resolve(dirname(fileURLToPath(import.meta.url)), '../../rom-core/roms');
const PHASE_ENTRY = 1;
const PHASE_BATTLE = 2;
const PHASE_RESULT = 3;
/** The entry typed for each battle: tank against tank, each with 2500 energy (their battles last longest). */
const ENTRY = ['R', 'T', '2', '5', '0', '0', 'B', 'T', '2', '5', '0', '0', 'ENTER'];

/** The machine, its bots and its key queue; `frame()` runs one frame of the battles' loop. */
function battleLoop(): { frame(): void; battles(): number } {
  const read = (dir: string) => (p: string) => readFileSync(resolve(ROMS, dir, p), 'utf8');
  const bios = assembleBios(read('.')).image;
  const cart = assembleBattleCart(read('carts')).image;
  const m = new Odyssey2({ bios, cart, sampleRate: 48_000 });
  const keys = new KeyQueue({ holdFrames: 2, gapFrames: 2 });
  let seed = 1;
  let bots: BattleBot[] = [];
  let battles = 0;
  let lastPhase = -1;
  /** The phase whose keys were typed (-1: none since the last battle). */
  let served = -1;
  return {
    frame() {
      const phase = m.eram[MAILBOX.phase];
      if (phase === PHASE_BATTLE) {
        if (lastPhase !== PHASE_BATTLE) {
          bots = [new BattleBot(0, 'hard', seed++), new BattleBot(1, 'hard', seed++)];
          battles++;
        }
        served = -1;
        m.setInputs(bots[0].step(m.eram, m.vdc.regs), bots[1].step(m.eram, m.vdc.regs));
      } else {
        if (phase !== lastPhase) m.setInputs(0, 0);
        // The result screen wants SPACE and the entry its keys, each typed once the queue is idle; SELECT GAME
        // wants SPACE too, again each second until it leaves (a key at power-on may come before it reads keys).
        const again = phase !== PHASE_RESULT && phase !== PHASE_ENTRY && m.frameNumber % 60 === 0;
        if (keys.idle && (served !== phase || again)) {
          keys.tap(...(phase === PHASE_ENTRY ? ENTRY : ['SPACE']));
          served = phase;
        }
      }
      lastPhase = phase;
      keys.beforeFrame(m);
      m.runFrame();
      keys.afterFrame();
    },
    battles: () => battles,
  };
}

export function benchBattle(seconds = Number(process.env.BENCH_SECONDS ?? 3)): void {
  const loop = battleLoop();
  // Past SELECT GAME and the entry, well into the first battle, and warm.
  for (let i = 0; i < 600; i++) loop.frame();
  if (loop.battles() === 0) throw new Error('the bench reached no battle in 600 frames');
  const before = loop.battles();
  let frames = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (let i = 0; i < 30; i++) loop.frame();
    frames += 30;
  }
  const elapsed = (performance.now() - t0) / 1000;
  console.log(
    'Battle: Odyssey² NTSC, video and sound on (48 kHz), open BIOS + our battle cartridge, bots on both controls',
  );
  console.log(
    `  ${fmt(frames / elapsed)} emulated frames/s = ${(frames / elapsed / NTSC_FRAME_RATE).toFixed(0)}x real time (${((elapsed * 1000) / frames).toFixed(3)} ms a frame; ${loop.battles() - before} battles begun)`,
  );
}
