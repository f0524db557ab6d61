/**
 * The worker API's debugger calls made from the pause: frame steps, instruction steps, step over /
 * out, run to, step back and pokes. A step still under way after ACTION_FRAMES goes on in the host's
 * frame loop.
 */
import type { ConsoleSession } from './session.ts';
import type { ConsoleWorkerApi, DebugInfo, StopState } from './protocol.ts';

/** Frames a step over, step out or run to runs at once before it goes on running in the background. */
const ACTION_FRAMES = 60;

/** What the debugger calls need of the WorkerHost. */
export interface DebugApiHost {
  need(): ConsoleSession;
  /** The frames are running (not paused). */
  isRunning(): boolean;
  /** Pauses the frame loop (and its timer) without a status message. */
  stopRunning(): void;
  /** Sets the frames running again, says so, and resumes the loop. */
  goOn(): void;
  /** One emulated frame with its sound; returns the stop if the debugger stopped the CPU in it. */
  emulateFrame(withSound: boolean): StopState | undefined;
  postFrame(workerMs: number): void;
  postStatus(reason?: string): void;
}

export type DebugApi = Pick<
  ConsoleWorkerApi,
  'stepFrames' | 'stepInstruction' | 'stepOver' | 'stepOut' | 'runTo' | 'stepBack' | 'poke'
>;

/**
 * A debugger action from the pause: runs it for up to ACTION_FRAMES frames and shows where it
 * stopped; one still under way then goes on running until it stops (runDue says where).
 */
function debugAction(
  host: DebugApiHost,
  kind: 'step' | 'step-over' | 'step-out' | 'run-to',
  address?: number,
): DebugInfo {
  const s = host.need();
  host.stopRunning();
  s.clearHit();
  const stop = s.debugAction(kind, address, kind === 'step' ? 1 : ACTION_FRAMES);
  if (kind === 'step' && stop === undefined) s.paused(); // RESET held: the CPU ran nothing
  host.postFrame(0);
  if (stop === undefined && kind !== 'step') host.goOn();
  else host.postStatus(stop?.text);
  return s.debugInfo();
}

export function debugApi(host: DebugApiHost): DebugApi {
  return {
    stepFrames: (n: number): number => {
      const count = Math.max(1, Math.min(600, Math.floor(n)));
      host.need().remember();
      let stop: StopState | undefined;
      for (let i = 0; i < count && stop === undefined; i++) stop = host.emulateFrame(false);
      host.postFrame(0);
      host.postStatus(stop?.text);
      return host.need().machine.frameNumber;
    },
    stepInstruction: () => debugAction(host, 'step'),
    stepOver: () => debugAction(host, 'step-over'),
    stepOut: () => debugAction(host, 'step-out'),
    runTo: (address: number) => debugAction(host, 'run-to', address),
    stepBack: () => {
      const s = host.need();
      host.stopRunning();
      if (!s.stepBack())
        throw new Error(
          'Nothing to step back to: step back runs a frame again from the start rewind kept of it, or from a step made in it; rewind keeps no earlier frame (or is off) and no step is left.',
        );
      host.postFrame(0);
      host.postStatus(s.debugInfo().stop?.text);
      return s.debugInfo();
    },
    poke: (target, value) => {
      const s = host.need();
      // An edit while the frames run would land at no particular instruction: the user pauses first.
      if (host.isRunning())
        throw new Error('Pause the machine first: registers and memory are edited while it stands still.');
      s.poke(target, value);
      host.postStatus(s.debugInfo().stop?.text);
      return s.debugInfo();
    },
  };
}
