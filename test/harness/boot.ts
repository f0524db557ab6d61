/**
 * The tests' one way to start a machine: a bare 8048 on test pins (`bootCpu`), or the whole
 * console (`bootMachine`) and an input script played into it (`playScript`). The per-suite
 * helpers (harness/run.ts `boot`, i8048 `rig`, roms `makeRig`, machine `machine`, carts
 * `runScript`) are thin wrappers over these, each keeping its own program and pins.
 */
import { parseInputScript } from '../../rom-core/cli/run.ts';
import { I8048 } from '../../rom-core/i8048/cpu.ts';
import type { I8048Pins } from '../../rom-core/i8048/pins.ts';
import { Odyssey2 } from '../../rom-core/machine/index.ts';
import type { Odyssey2Options } from '../../rom-core/machine/index.ts';
import type { InputEvent } from '../../rom-core/machine/input-script.ts';

/** The 8048's 4 KB program space filled with `fill`, each chunk's bytes placed at its address. */
export function programSpace(chunks: Iterable<[address: number, bytes: ArrayLike<number>]> = [], fill = 0): Uint8Array {
  const program = new Uint8Array(0x1000).fill(fill);
  for (const [address, bytes] of chunks) program.set(bytes, address);
  return program;
}

export interface BootedCpu<P extends I8048Pins> {
  cpu: I8048;
  pins: P;
}

/**
 * A bare 8048 on `pins` running `program` from reset, or from `start.pc` with `start.psw`.
 * Pins that log writes with a `clock` (RecordingPins) are given the CPU's cycle count.
 */
export function bootCpu<P extends I8048Pins>(
  pins: P,
  program: Uint8Array,
  start: { pc?: number; psw?: number } = {},
): BootedCpu<P> {
  const cpu = new I8048(pins, program);
  if ('clock' in pins) (pins as { clock: () => number }).clock = () => cpu.cycles;
  if (start.pc !== undefined) cpu.pc = start.pc;
  if (start.psw !== undefined) cpu.psw = start.psw;
  return { cpu, pins };
}

/** The whole console: a BIOS image, a cartridge image, anything else Odyssey2 takes. */
export function bootMachine(bios: Uint8Array, cart: Uint8Array, options: Partial<Odyssey2Options> = {}): Odyssey2 {
  return new Odyssey2({ bios, cart, ...options });
}

export interface PlayHooks {
  /** After the frame's keys are set, before it runs. */
  before?: (frame: number) => void;
  /** After the frame has run. */
  after?: (frame: number) => void;
}

/**
 * Runs frames 1..`frames` of an input script (the runner's format, or its parsed events in frame
 * order): before each frame runs, the events of that frame press or release their keys.
 */
export function playScript(
  machine: Pick<Odyssey2, 'setKey' | 'runFrame'>,
  script: string | readonly InputEvent[],
  frames: number,
  hooks: PlayHooks = {},
): void {
  const events = typeof script === 'string' ? parseInputScript(script) : script;
  let next = 0;
  for (let f = 1; f <= frames; f++) {
    while (next < events.length && events[next].frame === f) {
      machine.setKey(events[next].key, events[next].down);
      next++;
    }
    hooks.before?.(f);
    machine.runFrame();
    hooks.after?.(f);
  }
}
