import type { ConsoleRuntime } from './runtime.ts';

/** What tests, the browser bench and outside tools read (window.__o2console). */
export interface ConsoleProbe {
  ready: boolean;
  /** The start-up step in progress (for diagnosing a start that hangs). */
  stage: string;
  runtime(): ConsoleRuntime | undefined;
  shownFrame: number;
  framesShown: number;
  firstFrameAt: number | undefined;
  mainMsPerFrame(): number;
  audioStats(): Promise<unknown>;
  backend: string;
  /** External RAM as the newest frame left it (the battle cartridge's mailbox; the bench's latency probe). */
  eram(): Uint8Array;
  /** performance.now() when the newest frame message from the worker arrived. */
  frameAt: number;
  /** performance.timeOrigin + performance.now() when the worker finished the newest frame. */
  frameDoneAt: number;
  /** The route the machine is shown on now ('console', 'table'), or '' when no page shows it. */
  shownOn: string;
}

declare global {
  interface Window {
    __o2console?: ConsoleProbe;
  }
}
