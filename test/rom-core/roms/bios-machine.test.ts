/** Our BIOS on the whole console (rom-core/machine) with a tiny test cartridge. */
import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';
import type { Odyssey2 } from '../../../rom-core/machine/index.ts';
import { KEY_MATRIX } from '../../../rom-core/machine/index.ts';
import { bios } from './harness.ts';
import { TEST_CART } from './test-cart.ts';
import { bootMachine } from '../../harness/boot.ts';

function boot(): Odyssey2 {
  const cart = assemble(TEST_CART, { fileName: 'cart.a48' });
  expect(cart.diagnostics).toEqual([]);
  expect(cart.bytes.length).toBe(0x800);
  return bootMachine(bios().image, cart.bytes);
}

const glyphOf = (regs: Uint8Array, char: number): number => {
  const base = 0x10 + 4 * char;
  const pointer = ((regs[base + 3] & 1) << 8) | regs[base + 2];
  return ((pointer + (regs[base] >> 1)) >> 3) & 0x3f;
};

describe('our BIOS on the Odyssey2 machine', () => {
  it('boots to SELECT GAME, hands a key to 408h, runs the VBLANK chain at 60 frames a second', () => {
    const o2 = boot();
    for (let i = 0; i < 20; i++) o2.runFrame();
    const text = Array.from({ length: 11 }, (_, i) => glyphOf(o2.vdc.regs, i));
    expect(text).toEqual([0x19, 0x12, 0x0e, 0x12, 0x23, 0x14, 0x0c, 0x1c, 0x20, 0x26, 0x12]); // SELECT GAME
    expect(o2.vdc.regs[0xa0] & 0x28).toBe(0x28);
    expect(o2.cpu.pc).toBeLessThan(0x40c); // in the BIOS or the header vectors, not yet in the game

    o2.setKey('3', true);
    for (let i = 0; i < 5; i++) o2.runFrame();
    o2.setKey('3', false);
    expect(o2.cpu.ram[0x20]).toBe(0x03);
    expect(o2.vdc.regs[0xa3]).toBe(0x2a); // the copy table was applied
    expect(o2.cpu.ram[0x3f] & 0x80).toBe(0);
    expect(o2.vdc.regs[0x10]).toBe(0xf8); // text cleared for the game

    const counts: number[] = [];
    const seconds = o2.eram[2];
    for (let i = 0; i < 120; i++) {
      o2.runFrame();
      counts.push(o2.cpu.ram[0x3e] & 0x3f);
    }
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBe((counts[i - 1] + 1) % 60);
    expect(o2.eram[2]).toBe(seconds + 2);
    expect(o2.cpu.ram[0x3e] & 0xc0).toBe(0x40);
  });

  it('waitforkey returns the row*8+bit code of the machine keyboard for every key', () => {
    const o2 = boot();
    for (let i = 0; i < 10; i++) o2.runFrame();
    o2.setKey('ENTER', true);
    for (let i = 0; i < 4; i++) o2.runFrame();
    o2.setKey('ENTER', false);
    for (const [name, code] of Object.entries(KEY_MATRIX)) {
      o2.cpu.ram[0x21] = 0xee;
      o2.setKey(name, true);
      for (let i = 0; i < 3; i++) o2.runFrame();
      o2.setKey(name, false);
      for (let i = 0; i < 3; i++) o2.runFrame();
      expect([name, o2.cpu.ram[0x21]]).toEqual([name, code]);
    }
  });

  it('bank02 and bank3 switch a 4 KB cartridge between its banks and enter each at 408h', () => {
    // Bank 1 (file 800h-FFFh) runs first: marks 22h, goes to bank 0 through bank02; bank 0 marks 23h
    // and comes back through bank3 to bank 1's 408h, which marks 24h.
    const bank1 = assemble(`
        org 400h
        jmp 410h
        org 408h
        mov r0,#24h
        mov @r0,#0B2h
        jmp $
        org 410h
        mov r0,#22h
        mov @r0,#0B1h
        jmp 037Fh               ; bank02
        org 0BFFh
        db 0FFh
`);
    const bank0 = assemble(`
        org 408h
        mov r0,#23h
        mov @r0,#0B0h
        jmp 038Bh               ; bank3
        org 0BFFh
        db 0FFh
`);
    expect([bank0.diagnostics, bank1.diagnostics]).toEqual([[], []]);
    const cart = new Uint8Array(0x1000).fill(0xff);
    cart.set(bank0.bytes.subarray(0x408 - bank0.base), 0x008);
    cart.set(bank1.bytes, 0x800);
    const o2 = bootMachine(bios().image, cart);
    o2.runFrame();
    expect([o2.cpu.ram[0x22], o2.cpu.ram[0x23], o2.cpu.ram[0x24]]).toEqual([0xb1, 0xb0, 0xb2]);
    expect(o2.cpu.p1 & 3).toBe(3);
  });

  it('after waitvsync an 8-cycle loop counts 34h (NTSC) / D6h (PAL) while T1 is high, as real consoles do', () => {
    // docs/hardware.md §0: the count measures the rest of VBLANK after the BIOS interrupt path. The
    // padding moves the phase of waitvsync's loop against the interrupt; with a 4-cycle shorter
    // interrupt path a third of the phases count one more. With a tune playing, the frames between
    // tune steps take the same time.
    const cartFor = (pad: number, tune: boolean): Uint8Array => {
      const cart = assemble(`
        org 400h
        jmp begin
        jmp 0009h               ; irq
        retr
        nop
        jmp 001Ah               ; vsyncirq
        jmp begin
        jmp 0044h               ; soundirq
begin:  call 00F1h              ; init (ends in gfxon: RB1, EN I)
        ${tune ? 'mov a,#3Ch\n        call 01A2h' : ''}
        call 0176h              ; waitvsync
        mov r2,#${pad + 1}
-:      djnz r2,-
        ${'nop\n        '.repeat(pad % 3)}
        call 0176h
        clr a
count:  inc a
        jz done
        nop
        nop
        nop
        jt1 count
done:   mov r0,#20h
        mov @r0,a
        jmp $
        org 0BFFh
        db 0FFh
`);
      expect(cart.diagnostics).toEqual([]);
      return cart.bytes;
    };
    for (let pad = 0; pad < 24; pad++) {
      for (const tune of [false, true]) {
        for (const [pal, expected] of [
          [false, 0x34],
          [true, 0xd6],
        ] as const) {
          const o2 = bootMachine(bios().image, cartFor(pad, tune), { pal });
          for (let i = 0; i < 5; i++) o2.runFrame();
          if (tune) expect(o2.cpu.ram[0x3f] & 0x40).toBe(0x40); // the alarm still plays: a tune step was waiting
          expect([pad, tune, pal, o2.cpu.ram[0x20]]).toEqual([pad, tune, pal, expected]);
        }
      }
    }
  });
});
