/**
 * Everything the 8048 sees outside its own chip. The machine (or a test) implements this; the CPU
 * calls it only from the instructions that touch a pin, so an idle program costs no calls.
 */
export interface I8048Pins {
  /** Pin levels of P1 or P2 (0-255). The CPU ANDs them with its output latch for IN A,Pp. */
  readPort(port: 1 | 2): number;
  /** The new output latch of P1 or P2 (OUTL, ANL, ORL, the 8243 expander ops, reset). */
  writePort(port: 1 | 2, value: number): void;
  /** INS A,BUS and the read half of ANL/ORL BUS,#d. */
  readBus(): number;
  /** OUTL BUS,A, the write half of ANL/ORL BUS,#d, and FFh at reset. */
  writeBus(value: number): void;
  /** MOVX A,@Ri; called after the instruction's cycles are counted. */
  readExternal(address: number): number;
  /** MOVX @Ri,A; called after the instruction's cycles are counted. */
  writeExternal(address: number, value: number): void;
  /** Test input T0: 0 or 1. */
  readT0(): number;
  /** Test input T1: 0 or 1. Sampled once per machine cycle while the event counter runs. */
  readT1(): number;
  /** 1 while /INT is asserted (pin low), else 0. */
  readInt(): number;
  /**
   * The last cycle count (the CPU's `cycles`) at which readInt() is sure to answer 0, if the CPU
   * touches no pin before then; below the current count if it may answer 1 now. The CPU passes
   * over a wait loop's spins only within it (wait-loop.ts); pins without it get every spin run.
   */
  intQuietUntil?(): number;
}
