/**
 * Reading `.o2s` files of format version 1 (before the declared schemas): the file is rewritten
 * into version 2's field layout and then read, validated and applied exactly like a new one. The
 * layouts agree except that version 1 wrapped the CPU and the VDC in their own headers (the CPU with
 * an FNV-1a checksum and 3 reserved bytes) and kept the sound as host-rate PCM. The sound level log
 * cannot be recovered from that PCM, so it restarts at the level the chip outputs at the save point:
 * the rest of that one frame's sound is exact, its earlier part is that level.
 */
import { SOUND } from '../i8244/registers.ts';
import { TAIL_DOTS } from '../i8244/sound.ts';
import type { VdcTiming } from '../i8244/timing.ts';
import { mameFrameStartDot } from '../i8244/timing.ts';
import { Reader, StateError } from '../state/schema.ts';

const WHAT = 'Odyssey² (version 1)';
/** chip 4, mapper 1, CRCs 8, P1/P2 2, RAM 128, keys 8, sticks 2, reset 1, bank 2, frame 4, vdcDot 4, time 16. */
const MACHINE_FIELDS = 180;
const CPU_V1_LENGTH = 99;

function fnv1a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function damaged(problem: string): StateError {
  return new StateError(`Odyssey² save state (version 1) is corrupt: ${problem}`);
}

/** Version 1 fields (after magic and version, before the CRC) in version 2's layout. */
export function convertV1(r: Reader, t: VdcTiming, sampleRate: (rate: number) => boolean): Uint8Array {
  const out: number[] = [];
  const push = (a: Uint8Array): void => {
    for (const b of a) out.push(b);
  };
  push(r.bytes(MACHINE_FIELDS));

  const cpu = r.bytes(r.u32());
  if (cpu.length !== CPU_V1_LENGTH || String.fromCharCode(...cpu.subarray(0, 4)) !== 'I48S' || cpu[4] !== 1) {
    throw damaged(`its CPU part is not a version 1 8048 state (${cpu.length} bytes).`);
  }
  const view = new DataView(cpu.buffer, cpu.byteOffset, cpu.byteLength);
  if (view.getUint32(CPU_V1_LENGTH - 4, true) !== fnv1a(cpu.subarray(0, CPU_V1_LENGTH - 4)))
    throw damaged('its CPU part fails its checksum.');
  push(cpu.subarray(5, 28));
  push(cpu.subarray(31, 95));

  const vdc = r.bytes(r.u32());
  const v = new Reader(vdc, WHAT);
  if (v.ascii(7) !== 'I8244ST' || v.u8() !== 1) throw damaged('its VDC part is not a version 1 VDC state.');
  const w = t.visibleWidth;
  const before = 4 + 256 + 512 + 4 + 12 + 1 + 4 + 3 + 2 * w + w + w * t.visibleHeight + 5;
  const fixed = v.bytes(before);
  push(fixed);
  const ctl = fixed[4 + SOUND];
  const output = fixed[before - 1];
  const rate = v.u32();
  if (!sampleRate(rate)) throw damaged(`its sound sample rate is ${rate} Hz.`);
  const dotTicks = rate * t.dotRateDen;
  const cursor = v.f64();
  v.f64(); // boundary and partial sample: host-rate PCM, not kept
  v.f64();
  for (let k = 0; k < 2; k++) {
    const n = v.u32();
    if (n > 4096) throw damaged(`it holds ${n} sound samples in a frame.`);
    for (let i = 0; i < n; i++) v.f32();
  }
  v.done();
  const cursorDot = cursor / dotTicks;
  if (!(Number.isInteger(cursorDot) && cursorDot >= 0 && cursorDot <= t.dotsPerFrame)) {
    throw damaged(`its sound cursor (${cursor}) is not a dot within the frame.`);
  }
  const level = (ctl & 0x80) !== 0 && output === 1 ? ctl & 0x0f : 0;
  const u32 = (x: number): void => {
    out.push(x & 0xff, (x >>> 8) & 0xff, (x >>> 16) & 0xff, (x >>> 24) & 0xff);
  };
  u32(cursorDot);
  u32(mameFrameStartDot(t)); // every machine resets its VDC there
  u32(1);
  u32(-TAIL_DOTS >>> 0);
  out.push(level);
  r.done();
  return Uint8Array.from(out);
}
