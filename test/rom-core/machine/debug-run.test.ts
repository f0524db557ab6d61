/**
 * The debugger's runs inside a frame: runFrameDebug stopped by breakpoints, and stepInstruction
 * across frame ends, must leave the machine exactly where an unbroken runFrame leaves it (state
 * bytes, picture and sound), frame after frame. Run on our BIOS + battle cartridge (interrupts, bank
 * switches, VDC and sound all busy) and on the PAL vblank test program.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PcTrace } from '../../../rom-core/i8048/trace.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { assembleBios } from '../../../rom-core/roms/index.ts';
import { assembleBattleCart } from '../../../rom-core/roms/carts/index.ts';
import { firstDifference, idleCart, machine, testCart } from './helpers.ts';
import { bootMachine } from '../../harness/boot.ts';

const ROMS = new URL('../../../rom-core/roms/', import.meta.url).pathname;

function battleMachine(): Odyssey2 {
  const bios = assembleBios((p) => readFileSync(resolve(ROMS, p), 'utf8')).image;
  const cart = assembleBattleCart((p) => readFileSync(resolve(ROMS, 'carts', p), 'utf8')).image;
  return bootMachine(bios, cart);
}

/** Presses and releases keys on given frames so the cartridge leaves SELECT GAME and does things. */
function input(m: Odyssey2, frame: number): void {
  const script: Record<number, [string, boolean]> = {
    40: ['A', true],
    44: ['A', false],
    70: ['SPACE', true],
    74: ['SPACE', false],
    90: ['SPACE', true],
    94: ['SPACE', false],
    110: ['R', true],
    113: ['R', false],
  };
  const step = script[frame];
  if (step) m.setKey(step[0], step[1]);
}

interface Snapshot {
  state: Uint8Array;
  frame: Uint8Array;
  audio: Float32Array;
}

function snap(m: Odyssey2): Snapshot {
  return { state: m.saveState(), frame: m.frame.slice(), audio: m.audio.slice() };
}

function expectSame(a: Snapshot, b: Snapshot, where: string): void {
  expect(firstDifference(b.state, a.state), `state bytes ${where}`).toBe(-1);
  expect(firstDifference(b.frame, a.frame), `picture ${where}`).toBe(-1);
  expect(firstDifference(b.audio, a.audio), `sound ${where}`).toBe(-1);
}

function reference(make: () => Odyssey2, frames: number): Snapshot[] {
  const m = make();
  const out: Snapshot[] = [];
  for (let f = 0; f < frames; f++) {
    input(m, f);
    m.runFrame();
    out.push(snap(m));
  }
  return out;
}

const cases: [string, () => Odyssey2, number][] = [
  ['BIOS + battle cartridge (NTSC)', battleMachine, 130],
  ['vblank test program (PAL)', () => machine(testCart('vblank'), { pal: true }), 12],
];

describe('Odyssey2 debug runs', () => {
  for (const [name, make, frames] of cases) {
    describe(name, () => {
      const ref = reference(make, frames);

      it('a frame split by a breakpoint before every instruction ends as an unbroken run', () => {
        const m = make();
        const everywhere = new Uint8Array(4096).fill(1);
        let stops = 0;
        let afterInterruptEntry = 0;
        for (let f = 0; f < frames; f++) {
          input(m, f);
          // Every frame of the short program; a spread of the long one's (the rest run whole).
          if (frames > 20 && f % 6 !== 0) m.runFrame();
          else
            for (;;) {
              const r = m.runFrameDebug({ breakpoints: everywhere });
              if (r.reason === 'frame') break;
              expect(r.reason).toBe('breakpoint');
              expect(r.pc).toBe(m.cpu.pc);
              if (r.pc === 0x003 || r.pc === 0x007) afterInterruptEntry++;
              stops++;
            }
          expect(m.frameNumber).toBe(f + 1);
          expectSame(ref[f], snap(m), `after frame ${f + 1}`);
        }
        expect(stops).toBeGreaterThan(frames * 10);
        if (name.includes('battle')) expect(afterInterruptEntry).toBeGreaterThan(frames / 12);
      }, 60_000); // thousands of stops with a state compared per frame: about 3 s quiet, over 5 s on a loaded machine

      it('a few breakpoints, resumed by runFrame, runFrameDebug or a step, end as an unbroken run', () => {
        const m = make();
        // Addresses the program passes through: the interrupt vectors and a handful of others.
        const trace = make();
        const pcs = new PcTrace(4096);
        trace.cpu.runDebug(20_000, { trace: pcs });
        const picks = [...new Set(pcs.toArray())].filter((_, i) => i % 7 === 0).slice(0, 8);
        const breakpoints = new Set([0x003, ...picks]);
        let hits = 0;
        for (let f = 0; f < frames; f++) {
          input(m, f);
          const r = m.runFrameDebug({ breakpoints });
          if (r.reason === 'breakpoint') {
            hits++;
            expect(breakpoints.has(r.pc)).toBe(true);
            // Resume three ways in turn: the fast run, a debug run without breakpoints, a step first.
            if (f % 3 === 0) m.runFrame();
            else if (f % 3 === 1) expect(m.runFrameDebug().reason).toBe('frame');
            else {
              if (m.stepInstruction() === 'instruction') m.runFrame();
            }
          }
          expect(m.frameNumber).toBe(f + 1);
          expectSame(ref[f], snap(m), `after frame ${f + 1}`);
        }
        expect(hits).toBeGreaterThan(frames / 2);
      });

      it('stepping instruction by instruction across frame ends equals running', () => {
        const m = make();
        let steps = 0;
        for (let f = 0; f < frames; f++) {
          input(m, f);
          while (m.stepInstruction() === 'instruction') steps++;
          expect(m.frameNumber).toBe(f + 1);
          expectSame(ref[f], snap(m), `after frame ${f + 1}`);
        }
        expect(steps).toBeGreaterThan(frames * 100);
      });
    });
  }

  it('stops again at the very next instruction and on every pass of a loop', () => {
    const cart = idleCart();
    cart.set([0x00, 0x84, 0x00]); // 400h NOP; 401h JMP 400h
    const m = machine(cart);
    m.runFrame();
    const stops: number[] = [];
    let cycles = m.cpu.cycles;
    const used: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = m.runFrameDebug({ breakpoints: new Set([0x400, 0x401]) });
      stops.push(r.pc);
      used.push(m.cpu.cycles - cycles);
      cycles = m.cpu.cycles;
    }
    const first = stops[0];
    expect(first === 0x400 || first === 0x401).toBe(true);
    const other = first === 0x400 ? 0x401 : 0x400;
    expect(stops).toEqual([first, other, first, other, first, other]);
    // After the first stop each resume runs exactly the one instruction stopped at (NOP 1, JMP 2 cycles).
    for (let i = 1; i < 6; i++) expect(used[i]).toBe(stops[i - 1] === 0x400 ? 1 : 2);
    // One breakpoint on the loop: every pass (3 cycles) stops.
    for (let i = 0; i < 4; i++) {
      const c = m.cpu.cycles;
      expect(m.runFrameDebug({ breakpoints: new Uint8Array(4096).fill(1, 0x401, 0x402) }).pc).toBe(0x401);
      if (i > 0) expect(m.cpu.cycles - c).toBe(3);
    }
  });

  it('stops before the instruction at the breakpoint, not at the frame end', () => {
    const m = battleMachine();
    for (let f = 0; f < 30; f++) m.runFrame();
    const r = m.runFrameDebug({ breakpoints: new Set([0x003]) });
    expect(r).toEqual({ reason: 'breakpoint', pc: 0x003 });
    expect(m.frameNumber).toBe(30);
    expect(m.cpu.pc).toBe(0x003);
    expect(m.cpu.irqInProgress).toBe(true);
  });

  it('the first step after a breakpoint runs the one instruction stopped at, and shows the next', () => {
    const cart = idleCart();
    cart.set([0x00, 0x00, 0x00, 0x84, 0x00]); // 400h NOP; 401h NOP; 402h NOP; 403h JMP 400h
    const m = machine(cart);
    m.runFrame();
    expect(m.runFrameDebug({ breakpoints: new Set([0x401]) }).pc).toBe(0x401);
    const c = m.cpu.cycles;
    expect(m.stepInstruction()).toBe('instruction');
    expect(m.cpu.pc).toBe(0x402);
    expect(m.cpu.cycles - c).toBe(1);
    m.stepInstruction();
    expect(m.cpu.pc).toBe(0x403);
    expect(m.cpu.cycles - c).toBe(2);
  });
});
