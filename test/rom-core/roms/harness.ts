/**
 * Calls one BIOS routine on our 8048 core: the BIOS at 000h, a test cartridge at 400h whose header
 * routes the interrupts into the BIOS chain as real cartridges do (402h irq, 406h vsyncirq,
 * 40Ah soundirq) and whose 410h holds `CALL routine` then `JMP $`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { I8048 } from '../../../rom-core/i8048/cpu.ts';
import { assembleBios } from '../../../rom-core/roms/index.ts';
import type { AssembledBios } from '../../../rom-core/roms/index.ts';
import { bootCpu, programSpace } from '../../harness/boot.ts';
import { BiosTestPins } from './bios-pins.ts';

const ROMS_DIR = fileURLToPath(new URL('../../../rom-core/roms/', import.meta.url));

export const readRomsFile = (path: string): string => readFileSync(ROMS_DIR + path, 'utf8');

let cached: AssembledBios | undefined;
export function bios(): AssembledBios {
  cached ??= assembleBios(readRomsFile);
  return cached;
}

export const CALL_SITE = 0x410;
export const DONE = 0x412;
export const CART_START = 0x408;
/** NTSC machine cycles per frame (docs/hardware.md §0), rounded. */
export const FRAME_CYCLES = 5983;

function jmp(program: Uint8Array, at: number, target: number): void {
  program[at] = 0x04 | (((target >> 8) & 7) << 5);
  program[at + 1] = target & 0xff;
}

/** BIOS + test cartridge header; `routine` is called from 410h. */
export function makeProgram(routine: number): Uint8Array {
  const program = programSpace([[0, bios().image]], 0xff);
  jmp(program, 0x400, CALL_SITE);
  jmp(program, 0x402, 0x009);
  jmp(program, 0x404, 0x404);
  jmp(program, 0x406, 0x01a);
  jmp(program, 0x408, 0x408);
  jmp(program, 0x40a, 0x044);
  program[CALL_SITE] = 0x14 | (((routine >> 8) & 7) << 5);
  program[CALL_SITE + 1] = routine & 0xff;
  jmp(program, DONE, DONE);
  return program;
}

export interface Rig {
  cpu: I8048;
  pins: BiosTestPins;
  /** Frames whose VBLANK was raised so far. */
  frames: number;
}

export function makeRig(routine: number): Rig {
  // Games run in RB1.
  const { cpu, pins } = bootCpu(new BiosTestPins(), makeProgram(routine), { pc: CALL_SITE, psw: 0x10 });
  return { cpu, pins, frames: 0 };
}

/** Address of a BIOS symbol (entry points and internal labels). */
export function sym(name: string): number {
  const value = bios().symbols.get(name);
  if (value === undefined) throw new Error(`no BIOS symbol ${name}`);
  return value;
}

/**
 * Runs until PC reaches `stop` (default: back at the call site's JMP $), raising the VBLANK
 * interrupt every FRAME_CYCLES if `vblank` is set. Throws if it takes longer than `maxCycles`.
 */
export function runUntil(rig: Rig, options: { stop?: number; vblank?: boolean; maxCycles?: number } = {}): number {
  const stop = options.stop ?? DONE;
  const max = options.maxCycles ?? 200_000;
  const start = rig.cpu.cycles;
  let nextFrame = start + FRAME_CYCLES;
  while (rig.cpu.pc !== stop) {
    rig.cpu.step();
    if (options.vblank && rig.cpu.cycles >= nextFrame) {
      rig.pins.raiseVblank();
      rig.frames++;
      nextFrame += FRAME_CYCLES;
    }
    if (rig.cpu.cycles - start > max) {
      throw new Error(
        `routine did not reach ${stop.toString(16)}h within ${max} cycles (PC ${rig.cpu.pc.toString(16)}h)`,
      );
    }
  }
  return rig.cpu.cycles - start;
}

/** Calls `routine` with RB1 registers and A set, runs it to completion, returns the rig. */
export function call(
  routine: number,
  setup: { a?: number; regs?: Partial<Record<number, number>>; prepare?: (rig: Rig) => void; vblank?: boolean } = {},
): Rig {
  const rig = makeRig(routine);
  if (setup.a !== undefined) rig.cpu.a = setup.a;
  for (const [n, v] of Object.entries(setup.regs ?? {})) rig.cpu.setReg(Number(n), v ?? 0);
  setup.prepare?.(rig);
  runUntil(rig, { vblank: setup.vblank });
  return rig;
}

/** Expected character-ROM pointer bytes for a character at y showing glyph c (§3.5). */
export function charBytes(y: number, c: number, colour: number): [number, number] {
  const p = (8 * (c & 0x3f) - ((y & 0xfe) >> 1) + 512) & 0x1ff;
  return [p & 0xff, (colour & 0x0e) | (p >> 8)];
}

/**
 * Runs whatever the CPU is doing for `frames` frames, raising VBLANK every FRAME_CYCLES (the
 * first one FRAME_CYCLES from now) and stopping just before the next one would be raised.
 */
export function runFrames(rig: Rig, frames: number): void {
  for (let f = 0; f < frames; f++) {
    const end = rig.cpu.cycles + FRAME_CYCLES;
    if (f > 0 || rig.frames > 0) {
      rig.pins.raiseVblank();
    }
    rig.frames++;
    while (rig.cpu.cycles < end) rig.cpu.step();
  }
}

/** Parks the CPU at the JMP $ after the call site with interrupts enabled, in RB1. */
export function idleAtDone(rig: Rig): void {
  rig.cpu.pc = DONE;
  rig.cpu.intEnabled = true;
}

/** Parks the CPU (idleAtDone), then `frames` frames each opening with a VBLANK interrupt. */
export function idleFrames(rig: Rig, frames: number): void {
  idleAtDone(rig);
  for (let f = 0; f < frames; f++) {
    rig.pins.raiseVblank();
    const end = rig.cpu.cycles + FRAME_CYCLES;
    while (rig.cpu.cycles < end) rig.cpu.step();
    rig.frames++;
  }
}

/** Sets port 1 as the CPU latches it and as the pins read it back. */
export function setP1(rig: Rig, value: number): void {
  rig.cpu.p1 = value;
  rig.pins.p1 = value;
}
