/**
 * The worker API's calls that only ask or set the current session (views, watchpoints, trace, state,
 * typed keys, bots): none of them touches the frame loop.
 */
import * as Comlink from 'comlink';
import type { ConsoleSession } from './session.ts';
import type { ConsoleWorkerApi } from './protocol.ts';
import type { TypedWaits } from './typed-waits.ts';
import { buildProgram } from './build-program.ts';
import { bundledBuiltins } from './bundled-roms.ts';
import type { BuildResult, SourceFile } from './build-program.ts';

export type BotLevel = { level: 'easy' | 'medium' | 'hard'; seed: number } | null;

/** What the session calls need of the WorkerHost. */
export interface SessionApiHost {
  /** The session, or a throw when the console has not been started. */
  need(): ConsoleSession;
  /** The session at the time of the call (a new one after a reset), if any. */
  current(): ConsoleSession | undefined;
  readonly typed: TypedWaits;
  settleTyped(): void;
  /** The bots that hold a hand control, kept for the next session (a reset, another cartridge). */
  readonly botLevels: BotLevel[];
}

export type SessionApi = Pick<
  ConsoleWorkerApi,
  | 'romView'
  | 'setWatchpoints'
  | 'setTrace'
  | 'setProfile'
  | 'traceText'
  | 'saveState'
  | 'debugInfo'
  | 'setBreakpoints'
  | 'breakAt'
  | 'clearTypedBreaks'
  | 'watchAt'
  | 'buildProgram'
  | 'externalRam'
  | 'battleRoms'
  | 'frame'
  | 'typeKeys'
  | 'clearKeys'
  | 'setBot'
>;

export function sessionApi(host: SessionApiHost): SessionApi {
  return {
    romView: (bank) => host.need().romView(bank),
    setWatchpoints: (list) => host.need().setWatchpoints(list),
    setTrace: (on: boolean) => host.need().debug.setTrace(on),
    setProfile: (on: boolean) => host.need().debug.setProfile(on),
    traceText: () => host.need().debug.trace.toText(),
    saveState: (): Uint8Array => {
      const state = host.need().machine.saveState() as Uint8Array<ArrayBuffer>;
      return Comlink.transfer(state, [state.buffer]);
    },
    debugInfo: () => host.need().debugInfo(),
    setBreakpoints: (addresses: number[]): void => {
      host.need().setBreakpoints(addresses);
    },
    breakAt: (text: string): string => host.need().breaks.add(text),
    clearTypedBreaks: (): void => host.need().breaks.clear(),
    watchAt: (text, space, kind, value) => host.need().watches.add(text, space, kind, value),
    buildProgram: (files: SourceFile[], main: string): BuildResult => buildProgram(files, main),
    externalRam: (): Uint8Array => host.need().machine.eram.slice(),
    battleRoms: () => {
      const built = bundledBuiltins('battle');
      const cart = built.carts.find((c) => c.id === 'battle');
      if (!cart) throw new Error(built.problems?.[0] ?? 'our battle cartridge is not in this build');
      return { bios: built.bios.image.slice(), cart: cart.image.slice() };
    },
    frame: () => {
      const s = host.need();
      return { pixels: s.machine.frame.slice(), frame: s.machine.frameNumber };
    },
    typeKeys: (keys: string[]): Promise<number> => {
      const q = host.need().keyQueue;
      // An unknown key throws here, before anything is queued.
      const until = q.tap(...keys);
      return new Promise((resolve) => {
        host.typed.add(until, () => resolve(host.current()?.machine.frameNumber ?? 0));
      });
    },
    clearKeys: (): void => {
      host.need().clearKeys();
      host.settleTyped();
    },
    setBot: (stick, level, seed = 1): void => {
      if (stick !== 0 && stick !== 1)
        throw new RangeError(`a hand control is 0 (left) or 1 (right), got ${String(stick)}`);
      if (level !== null && !['easy', 'medium', 'hard'].includes(level))
        throw new RangeError(`a bot level is easy, medium or hard, got ${String(level)}`);
      host.botLevels[stick] = level === null ? null : { level, seed };
      host.current()?.setBot(stick, level, seed);
    },
  };
}
