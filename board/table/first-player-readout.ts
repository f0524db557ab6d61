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

/**
 * Whether a frame is still within `frames` frames of the first one it is asked about: true for the first
 * `frames - 1` frames after it, by frame number (a wait that sees every frame gives up on the `frames`th).
 */
function frameBudget(frames: number): (frame: number) => boolean {
  let first: number | undefined;
  return (frame) => {
    first ??= frame - 1;
    return frame - first < frames;
  };
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
  // Frames are counted by their numbers (the browser's page is not shown every frame: BattleConsole.waitFor).
  const within = frameBudget(READOUT_START_FRAMES);
  m = await c.waitFor((n, frame) => running(n) || !within(frame), 'the WAR GAME readout to run', signal);
  if (!running(m)) {
    throw new Error(
      `the WAR GAME readout did not start within ${READOUT_START_FRAMES} frames (a SPACE pressed before it ran opens program entry instead); run the readout again`,
    );
  }
  if (options.stop !== 'human') {
    const runs = frameBudget(options.runFrames ?? 30);
    await c.waitFor((_n, frame) => !runs(frame), 'the readout to run', signal);
    await c.type(['SPACE'], signal);
  }
  let last = m.digit;
  let since: number | undefined;
  m = await c.waitFor(
    (n, frame) => {
      if (since === undefined || n.digit !== last) since = frame;
      last = n.digit;
      return frame - since >= STOPPED_FRAMES || !(n.ours && n.phase === 'readout');
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
