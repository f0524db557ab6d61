import { describe, expect, it } from 'vitest';
import { disasmLines, hexLines } from '../../../src/debugger/rom-view.ts';

/** A program space with a few instructions at 400h: JMP 405h, RETR, SEL RB1, MOV R0,#A1h. */
function image(): Uint8Array {
  const bytes = new Uint8Array(0x1000);
  bytes.set([0x84, 0x05, 0x93, 0xff, 0xff, 0xd5, 0xb8, 0xa1], 0x400);
  return bytes;
}

describe('the ROM view', () => {
  it('decodes instructions from an address with their bytes, the PC marked', () => {
    const lines = disasmLines(image(), 0x400, 0x405, 5);
    expect(lines.map((l) => l.text)).toEqual([
      '400  84 05  JMP 0x405',
      '402  93     RETR',
      '403  FF     MOV A,R7',
      '404  FF     MOV A,R7',
      '405  D5     SEL RB1',
    ]);
    expect(lines.filter((l) => l.current).map((l) => l.address)).toEqual([0x405]);
  });

  it("names the program's labels beside their instructions and as jump targets", () => {
    const lines = disasmLines(image(), 0x400, undefined, 4, { 0x402: 'done', 0x405: 'banked' });
    expect(lines.map((l) => l.text)).toEqual([
      '400  84 05  JMP banked',
      '402  93     RETR              ; done',
      '403  FF     MOV A,R7',
      '404  FF     MOV A,R7',
    ]);
  });

  it('dumps 16 bytes a line from the line holding the address; the end of program space ends it', () => {
    const lines = hexLines(image(), 0x405, 0x405, 2);
    expect(lines[0]).toEqual({
      address: 0x400,
      text: '400: 84 05 93 FF FF D5 B8 A1 00 00 00 00 00 00 00 00',
      current: true,
    });
    expect(lines[1].current).toBe(false);
    expect(hexLines(image(), 0xff5, undefined)).toHaveLength(1);
    expect(disasmLines(image(), 0xfff, undefined)).toHaveLength(1);
  });
});
