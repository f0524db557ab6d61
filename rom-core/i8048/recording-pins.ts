import type { I8048Pins } from './pins.ts';

/** One pin write seen by RecordingPins, in the order the CPU made them. */
export interface PinWrite {
  kind: 'port1' | 'port2' | 'bus' | 'external';
  address: number;
  value: number;
  /** CPU cycle counter at the moment of the write, when a clock was attached. */
  cycle: number;
}

/**
 * A stand-alone set of pins for tests and the self-test: inputs are plain settable fields, external
 * memory is a 256-byte array, and every write is logged.
 */
export class RecordingPins implements I8048Pins {
  port1In = 0xff;
  port2In = 0xff;
  busIn = 0xff;
  t0 = 0;
  t1 = 0;
  int = 0;
  readonly external = new Uint8Array(256);
  readonly writes: PinWrite[] = [];
  /** Number of readT1() calls (the event counter samples once per cycle). */
  t1Reads = 0;
  /** Optional clock read when logging a write (e.g. () => cpu.cycles). */
  clock: () => number = () => -1;
  /** Optional hook that decides T1 from the sample count, for counter tests. */
  t1Source: ((sample: number) => number) | undefined;

  readPort(port: 1 | 2): number {
    return port === 1 ? this.port1In : this.port2In;
  }

  writePort(port: 1 | 2, value: number): void {
    this.writes.push({ kind: port === 1 ? 'port1' : 'port2', address: port, value, cycle: this.clock() });
  }

  readBus(): number {
    return this.busIn;
  }

  writeBus(value: number): void {
    this.writes.push({ kind: 'bus', address: 0, value, cycle: this.clock() });
  }

  readExternal(address: number): number {
    return this.external[address & 0xff];
  }

  writeExternal(address: number, value: number): void {
    this.external[address & 0xff] = value;
    this.writes.push({ kind: 'external', address, value, cycle: this.clock() });
  }

  readT0(): number {
    return this.t0;
  }

  readT1(): number {
    const sample = this.t1Reads++;
    return this.t1Source ? this.t1Source(sample) : this.t1;
  }

  readInt(): number {
    return this.int;
  }
}
