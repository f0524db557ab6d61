/**
 * A cycle profile (issue 23): the machine cycles spent at each program address, and each frame's
 * cycles in the cartridge (400h-FFFh) and in the BIOS (000h-3FFh), of the ~5983 of an NTSC frame.
 * The debugger calls `boundary` at every instruction boundary and `frameEnd` when a frame ends; the
 * cycles since the last boundary go to the instruction that ran there (an interrupt's 2-cycle entry,
 * taken between two instructions, goes to the one before it). Typed arrays only: nothing is
 * allocated per instruction or per frame.
 */

/** Frames whose cycles are kept (two seconds of NTSC). */
export const PROFILE_FRAMES = 120;

export class CycleProfile {
  /** Cycles spent at each program address since the profile was cleared. */
  readonly byAddress = new Float64Array(4096);
  /** The last frames' cycles in the cartridge and in the BIOS, a ring of PROFILE_FRAMES. */
  private readonly cart = new Uint16Array(PROFILE_FRAMES);
  private readonly bios = new Uint16Array(PROFILE_FRAMES);
  private next = 0;
  private kept = 0;
  private frameCart = 0;
  private frameBios = 0;
  private lastPc = -1;
  private lastCycles = 0;

  clear(): void {
    this.byAddress.fill(0);
    this.next = 0;
    this.kept = 0;
    this.frameCart = 0;
    this.frameBios = 0;
    this.lastPc = -1;
  }

  /** The CPU is about to run the instruction at `pc`, `cycles` being its cycle count now. */
  boundary(pc: number, cycles: number): void {
    this.charge(cycles);
    this.lastPc = pc;
  }

  /** The frame ended at `cycles`: its instruction's cycles so far are charged and the frame kept. */
  frameEnd(cycles: number): void {
    this.charge(cycles);
    this.cart[this.next] = Math.min(0xffff, this.frameCart);
    this.bios[this.next] = Math.min(0xffff, this.frameBios);
    this.next = (this.next + 1) % PROFILE_FRAMES;
    if (this.kept < PROFILE_FRAMES) this.kept++;
    this.frameCart = 0;
    this.frameBios = 0;
  }

  /** The frames kept, oldest first: cycles in the cartridge and in the BIOS. */
  frames(): { cart: number; bios: number }[] {
    const out: { cart: number; bios: number }[] = [];
    for (let i = 0; i < this.kept; i++) {
      const at = (this.next - this.kept + i + PROFILE_FRAMES) % PROFILE_FRAMES;
      out.push({ cart: this.cart[at], bios: this.bios[at] });
    }
    return out;
  }

  private charge(cycles: number): void {
    const spent = cycles - this.lastCycles;
    this.lastCycles = cycles;
    const pc = this.lastPc;
    if (pc < 0 || spent <= 0) return;
    this.byAddress[pc] += spent;
    if (pc >= 0x400) this.frameCart += spent;
    else this.frameBios += spent;
  }
}
