/**
 * Where the 8244's beam is: its line (0 = the top visible line, as vdc.ts counts) and the dot within
 * the line, from the machine's dot counter (docs/hardware.md §2). Raster effects change registers
 * while the beam draws, so the debugger shows it and can stop when it reaches a line.
 */
import type { Odyssey2 } from '../machine/index.ts';

/** The beam's line now (the dot counter runs a little past the frame's end before it wraps). */
export function beamLine(m: Odyssey2): number {
  const t = m.timing;
  return Math.floor((m.dot() % t.dotsPerFrame) / t.dotsPerLine);
}

export function beamPosition(m: Odyssey2): { line: number; dot: number } {
  const t = m.timing;
  const d = m.dot() % t.dotsPerFrame;
  const line = Math.floor(d / t.dotsPerLine);
  return { line, dot: d - line * t.dotsPerLine };
}

/** A line to stop at must be on the screen's frame: 0 to linesPerFrame - 1; otherwise why not, in a sentence. */
export function scanlineProblem(m: Odyssey2, line: number): string | undefined {
  const last = m.timing.linesPerFrame - 1;
  if (!Number.isInteger(line) || line < 0 || line > last)
    return `The beam's lines run from 0 to ${last} (${m.timing.name}); ${String(line)} is not one of them.`;
  return undefined;
}
