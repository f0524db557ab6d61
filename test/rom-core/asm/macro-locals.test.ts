/**
 * Line labels defined in a macro belong to that expansion, as ASL keeps them: a macro with a loop
 * can be expanded many times, its jumps reach its own labels, and the label is not seen outside.
 * LABEL and EQU in a macro still define global names (KTAA's `name_bank label $`). Bytes by hand:
 * DJNZ R2 = EAh addr, JMP 4xxh = 84h low, NOP = 00h.
 */
import { describe, expect, it } from 'vitest';
import { bytesOf, errorsOf } from './helpers.ts';

const WAIT = ['wait macro n', ' mov r2,#n', 'again djnz r2,again', ' jmp done', ' nop', 'done', ' endm'];

describe('labels local to a macro expansion', () => {
  it('each expansion has its own labels, forward and backward', () => {
    const src = [' org 400h', ...WAIT, ' wait 3', ' wait 5'].join('\n');
    // 400h: BA 03 (mov r2,#3)  402h: EA 02 (djnz r2,402h)  404h: 84 07 (jmp 407h)  406h: 00
    // 407h: BA 05              409h: EA 09                 40Bh: 84 0E (jmp 40Eh)  40Dh: 00
    expect(bytesOf(src)).toEqual([0xba, 3, 0xea, 0x02, 0x84, 0x07, 0x00, 0xba, 5, 0xea, 0x09, 0x84, 0x0e, 0x00]);
  });

  it('a label of the expansion is not seen after it; a global name of the same spelling is', () => {
    expect(errorsOf([...WAIT, ' wait 1', ' jmp again'].join('\n'))[0]).toMatchObject({
      code: 'undefined-symbol',
      line: 9,
    });
    const src = [' org 400h', 'again nop', ...WAIT, ' wait 1', ' jmp again'].join('\n');
    // 400h: 00  401h: BA 01  403h: EA 03  405h: 84 08  407h: 00  408h: 84 00 (the global again)
    expect(bytesOf(src)).toEqual([0x00, 0xba, 1, 0xea, 0x03, 0x84, 0x08, 0x00, 0x84, 0x00]);
  });

  it('LABEL and EQU in a macro define global names', () => {
    const src = [' org 400h', 'mark macro name', 'name label $', 'name_size equ 2', ' endm', ' nop', ' mark here'];
    expect(bytesOf([...src, ' db here & 0FFh, here_size'].join('\n'))).toEqual([0x00, 0x01, 0x02]);
  });

  it('a macro called from a macro: the inner expansion reaches its own labels, the outer one its own', () => {
    const src = [' org 400h', ...WAIT, 'twice macro', 'top wait 1', ' jmp top', ' endm', ' twice'].join('\n');
    // 400h: BA 01  402h: EA 02  404h: 84 07  406h: 00  407h: 84 00 (top = 400h)
    expect(bytesOf(src)).toEqual([0xba, 1, 0xea, 0x02, 0x84, 0x07, 0x00, 0x84, 0x00]);
  });
});
