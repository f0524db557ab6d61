/**
 * The whole machine's save state (`.o2s`), declared once (rom-core/state/schema.ts): the board's
 * latches, RAM and inputs, the cartridge's bank registers, the time base, and the CPU's and the VDC's
 * own schemas inline. Validation spans the parts: the CPU's cycle count and the machine's time base
 * must put the beam inside the frame, and the VDC may not have run ahead of the machine.
 */
import { CPU_SCHEMA } from '../i8048/cpu-state.ts';
import { vdcSchema } from '../i8244/vdc-state.ts';
import type { VdcTiming } from '../i8244/timing.ts';
import type { Schema, Values } from '../state/schema.ts';
import { MAPPER_KINDS } from './cartridge.ts';
import type { MapperKind } from './cartridge.ts';

export const STATE_MAGIC = 'O2MS';
/** A snapshot without the picture (never a save file: another magic, so one is never loaded as the other). */
export const SNAPSHOT_MAGIC = 'O2SN';
/** 1: hand-written layout, parts with their own headers; 2: one declared schema (this file). */
export const STATE_VERSION = 2;

/** How far past the frame's end the CPU may stand (a frame ends at an instruction boundary). */
const OVERRUN_CYCLES = 16;

/**
 * The highest CPU cycle count a loaded state may hold. The format stores up to 2^52 (the CPU's schema),
 * but the machine works out the beam's dot as cycles · dotsPerCycle, exact in a double only below about
 * 2^48, and moves its count back past 2^44 (odyssey2.ts): its own states stay under 2^45, and a state
 * under it runs and saves again. One far above would run inexactly, or past what a save holds.
 */
export const LOADABLE_CYCLES = 2 ** 45;

export interface MachineIdentity {
  timing: VdcTiming;
  mapper: MapperKind;
  biosCrc: number;
  cartCrc: number;
}

const hex = (n: number): string => n.toString(16).toUpperCase().padStart(8, '0');

/** The machine's state; `picture` false leaves the VDC's picture out (a rollback's snapshot, rom-core/netplay). */
export function machineSchema(id: MachineIdentity, picture = true): Schema {
  const t = id.timing;
  const dpf = t.dotsPerFrame;
  const different = 'This save state was made with a different BIOS or cartridge';
  return {
    what: 'Odyssey²',
    fields: [
      {
        key: 'chip',
        t: 'ascii',
        value: t.chip,
        mismatch: (found) => `This save state is for an ${found} machine; this one has an ${t.chip}.`,
      },
      {
        key: 'mapperIndex',
        t: 'same8',
        value: MAPPER_KINDS.indexOf(id.mapper),
        mismatch: (found) =>
          `${different} (its mapper is ${MAPPER_KINDS[found] ?? `number ${found}`}, this machine's ${id.mapper}).`,
      },
      {
        key: 'biosCrc',
        t: 'same32',
        value: id.biosCrc,
        mismatch: (found) => `${different} (BIOS CRC-32 ${hex(found)}, this machine's ${hex(id.biosCrc)}).`,
      },
      {
        key: 'cartCrc',
        t: 'same32',
        value: id.cartCrc,
        mismatch: (found) => `${different} (cartridge CRC-32 ${hex(found)}, this machine's ${hex(id.cartCrc)}).`,
      },
      { key: 'p1', t: 'u8' },
      { key: 'p2', t: 'u8' },
      { key: 'eram', t: 'bytes', length: 128 },
      { key: 'keys', t: 'bytes', length: 8 },
      { key: 'joy', t: 'bytes', length: 2 },
      { key: 'resetHeld', t: 'bool' },
      {
        key: 'cart',
        t: 'part',
        schema: {
          what: 'Odyssey²',
          fields: [
            { key: 'control', t: 'u8', max: 0x13 },
            { key: 'latch', t: 'u8' },
          ],
        },
      },
      { key: 'frameNumber', t: 'u32' },
      { key: 'vdcDot', t: 'u32', max: dpf },
      { key: 'dotBase', t: 'int', min: -(2 ** 52) * t.dotsPerCycle, max: 2 * dpf },
      { key: 'cycleBase', t: 'int', min: 0, max: 2 ** 52 },
      { key: 'cpu', t: 'part', schema: CPU_SCHEMA },
      { key: 'vdc', t: 'part', schema: vdcSchema(t, picture) },
    ],
    check(v: Values) {
      const cpu = v.cpu as Values;
      const vdc = v.vdc as Values;
      const cycles = cpu.cycles as number;
      if (cycles > LOADABLE_CYCLES || (v.cycleBase as number) > LOADABLE_CYCLES) {
        return `the CPU's cycle count (${cycles}) is past ${LOADABLE_CYCLES} (2^45), more than this machine ever counts (it would not keep time exactly, nor save its state again).`;
      }
      const since = cycles - (v.cycleBase as number);
      const dot = (v.dotBase as number) + since * t.dotsPerCycle;
      if (since < 0 || !(dot >= 0 && dot <= dpf + OVERRUN_CYCLES * t.dotsPerCycle)) {
        return `the CPU's cycle count (${cycles}) and the time base put the beam at dot ${dot}, outside the frame (0 to ${dpf}).`;
      }
      const vdcDot = v.vdcDot as number;
      if ((vdc.eventsTo as number) > vdcDot || (vdc.renderedTo as number) > vdcDot) {
        return `the VDC has run ahead of the machine (to dot ${Math.max(vdc.eventsTo as number, vdc.renderedTo as number)}, the machine at ${vdcDot}).`;
      }
      if (((v.cart as Values).control as number) & 0x0c)
        return `the cartridge's bank register holds ${(v.cart as Values).control}; only bits 0, 1 and 4 are latched.`;
      return undefined;
    },
  };
}
