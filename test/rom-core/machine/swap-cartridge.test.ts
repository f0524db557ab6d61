/**
 * Odyssey2.swapCartridge: a rebuilt program swapped into the running machine (the console's
 * "Restart on rebuild" off). The machine's state is kept, the next instruction comes from the new
 * bytes, and a swap that does not fit is refused with a sentence and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { idleCart, machine } from './helpers.ts';

/** A 2 KB cartridge whose 400h holds INC A, then JMP 400h. */
function incCart(size = 0x800): Uint8Array {
  const cart = new Uint8Array(size).fill(0xff);
  cart.set([0x17, 0x84, 0x00]);
  return cart;
}

describe('Odyssey2.swapCartridge', () => {
  it('keeps the CPU, RAM, VDC and time, and fetches the new bytes at the next instruction', () => {
    const m = machine(idleCart());
    for (let i = 0; i < 3; i++) m.runFrame();
    m.cpu.a = 0x42;
    m.eram[5] = 0x99;
    const before = { pc: m.cpu.pc, cycles: m.cpu.cycles, frame: m.frameNumber, dot: m.dot(), regs: m.vdc.regs.slice() };
    expect(before.pc).toBe(0x400);

    expect(m.swapCartridge(incCart())).toBeUndefined();

    expect(m.cpu.a).toBe(0x42);
    expect(m.eram[5]).toBe(0x99);
    expect({
      pc: m.cpu.pc,
      cycles: m.cpu.cycles,
      frame: m.frameNumber,
      dot: m.dot(),
      regs: m.vdc.regs.slice(),
    }).toEqual(before);
    expect(m.cpu.program[0x400]).toBe(0x17);
    m.stepInstruction();
    expect(m.cpu.a).toBe(0x43);
    expect(m.identity.cart.size).toBe(0x800);
  });

  it('keeps the bank selected: the new image is seen through the same bank', () => {
    const old = new Uint8Array(0x2000).fill(0x00);
    const m = machine(old);
    m.writePort(1, 0xfd); // bank 1 (P1 bits 0-1)
    const fresh = new Uint8Array(0x2000);
    for (let b = 0; b < 4; b++) fresh.fill(0x10 + b, b * 0x800, (b + 1) * 0x800);
    expect(m.swapCartridge(fresh)).toBeUndefined();
    expect(m.cart.bankIndex()).toBe(1);
    expect(m.cpu.program[0x400]).toBe(0x11);
  });

  it('refuses an image of another size, saying why, and changes nothing', () => {
    const m = machine(idleCart());
    m.runFrame();
    const state = m.saveState();
    const program = m.cpu.program;
    const why = m.swapCartridge(incCart(0x1000));
    expect(why).toMatch(/4096 bytes.*2048.*same size/);
    expect(m.cpu.program).toBe(program);
    expect(m.cart.rom).toEqual(idleCart());
    expect(m.saveState()).toEqual(state);
  });

  it('refuses another mapper, saying why, and changes nothing', () => {
    const m = machine(idleCart());
    const state = m.saveState();
    expect(m.swapCartridge(incCart(), 'rally')).toMatch(/rally mapper.*standard mapper.*restart/);
    expect(m.saveState()).toEqual(state);
  });

  it('renews the state identity: a state of the new image loads, one of the old image is refused', () => {
    const m = machine(idleCart());
    m.runFrame();
    const oldState = m.saveState();
    expect(m.swapCartridge(incCart())).toBeUndefined();
    const newState = m.saveState();
    expect(() => m.loadState(oldState)).toThrow(/different BIOS or cartridge/);
    m.runFrame();
    m.loadState(newState);
    expect(m.saveState()).toEqual(newState);
  });
});
