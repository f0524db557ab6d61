/**
 * Where the beam is at a frame dot (timing.ts): MAME i8244.cpp's `vblank()`, `hblank()`,
 * `get_y_beam()` and `get_x_beam()`, pure functions of the timing and the dot, and the check that a
 * dot an access brings lies in the frame and not before the chip's own position.
 */
import type { VdcTiming } from './timing.ts';

/** MAME `vblank()`. */
export function vblankAt(t: VdcTiming, dot: number): number {
  const v = (dot / t.dotsPerLine) | 0;
  const h = dot - v * t.dotsPerLine;
  const edge = t.hblankStart - 1;
  if ((v === t.vblankStartLine && h >= edge) || (v === t.vblankEndLine && h <= edge)) return 1;
  if (t.vblankEndLine < t.vblankStartLine) return v > t.vblankStartLine || v < t.vblankEndLine ? 1 : 0;
  return v > t.vblankStartLine && v < t.vblankEndLine ? 1 : 0;
}

/** MAME `hblank()`. */
export function hblankAt(t: VdcTiming, dot: number): number {
  const h = dot % t.dotsPerLine;
  return h >= t.hblankStart && h < t.hblankEnd ? 1 : 0;
}

/** MAME `get_y_beam()`: the Y counter (0-263) at `dot`. */
export function yBeamAt(t: VdcTiming, dot: number): number {
  let v = (dot / t.dotsPerLine) | 0;
  const h = dot - v * t.dotsPerLine;
  if (v === 0 && h < t.hblankStart) v = t.linesPerFrame;
  if (h >= t.bgateStart) v++;
  return v > 263 ? 263 : v;
}

/** MAME `get_x_beam()`. */
export function xBeamAt(t: VdcTiming, dot: number): number {
  return (dot % t.dotsPerLine) >> 1;
}

/**
 * Throws a RangeError naming `what` when `dot` is outside the frame or not whole, or (but for a
 * reset) before `eventsTo`, the chip's position: time only moves forward within a frame.
 */
export function checkDot(t: VdcTiming, eventsTo: number, dot: number, what: string): void {
  if (!(dot >= 0 && dot <= t.dotsPerFrame) || !Number.isInteger(dot)) {
    throw new RangeError(`${what}: dot ${dot} is outside the frame (0..${t.dotsPerFrame})`);
  }
  if (dot < eventsTo && what !== 'reset') {
    throw new RangeError(
      `${what}: dot ${dot} is before the VDC's current position ${eventsTo}; time only moves forward within a frame`,
    );
  }
}
