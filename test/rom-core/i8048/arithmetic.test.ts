import { describe, expect, it } from 'vitest';
import { rig, runTo } from './helpers.ts';

const CY = 0x80;
const AC = 0x40;

/** MOV A,#x; ADD(C) A,#y; [DA A] starting from a given PSW; returns A and the CY/AC bits. */
function arith(x: number, y: number, opts: { addc?: boolean; da?: boolean; psw?: number } = {}) {
  const code = [0x23, x, opts.addc ? 0x13 : 0x03, y];
  if (opts.da) code.push(0x57);
  const { cpu } = rig([[0, code]]);
  cpu.psw = opts.psw ?? 0;
  runTo(cpu, code.length);
  return { a: cpu.a, cy: (cpu.psw & CY) !== 0, ac: (cpu.psw & AC) !== 0 };
}

describe('ADD / ADDC flags', () => {
  it.each([
    // x, y, addc, carry in, A, CY, AC
    [0x0f, 0x01, false, 0, 0x10, false, true],
    [0xf0, 0x10, false, 0, 0x00, true, false],
    [0x88, 0x88, false, 0, 0x10, true, true],
    [0x12, 0x34, false, CY | AC, 0x46, false, false], // ADD ignores and clears an old CY/AC
    [0xff, 0x00, true, CY, 0x00, true, true],
    [0x0e, 0x01, true, CY, 0x10, false, true],
    [0x7f, 0x7f, true, 0, 0xfe, false, true],
  ])('%s + %s (ADDC %s, PSW %s) = %s CY=%s AC=%s', (x, y, addc, psw, a, cy, ac) => {
    expect(arith(x, y, { addc, psw })).toEqual({ a, cy, ac });
  });
});

describe('DA A (MAME and the T48 vectors)', () => {
  it('18h + 89h -> 07h with CY', () => {
    expect(arith(0x18, 0x89, { da: true })).toMatchObject({ a: 0x07, cy: true });
  });
  it('9Bh alone -> 01h with CY', () => {
    const { cpu } = rig([[0, [0x23, 0x9b, 0x57]]]);
    cpu.psw = 0;
    runTo(cpu, 3);
    expect([cpu.a, cpu.psw & CY]).toEqual([0x01, CY]);
  });
  it('29h + 19h = 42h with AC -> 48h, no CY', () => {
    expect(arith(0x29, 0x19)).toEqual({ a: 0x42, cy: false, ac: true });
    expect(arith(0x29, 0x19, { da: true })).toEqual({ a: 0x48, cy: false, ac: true });
  });
  it('67h + 59h = C0h with AC -> 26h with CY', () => {
    expect(arith(0x67, 0x59)).toEqual({ a: 0xc0, cy: false, ac: true });
    expect(arith(0x67, 0x59, { da: true })).toMatchObject({ a: 0x26, cy: true });
  });
  it('EEh + C5h = B3h with CY and AC -> 19h with CY', () => {
    expect(arith(0xee, 0xc5)).toEqual({ a: 0xb3, cy: true, ac: true });
    expect(arith(0xee, 0xc5, { da: true })).toMatchObject({ a: 0x19, cy: true });
  });
  it('never clears CY and leaves AC alone', () => {
    const { cpu } = rig([[0, [0x23, 0x12, 0x57]]]);
    cpu.psw = CY | AC;
    runTo(cpu, 3);
    expect(cpu.a).toBe(0x78); // both adjustments applied because AC and CY were set
    expect(cpu.psw & (CY | AC)).toBe(CY | AC);
  });
  it('sets CY when +06h leaves the high nibble at 0 (MAME), e.g. F8h+08h', () => {
    expect(arith(0xf8, 0x08, { da: true })).toMatchObject({ a: 0x66, cy: true });
  });
});

describe('PSW and data memory', () => {
  it('MOV A,PSW reads bit 3 as 1; MOV PSW,A does not store it', () => {
    const { cpu } = rig([[0, [0xc7, 0xaa, 0x23, 0xff, 0xd7, 0xc7]]]);
    cpu.psw = 0;
    runTo(cpu, 1);
    expect(cpu.a).toBe(0x08);
    runTo(cpu, 6);
    expect(cpu.psw).toBe(0xf7);
    expect(cpu.a).toBe(0xff);
    expect(cpu.sp).toBe(7);
  });

  it('MOV PSW,A selects the register bank from bit 4', () => {
    const { cpu } = rig([[0, [0x23, 0x10, 0xd7, 0xf8]]]);
    cpu.ram[0] = 0x11;
    cpu.ram[24] = 0x22;
    runTo(cpu, 4);
    expect(cpu.a).toBe(0x22);
  });

  it('@R0 and @R1 use only the low 6 bits of the register', () => {
    // MOV R0,#C5h; MOV A,#99h; MOV @R0,A; MOV R1,#45h; MOV A,@R1
    const { cpu } = rig([[0, [0xb8, 0xc5, 0x23, 0x99, 0xa0, 0xb9, 0x45, 0xf1]]]);
    runTo(cpu, 8);
    expect(cpu.ram[0x05]).toBe(0x99);
    expect(cpu.a).toBe(0x99);
  });

  it('register bank 1 is RAM 24-31 and bank 0 is RAM 0-7', () => {
    // SEL RB1; MOV R7,#77h; SEL RB0; MOV R7,#70h
    const { cpu } = rig([[0, [0xd5, 0xbf, 0x77, 0xc5, 0xbf, 0x70]]]);
    runTo(cpu, 6);
    expect([cpu.ram[31], cpu.ram[7]]).toEqual([0x77, 0x70]);
  });

  it('XCHD swaps only the low nibbles', () => {
    // MOV R0,#20h; MOV @R0,#ABh; MOV A,#12h; XCHD A,@R0
    const { cpu } = rig([[0, [0xb8, 0x20, 0xb0, 0xab, 0x23, 0x12, 0x30]]]);
    runTo(cpu, 7);
    expect([cpu.a, cpu.ram[0x20]]).toEqual([0x1b, 0xa2]);
  });
});
