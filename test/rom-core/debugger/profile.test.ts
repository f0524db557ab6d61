/**
 * The cycle profile on the debugger test program: each frame's cycles add up to the frame, each
 * address gets its instructions' cycles, and counting changes nothing in the machine.
 */
import { describe, expect, it } from 'vitest';
import { MachineDebugger, PROFILE_FRAMES } from '../../../rom-core/debugger/index.ts';
import { loadProgram, symbol } from '../../harness/program.ts';
import { idleCart, machine } from '../machine/helpers.ts';

const program = loadProgram('debugger/actions');
const at = (label: string): number => symbol(program.result, label) as number;

describe('the cycle profile', () => {
  it("adds each frame's cycles up to the frame and charges each instruction its cycles", () => {
    const m = machine(program.cart);
    const d = new MachineDebugger(m);
    expect(d.engaged).toBe(false);
    d.setProfile(true);
    expect(d.engaged).toBe(true);
    m.runFrame(); // the first frame from power-on, not counted
    const start = m.cpu.cycles;
    for (let f = 0; f < 10; f++) expect(d.runFrame()).toBeUndefined();
    const frames = d.profile.frames();
    expect(frames).toHaveLength(10);
    // 5983.25 cycles a frame (NTSC): instructions end on either side of the frame's edge.
    for (const f of frames.slice(1)) expect(Math.abs(f.cart + f.bios - 5983)).toBeLessThanOrEqual(3);
    const total = d.profile.byAddress.reduce((n, c) => n + c, 0);
    expect(frames.reduce((n, f) => n + f.cart + f.bios, 0)).toBe(total);
    expect(total).toBeLessThanOrEqual(m.cpu.cycles - start);
    // DJNZ is 2 cycles and inner loops on it 5 times a call: its cycles are 2·5 per call of `inner`.
    const djnz = d.profile.byAddress[at('iloop')];
    const calls = d.profile.byAddress[at('inner')] / 2; // MOV R2,#5 is 2 cycles
    expect(calls).toBeGreaterThan(10);
    expect(djnz).toBe(calls * 10);
  });

  it('changes nothing in the machine, keeps the last frames, and starts empty when turned on again', () => {
    const plain = machine(program.cart);
    const m = machine(program.cart);
    const d = new MachineDebugger(m);
    d.setProfile(true);
    for (let f = 0; f < PROFILE_FRAMES + 5; f++) {
      plain.runFrame();
      d.runFrame();
    }
    expect(Array.from(m.saveState())).toEqual(Array.from(plain.saveState()));
    expect(d.profile.frames()).toHaveLength(PROFILE_FRAMES);
    d.setProfile(false);
    expect(d.engaged).toBe(false);
    d.setProfile(true);
    expect(d.profile.frames()).toHaveLength(0);
    expect(d.profile.byAddress.every((c) => c === 0)).toBe(true);
  });

  it('counts a jump to itself as waiting: a frame of nothing else is all wait', () => {
    const m = machine(idleCart());
    const d = new MachineDebugger(m);
    d.setProfile(true);
    for (let f = 0; f < 5; f++) d.runFrame();
    const frames = d.profile.frames();
    for (const f of frames.slice(1)) {
      expect(f.cart).toBeGreaterThan(5900);
      expect(f.wait).toBe(f.cart + f.bios);
    }
  });

  it("counts the spins of waits.a48's loops as waiting, and nothing else", () => {
    const waits = loadProgram('machine/waits');
    const m = machine(waits.cart);
    const d = new MachineDebugger(m);
    d.setProfile(true);
    for (let f = 0; f < 60; f++) d.runFrame();
    const frames = d.profile.frames();
    const wait = frames.reduce((n, f) => n + f.wait, 0);
    // The loops' instructions: each shape's first and (waitvsync's shape) second instruction.
    const loops = ['p1w', 'p2w', 'p3w', 'p3b', 'p4w'].map((l) => symbol(waits.result, l) as number);
    const spinsAt = [...loops, ...['p1w', 'p2w', 'p4w'].map((l) => (symbol(waits.result, l) as number) + 2)];
    const atLoops = spinsAt.reduce((n, a) => n + d.profile.byAddress[a], 0);
    // Every waiting cycle is at a loop; what the loops spent and was not a spin is their exits (a
    // branch taken out, 2 cycles, and the JMP run again after an interrupt), a few per interrupt.
    expect(wait).toBeLessThanOrEqual(atLoops);
    expect(wait).toBeGreaterThan(atLoops * 0.95);
    // Some frames wait for most of their time, none for all of it.
    expect(frames.some((f) => f.wait > (f.cart + f.bios) / 2)).toBe(true);
    expect(frames.every((f) => f.wait < f.cart + f.bios)).toBe(true);
  });
});
