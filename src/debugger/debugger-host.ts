/** What the debugger's panel asks of the machine (the console page gives it, through the worker). */
import type { DebugInfo, PokeTarget, RomView, WatchpointSpec } from '../worker/protocol.ts';

export interface DebuggerHost {
  info(): Promise<DebugInfo>;
  stepInstruction(): Promise<DebugInfo>;
  stepOver(): Promise<DebugInfo>;
  stepOut(): Promise<DebugInfo>;
  runTo(address: number): Promise<DebugInfo>;
  stepBack(): Promise<DebugInfo>;
  stepFrame(): Promise<void>;
  setBreakpoints(list: number[]): Promise<void>;
  /** A breakpoint as typed (label or expression, `if` a condition, or `line N`); rejects with a sentence, changing nothing. */
  breakAt(text: string): Promise<string>;
  clearTypedBreaks(): Promise<void>;
  resume(): void;
  setWatchpoints(list: WatchpointSpec[]): Promise<void>;
  /** A watchpoint as typed (label or expression, `if` a condition); rejects with a sentence, changing nothing. */
  watchAt(text: string, space: WatchpointSpec['space'], kind: WatchpointSpec['kind'], value?: number): Promise<string>;
  setTrace(on: boolean): Promise<void>;
  setProfile(on: boolean): Promise<void>;
  /** Writes a register or a byte while paused; rejects with a sentence, changing nothing. */
  poke(target: PokeTarget, value: number): Promise<DebugInfo>;
  /** A bank of the cartridge (the selected one by default) for the ROM view. */
  romView(bank?: number): Promise<RomView>;
  traceText(): Promise<string>;
  /** The program address of the source editor's cursor line (the last build's line map), or why there is none. */
  cursorAddress(): { address: number } | { why: string };
  /** Shows a source line in the program panel's editor; false when the file is not open there. */
  showSource(file: string, line: number): boolean;
  /** The element holding the console's picture canvas, for the VDC view's boxes over it. */
  picture?(): HTMLElement | undefined;
  pause(): void;
}
