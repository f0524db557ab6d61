import type { CartMailbox } from '../../rom-core/roms/index.ts';

/**
 * The console as the battle bridge sees it: keys typed in, the cartridge's mailbox read back. Two
 * implementations satisfy it: one over an Odyssey2 stepped frame by frame in Node (tests, the CLI),
 * one over the emulator worker in the browser. The bridge never touches either machine directly, so
 * the same bridge code runs in both places.
 *
 * Key names are rom-core's (`KEY_NAMES` in rom-core/machine/input.ts): '0'-'9', 'SPACE', 'ENTER',
 * 'R', 'B', 'P', 'S', 'T', 'CLEAR', 'J0_FIRE' ...
 */
export interface BattleConsole {
  /**
   * Presses each key in turn: held down for at least one whole frame, then released for at least one,
   * so the cartridge's once-a-frame key scan sees every press. Resolves once the machine has run past
   * the last release (the mailbox then shows what the keys did).
   */
  type(keys: readonly string[], signal?: AbortSignal): Promise<void>;
  /** The mailbox as of the last complete frame. */
  read(): Promise<CartMailbox>;
  /**
   * Resolves with the mailbox of the first complete frame, from now on, for which `done` holds; `frame` is that
   * frame's number. A wait that counts frames counts them by number, not by calls of `done`: the browser's
   * worker sends the page only the frames that bring something new (src/worker/frame-post.ts), so `done` may
   * see one frame of several. Rejects when `signal` aborts, and (in implementations that step the machine
   * themselves) when a bounded number of frames passes without it, naming what was awaited.
   */
  waitFor(done: (m: CartMailbox, frame: number) => boolean, what: string, signal?: AbortSignal): Promise<CartMailbox>;
}
