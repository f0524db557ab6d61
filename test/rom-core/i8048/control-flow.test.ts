import { describe, expect, it } from 'vitest';
import { rig, runTo } from './helpers.ts';

describe('stack', () => {
  it('wraps after 8 levels: the 9th CALL overwrites slot 0 and SP wraps', () => {
    // CALL chain 000h -> 010h -> ... -> 090h (9 calls); RET at 090h and at 082h.
    const chunks: [number, number[]][] = [];
    for (let i = 0; i < 9; i++) chunks.push([i * 0x10, [0x14, (i + 1) * 0x10]]);
    chunks.push([0x90, [0x83]], [0x82, [0x83]]);
    const { cpu } = rig(chunks);
    runTo(cpu, 0x90);
    expect(cpu.sp).toBe(1);
    expect([cpu.ram[8], cpu.ram[9] & 0x0f]).toEqual([0x82, 0]); // slot 0 now holds the 9th return
    expect([cpu.ram[10], cpu.ram[11] & 0x0f]).toEqual([0x12, 0]); // slot 1 still the 2nd call's
    cpu.step(); // RET
    expect([cpu.pc, cpu.sp]).toEqual([0x82, 0]);
    cpu.step(); // RET from slot 7
    expect([cpu.pc, cpu.sp]).toEqual([0x72, 7]);
  });

  it('CALL pushes the PSW high nibble; RET keeps the current one', () => {
    // CPL C; CALL 010h; MOV A,R0 | 010h: CLR C; SEL RB1; RET
    const { cpu } = rig([
      [0, [0xa7, 0x14, 0x10, 0xf8]],
      [0x10, [0x97, 0xd5, 0x83]],
    ]);
    cpu.ram[0] = 0x11;
    cpu.ram[24] = 0x22;
    runTo(cpu, 4);
    expect(cpu.ram[9] & 0xf0).toBe(0x80); // CY pushed
    expect(cpu.psw & 0x90).toBe(0x10); // CY still clear, bank 1 still selected
    expect(cpu.a).toBe(0x22);
  });

  it('RETR restores CY AC F0 BS and re-selects the register bank', () => {
    const { cpu } = rig([
      [0, [0xa7, 0x95, 0x14, 0x10, 0xf8]],
      [0x10, [0x97, 0x85, 0xd5, 0x93]],
    ]);
    cpu.ram[0] = 0x11;
    cpu.ram[24] = 0x22;
    runTo(cpu, 5);
    expect(cpu.psw & 0xf0).toBe(0xa0); // CY and F0 back, BS back to 0
    expect(cpu.a).toBe(0x11);
    expect(cpu.sp).toBe(0);
  });
});

describe('MB0/MB1 and A11', () => {
  it('SEL MB1 takes effect at the next JMP or CALL only; RET restores bit 11', () => {
    const { cpu } = rig([
      [0x000, [0xf5, 0x27, 0xc6, 0x10]], // SEL MB1; CLR A; JZ 10h
      [0x010, [0x04, 0x50]], //             JMP 050h -> 850h
      [0x850, [0x14, 0x60, 0x04, 0x70]], // CALL 060h -> 860h; JMP 070h
      [0x860, [0xe5, 0x83]], //             SEL MB0; RET -> 852h
    ]);
    cpu.step();
    cpu.step();
    expect(cpu.pc).toBe(0x002); // sequential code stays in the low half
    cpu.step();
    expect(cpu.pc).toBe(0x010); // a conditional jump does not load bit 11
    cpu.step();
    expect(cpu.pc).toBe(0x850);
    cpu.step();
    expect(cpu.pc).toBe(0x860);
    cpu.step();
    cpu.step();
    expect(cpu.pc).toBe(0x852); // from the stack, whatever MBF says
    cpu.step();
    expect(cpu.pc).toBe(0x070); // MBF is 0 again
  });

  it('forces A11 to 0 for JMP/CALL inside an interrupt routine, until RETR', () => {
    const { cpu, pins } = rig([
      [0x000, [0xf5, 0x05, 0x04, 0x00]], // SEL MB1; EN I; JMP 000h -> 800h
      [0x003, [0x04, 0x40]], //             vector: JMP 040h (stays 040h)
      [0x040, [0x14, 0x60, 0x93]], //       CALL 060h (stays 060h); RETR
      [0x060, [0xf5, 0x83]], //             SEL MB1; RET
      [0x800, [0x04, 0x00]], //             JMP 000h -> 800h
    ]);
    runTo(cpu, 0x800);
    pins.int = 1;
    expect(cpu.step()).toBe(2 + 2); // entry + JMP 040h
    expect(cpu.pc).toBe(0x040);
    expect(cpu.ram[8] | ((cpu.ram[9] & 0x0f) << 8)).toBe(0x800);
    cpu.step();
    expect(cpu.pc).toBe(0x060);
    cpu.step();
    cpu.step();
    expect(cpu.pc).toBe(0x042);
    pins.int = 0;
    cpu.step(); // RETR
    expect([cpu.pc, cpu.irqInProgress]).toEqual([0x800, false]);
    cpu.step();
    expect(cpu.pc).toBe(0x800); // MBF=1 counts again
  });
});

describe('pages and the 2 KB wrap', () => {
  it('a conditional jump at xFEh stays in its page', () => {
    const { cpu } = rig([[0x1fe, [0xc6, 0x33]]]); // JZ 33h with A=0
    cpu.a = 0;
    cpu.pc = 0x1fe;
    cpu.step();
    expect(cpu.pc).toBe(0x133);
  });

  it('a conditional jump at xFFh jumps into the next page (the page of its operand)', () => {
    const { cpu } = rig([[0x1ff, [0xc6, 0x33]]]);
    cpu.a = 0;
    cpu.pc = 0x1ff;
    cpu.step();
    expect(cpu.pc).toBe(0x233);
  });

  it('a conditional jump not taken at xFFh continues after the operand', () => {
    const { cpu } = rig([[0x1ff, [0x96, 0x33]]]); // JNZ with A=0
    cpu.a = 0;
    cpu.pc = 0x1ff;
    expect(cpu.step()).toBe(2);
    expect(cpu.pc).toBe(0x201);
  });

  it('the PC increments inside the 2 KB half, keeping bit 11', () => {
    const { cpu } = rig([
      [0x7ff, [0x00]],
      [0xfff, [0x00]],
    ]);
    cpu.pc = 0x7ff;
    cpu.step();
    expect(cpu.pc).toBe(0x000);
    cpu.pc = 0xfff;
    cpu.step();
    expect(cpu.pc).toBe(0x800);
  });

  it('a conditional jump at 7FFh takes its operand from 000h and jumps into page 0', () => {
    const { cpu } = rig([
      [0x7ff, [0xc6]],
      [0x000, [0x44]],
    ]);
    cpu.a = 0;
    cpu.pc = 0x7ff;
    cpu.step();
    expect(cpu.pc).toBe(0x044);
  });

  it('JMPP @A at xFFh reads and jumps within the next page', () => {
    const { cpu } = rig([
      [0x2ff, [0xb3]],
      [0x305, [0x80]],
      [0x205, [0x10]],
    ]);
    cpu.a = 0x05;
    cpu.pc = 0x2ff;
    expect(cpu.step()).toBe(2);
    expect(cpu.pc).toBe(0x380);
  });

  it('JMPP @A keeps PC bit 11', () => {
    const { cpu } = rig([
      [0x920, [0xb3]],
      [0x905, [0x66]],
    ]);
    cpu.a = 0x05;
    cpu.pc = 0x920;
    cpu.step();
    expect(cpu.pc).toBe(0x966);
  });

  it('MOVP A,@A at xFFh reads from the next page', () => {
    const { cpu } = rig([
      [0x4ff, [0xa3]],
      [0x507, [0x5e]],
      [0x407, [0x4e]],
    ]);
    cpu.a = 0x07;
    cpu.pc = 0x4ff;
    cpu.step();
    expect([cpu.a, cpu.pc]).toEqual([0x5e, 0x500]);
  });

  it('MOVP3 reads page 3 of the low half from anywhere, whatever MBF says', () => {
    const { cpu } = rig([
      [0xa40, [0xe3]],
      [0x3c0, [0x3c]],
      [0xbc0, [0xbc]],
      [0xac0, [0xac]],
    ]);
    cpu.a = 0xc0;
    cpu.mbf = 1;
    cpu.pc = 0xa40;
    cpu.step();
    expect(cpu.a).toBe(0x3c);
  });

  it('DJNZ loops until the register reaches zero, and wraps from 00h', () => {
    // MOV R3,#3; loop: INC R4; DJNZ R3,loop
    const { cpu } = rig([[0, [0xbb, 0x03, 0x1c, 0xeb, 0x02]]]);
    expect(runTo(cpu, 5)).toBe(2 + 3 * 3);
    expect(cpu.ram[4]).toBe(3);
    const wrap = rig([[0, [0xeb, 0x00]]]); // DJNZ R3 with R3=0 -> FFh, taken
    wrap.cpu.ram[3] = 0;
    wrap.cpu.step();
    expect([wrap.cpu.ram[3], wrap.cpu.pc]).toEqual([0xff, 0x000]);
  });

  it('the owner can swap the program array between instructions (cartridge banking)', () => {
    const { cpu } = rig([[0, [0x00]]]);
    const other = new Uint8Array(4096);
    other.set([0x23, 0x42], 1); // MOV A,#42h at 001h
    cpu.step();
    cpu.program = other;
    cpu.step();
    expect(cpu.a).toBe(0x42);
  });
});
