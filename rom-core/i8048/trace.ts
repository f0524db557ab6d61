/**
 * A fixed-size ring of the most recent instruction addresses, filled by I8048.runDebug. Allocated
 * once by the debugger; recording a PC is one typed-array store.
 */
export class PcTrace {
  readonly capacity: number;
  private readonly pcs: Uint16Array;
  private next = 0;
  private filled = 0;

  constructor(capacity = 256) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new Error(`PcTrace capacity must be a positive integer, got ${capacity}`);
    }
    this.capacity = capacity;
    this.pcs = new Uint16Array(capacity);
  }

  record(pc: number): void {
    this.pcs[this.next] = pc;
    this.next = this.next + 1 === this.capacity ? 0 : this.next + 1;
    if (this.filled < this.capacity) this.filled++;
  }

  get length(): number {
    return this.filled;
  }

  /** The recorded PCs, oldest first. */
  toArray(): number[] {
    const out: number[] = [];
    const start = this.filled < this.capacity ? 0 : this.next;
    for (let i = 0; i < this.filled; i++) out.push(this.pcs[(start + i) % this.capacity]);
    return out;
  }

  clear(): void {
    this.next = 0;
    this.filled = 0;
  }
}
