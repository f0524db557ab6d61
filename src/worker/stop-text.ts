/**
 * The one sentence for a stop, made in the worker and shown unchanged by the debugger panel, the
 * program panel and the status line, so they cannot disagree on the address or the frame.
 */
import { watchPlace } from '../../rom-core/debugger/index.ts';
import type { DebugStop, WatchHit } from '../../rom-core/debugger/index.ts';
import type { StopState } from './protocol.ts';

const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0') + 'h';
const hex3 = (n: number): string => n.toString(16).toUpperCase().padStart(3, '0') + 'h';

const LABELS: Record<StopState['kind'], string> = {
  breakpoint: 'breakpoint',
  watchpoint: 'watchpoint',
  scanline: 'the beam reached its line',
  step: 'stepped',
  'step-over': 'stepped over',
  'step-out': 'stepped out',
  'run-to': 'ran to the cursor',
  'step-back': 'stepped back',
  edit: 'edited',
};

function watchSentence(hit: WatchHit): string {
  const what =
    hit.watch.kind === 'read' ? 'read' : hit.watch.kind === 'write' ? 'written' : `became ${hex2(hit.value)}`;
  const bytes = hit.old === hit.value ? `(${hex2(hit.value)})` : `(${hex2(hit.old)} → ${hex2(hit.value)})`;
  return `watchpoint: ${watchPlace(hit.watch)} ${what} ${bytes} by the instruction at ${hex3(hit.pc)}`;
}

/** The stop as every panel shows it: what, then the PC and the frame. */
export function stopState(
  stop: { kind: StopState['kind']; pc: number; watch?: DebugStop['watch']; text?: string },
  frame: number,
): StopState {
  const what = stop.watch ? watchSentence(stop.watch) : (stop.text ?? LABELS[stop.kind]);
  return { kind: stop.kind, pc: stop.pc, frame, text: `${what}: PC ${hex3(stop.pc)}, frame ${frame}` };
}
