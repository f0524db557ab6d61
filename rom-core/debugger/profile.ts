/**
 * A cycle profile (issue 23): the machine cycles spent at each program address, and each frame's
 * cycles in the cartridge (400h-FFFh) and in the BIOS (000h-3FFh), of the ~5983 of an NTSC frame.
 * The debugger calls `boundary` at every instruction boundary and `frameEnd` when a frame ends; the
 * cycles since the last boundary go to the instruction that ran there (an interrupt's 2-cycle entry,
 * taken between two instructions, goes to the one before it). Cycles spent spinning in a wait loop
 * (rom-core/i8048/wait-loop.ts: the BIOS's waitvsync, a program's own `JMP $`) are also counted as
 * waiting, so a frame's busy cycles are its cycles less those. Typed arrays only: nothing is
 * allocated per instruction or per frame.
 */
import { waitLoopAt } from '../i8048/wait-loop.ts';

/** What the profile reads of the CPU at a boundary to tell a wait loop's spin. */
export interface ProfiledCpu {
  readonly program: Uint8Array;
  readonly pc: number;
  readonly cycles: number;
  readonly mbf: number;
  readonly a: number;
  readonly psw: number;
  readonly f1: boolean;
  readonly irqInProgress: boolean;
}

/** Frames whose cycles are kept (two seconds of NTSC). */
export const PROFILE_FRAMES = 120;

export class CycleProfile {
  /** Cycles spent at each program address since the profile was cleared. */
  readonly byAddress = new Float64Array(4096);
  /** The last frames' cycles in the cartridge and in the BIOS, a ring of PROFILE_FRAMES. */
  private readonly cart = new Uint16Array(PROFILE_FRAMES);
  private readonly bios = new Uint16Array(PROFILE_FRAMES);
  private readonly wait = new Uint16Array(PROFILE_FRAMES);
  private next = 0;
  private kept = 0;
  private frameCart = 0;
  private frameBios = 0;
  private frameWait = 0;
  private lastPc = -1;
  private lastCycles = 0;
  /** The instruction last started is a wait loop's spin. */
  private lastSpins = false;
  /** The address of the last instruction of the wait loop being spun (-1: none). */
  private spinEnd = -1;

  clear(): void {
    this.byAddress.fill(0);
    this.next = 0;
    this.kept = 0;
    this.frameCart = 0;
    this.frameBios = 0;
    this.frameWait = 0;
    this.lastPc = -1;
    this.lastSpins = false;
    this.spinEnd = -1;
  }

  /** The CPU is about to run the instruction at its PC. */
  boundary(cpu: ProfiledCpu): void {
    const pc = cpu.pc;
    this.charge(cpu.cycles);
    this.lastPc = pc;
    // A pass of a wait loop spins from its first instruction through its last (the same one for a jump to itself).
    const loop = waitLoopAt(cpu.program, pc, cpu.irqInProgress ? 0 : cpu.mbf, cpu.a, cpu.psw, cpu.f1);
    if (loop !== 0 && !cpu.irqInProgress) {
      this.lastSpins = true;
      this.spinEnd = loop >>> 16;
    } else {
      this.lastSpins = pc === this.spinEnd;
      this.spinEnd = -1;
    }
  }

  /** The frame ended at `cycles`: its instruction's cycles so far are charged and the frame kept. */
  frameEnd(cycles: number): void {
    this.charge(cycles);
    this.cart[this.next] = Math.min(0xffff, this.frameCart);
    this.bios[this.next] = Math.min(0xffff, this.frameBios);
    this.wait[this.next] = Math.min(0xffff, this.frameWait);
    this.next = (this.next + 1) % PROFILE_FRAMES;
    if (this.kept < PROFILE_FRAMES) this.kept++;
    this.frameCart = 0;
    this.frameBios = 0;
    this.frameWait = 0;
  }

  /** The frames kept, oldest first: cycles in the cartridge and in the BIOS, and of those, spinning in a wait loop. */
  frames(): { cart: number; bios: number; wait: number }[] {
    const out: { cart: number; bios: number; wait: number }[] = [];
    for (let i = 0; i < this.kept; i++) {
      const at = (this.next - this.kept + i + PROFILE_FRAMES) % PROFILE_FRAMES;
      out.push({ cart: this.cart[at], bios: this.bios[at], wait: this.wait[at] });
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
    if (this.lastSpins) this.frameWait += spent;
  }
}
