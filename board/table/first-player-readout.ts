/**
 * Rule 2 on the console: the WAR GAME readout started from SELECT GAME (after a RESET if the cartridge is
 * past it), its digit left to run until SPACE stops it (typed here with `stop: 'port'`, or a person's on
 * the console), and the stopped digit read back for the `first.readout` event.
 */
import type { CartMailbox } from '../../rom-core/roms/index.ts';
import type { BattleConsole } from './battle-console.ts';

/** Frames the WAR GAME readout digit must stay the same to count as stopped (it moves every 4). */
const STOPPED_FRAMES = 16;
/** Frames the readout may take to start after the key at SELECT GAME (it starts within a few). */
const READOUT_START_FRAMES = 180;

export interface ReadoutOptions {
  /** 'port': SPACE typed here after `runFrames` (default 30); 'human': a person's SPACE on the console. */
  stop?: 'port' | 'human';
  runFrames?: number;
  signal?: AbortSignal;
}

export async function readFirstPlayer(c: BattleConsole, options: ReadoutOptions = {}): Promise<number> {
  const { signal } = options;
  let m = await c.read();
  if (m.ours) await c.type(['RESET'], signal);
  // Any key but SPACE at SELECT GAME starts the readout; external RAM survives RESET, so the
  // readout counts as started once its digit moves.
  const before = m.digit;
  await c.type(['1'], signal);
  // Bounded: a SPACE that reaches the console before the readout runs opens program entry instead
  // (at SELECT GAME SPACE means "the war game"), and the readout would never come.
  const running = (n: CartMailbox): boolean => n.ours && n.phase === 'readout' && n.digit !== before;
  let budget = READOUT_START_FRAMES;
  m = await c.waitFor((n) => running(n) || --budget <= 0, 'the WAR GAME readout to run', signal);
  if (!running(m)) {
    throw new Error(
      `the WAR GAME readout did not start within ${READOUT_START_FRAMES} frames (a SPACE pressed before it ran opens program entry instead); run the readout again`,
    );
  }
  if (options.stop !== 'human') {
    let frames = options.runFrames ?? 30;
    await c.waitFor(() => --frames <= 0, 'the readout to run', signal);
    await c.type(['SPACE'], signal);
  }
  let last = m.digit;
  let same = 0;
  m = await c.waitFor(
    (n) => {
      same = n.digit === last ? same + 1 : 0;
      last = n.digit;
      return same >= STOPPED_FRAMES || !(n.ours && n.phase === 'readout');
    },
    'SPACE to stop the WAR GAME readout',
    signal,
  );
  if (m.ours && m.practice) {
    // The cartridge reads a readout nobody stops for 20 s as the manual's practice session.
    throw new Error(
      'nobody stopped the WAR GAME readout within 20 seconds, so the cartridge began its practice session (manual, "Practice Sessions"); run the readout again and press SPACE sooner',
    );
  }
  if (!(m.ours && m.phase === 'readout'))
    throw new Error(
      `the WAR GAME readout was left before it was stopped (the cartridge shows ${m.ours ? m.phase : 'another program'}); run the readout again`,
    );
  return m.digit;
}
