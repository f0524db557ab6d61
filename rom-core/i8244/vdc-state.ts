/**
 * The VDC's save state, declared once (rom-core/state/schema.ts): the chip's registers, latches and
 * beam bookkeeping, the renderer's picture and maps, the sound unit's phase and level log. Ranges
 * follow the timing, so an NTSC state with PAL-sized positions (or any NaN, negative or huge value)
 * is refused before anything is changed.
 */
import type { Schema, Values } from '../state/schema.ts';
import { TAIL_DOTS, logCapacity } from './sound.ts';
import type { VdcTiming } from './timing.ts';

export const VDC_STATE_MAGIC = 'I8244ST';
/** 1: with the host's sample rate and PCM; 2: declared schema, level log at the chip's clock. */
export const VDC_STATE_VERSION = 2;

export function soundSchema(t: VdcTiming): Schema {
  const dpf = t.dotsPerFrame;
  return {
    what: 'VDC',
    fields: [
      { key: 'prescaler', t: 'u8' },
      { key: 'pending', t: 'bool' },
      { key: 'written', t: 'bool' },
      { key: 'count', t: 'u8', max: 23 },
      { key: 'output', t: 'u8', max: 1 },
      { key: 'cursorDot', t: 'u32', max: dpf },
      { key: 'startDot', t: 'u32', max: dpf },
      { key: 'logCount', t: 'u32', min: 1, max: logCapacity(t) },
      { key: 'logDots', t: 'i32s', countOf: 'logCount', min: -TAIL_DOTS, max: dpf },
      { key: 'logLevels', t: 'u8s', countOf: 'logCount', min: 0, max: 15 },
    ],
    check(v: Values) {
      // The array may be longer than the log (values read into a reused one): logCount says where it ends.
      const dots = v.logDots as Int32Array;
      const n = v.logCount as number;
      if (dots[0] !== -TAIL_DOTS) return `the sound level log must begin at dot ${-TAIL_DOTS}, not ${dots[0]}.`;
      for (let i = 1; i < n; i++) {
        if (dots[i] <= dots[i - 1])
          return `the sound level log goes back in time at entry ${i} (dot ${dots[i]} after ${dots[i - 1]}).`;
      }
      if (dots[n - 1] > (v.cursorDot as number)) return 'the sound level log runs past the sound cursor.';
      return undefined;
    },
  };
}

/**
 * `picture` false leaves the picture out (a rollback's snapshot at a frame's end: the next frame draws
 * every dot again, and the picture is most of the state's bytes).
 */
function rendererSchema(t: VdcTiming, picture: boolean): Schema {
  return {
    what: 'VDC',
    fields: [
      { key: 'collisionStatus', t: 'u8' },
      { key: 'majorOverlap', t: 'u8' },
      { key: 'lumForced', t: 'bool' },
      { key: 'collisionMap', t: 'u16s', length: t.visibleWidth },
      { key: 'priorityMap', t: 'bytes', length: t.visibleWidth },
      ...(picture ? [{ key: 'frame', t: 'bytes' as const, length: t.visibleWidth * t.visibleHeight }] : []),
    ],
    check(v: Values) {
      if ((v.majorOverlap as number) & 0x7f) return `the major-overlap bit is ${v.majorOverlap}; it is 0 or 128.`;
      const frame = v.frame as Uint8Array | undefined;
      for (let i = 0; frame !== undefined && i < frame.length; i++) {
        if (frame[i] > 15) return `picture dot ${i} has colour ${frame[i]}; colours are 0 to 15.`;
      }
      return undefined;
    },
  };
}

/** The VDC's state; `picture` false leaves the rendered picture out (rendererSchema). */
export function vdcSchema(t: VdcTiming, picture = true): Schema {
  const dpf = t.dotsPerFrame;
  return {
    what: 'VDC',
    fields: [
      {
        key: 'chip',
        t: 'ascii',
        value: t.chip,
        mismatch: (found) => `This save state is for an ${found}; the machine has an ${t.chip} (${t.name}).`,
      },
      { key: 'regs', t: 'bytes', length: 256 },
      { key: 'charset', t: 'bytes', length: 512 },
      { key: 'controlStatus', t: 'u8' },
      { key: 'irq', t: 'bool' },
      { key: 'xLatch', t: 'u8' },
      { key: 'yLatch', t: 'u8' },
      { key: 'renderedTo', t: 'u32', max: dpf },
      { key: 'eventsTo', t: 'u32', max: dpf },
      { key: 'nextSoundDot', t: 'u32', min: t.hblankStart, max: dpf + t.hblankStart },
      { key: 'vblankPending', t: 'bool' },
      { key: 'frameCount', t: 'u32' },
      { key: 'renderer', t: 'part', schema: rendererSchema(t, picture) },
      { key: 'sound', t: 'part', schema: soundSchema(t) },
    ],
    check(v: Values) {
      if (((v.nextSoundDot as number) - t.hblankStart) % t.dotsPerLine !== 0) {
        return `the next sound clock (dot ${v.nextSoundDot}) is not at the start of a line's HBLANK.`;
      }
      return undefined;
    },
  };
}
