/**
 * The 8048's save state, declared once (rom-core/state/schema.ts). The program is not in it: the
 * cartridge owns that.
 */
import type { Schema } from '../state/schema.ts';

export const CPU_STATE_MAGIC = 'I48S';
/** 1: hand-written layout with an FNV-1a checksum; 2: declared schema with CRC-32. */
export const CPU_STATE_VERSION = 2;

export const CPU_SCHEMA: Schema = {
  what: '8048 CPU',
  fields: [
    { key: 'a', t: 'u8' },
    { key: 'pc', t: 'u16', max: 0xfff },
    { key: 'prevPc', t: 'u16', max: 0xfff },
    { key: 'psw', t: 'u8' },
    { key: 'mbf', t: 'u8', max: 1 },
    { key: 'timer', t: 'u8' },
    { key: 'prescaler', t: 'u8', max: 0x1f },
    { key: 'timerMode', t: 'u8', max: 2 },
    { key: 't1History', t: 'u8' },
    {
      key: 'flags',
      t: 'bits',
      keys: [
        'f1',
        'tf',
        'timerOverflowPending',
        'tcntIntEnabled',
        'intEnabled',
        'irqInProgress',
        'irqPolled',
        't0ClockOut',
      ],
    },
    { key: 'p1', t: 'u8' },
    { key: 'p2', t: 'u8' },
    { key: 'bus', t: 'u8' },
    // 2^52: centuries of running, and far enough below 2^53 that adding a cycle is always exact.
    { key: 'cycles', t: 'int', min: 0, max: 2 ** 52 },
    { key: 'ram', t: 'bytes', length: 64 },
  ],
  check: (v) => ((v.psw as number) & 0x08 ? `PSW is ${v.psw}, but its bit 3 is never stored.` : undefined),
};
