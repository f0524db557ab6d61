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
  /** The route the machine is shown on now ('console', 'table'), or '' when no page shows it. */
  shownOn: string;
}

declare global {
  interface Window {
    __o2console?: ConsoleProbe;
  }
}
