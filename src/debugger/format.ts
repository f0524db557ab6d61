/** Text helpers for the debugger panel (kept DOM-free for tests). */
import { NUMBER_FORMS, parseNumber } from '../../rom-core/debugger/index.ts';

export { NUMBER_FORMS } from '../../rom-core/debugger/index.ts';
export const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0');
export const hex3 = (n: number): string => n.toString(16).toUpperCase().padStart(3, '0');

/** A hex dump, 16 bytes a line, each line prefixed with its address. */
export function hexDump(bytes: readonly number[], base = 0, width = 16): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += width) {
    lines.push(
      `${hex2(base + i)}: ${bytes
        .slice(i, i + width)
        .map(hex2)
        .join(' ')}`,
    );
  }
  return lines.join('\n');
}

/** PSW as flags: C AC F0 BS and the stack pointer. */
export function pswText(psw: number): string {
  return `${psw & 0x80 ? 'C' : 'c'} ${psw & 0x40 ? 'AC' : 'ac'} ${psw & 0x20 ? 'F0' : 'f0'} ${psw & 0x10 ? 'BS' : 'bs'} SP=${psw & 7}`;
}

/** A number as the assembler writes it in hex, `digits` wide: `5Ah`, `0C3h` (a 0 before a letter), `4A2h`. */
export function asmHex(n: number, digits: number): string {
  const text = n.toString(16).toUpperCase().padStart(digits, '0');
  return `${/^[A-F]/.test(text) ? '0' : ''}${text}h`;
}

/** A program address (000h-FFFh) written as the assembler writes numbers (`4A2h`, `0x4A2`, `$4A2`, `1186`). */
export function parseAddress(text: string): number | undefined {
  const n = parseNumber(text);
  return n !== undefined && n <= 0xfff ? n : undefined;
}

/** A byte address or value up to `max`, written as the assembler writes numbers; undefined otherwise. */
export function parseByte(text: string, max = 0xff): number | undefined {
  const n = parseNumber(text);
  return n !== undefined && n <= max ? n : undefined;
}

/**
 * A value typed into the debugger, a byte (`digits` 2) or an address (3), written as the assembler
 * writes numbers; the sentence says why it was refused (nothing is changed then).
 */
export function parseValue(text: string, digits: 2 | 3): { value: number } | { why: string } {
  const typed = text.trim();
  const what = digits === 3 ? 'an address from 000h to FFFh' : 'a byte from 00h to FFh';
  const value = parseNumber(typed);
  if (value === undefined)
    return { why: `"${typed}" is not a number: type ${what} as ${NUMBER_FORMS} (nothing was changed).` };
  if (value >= 16 ** digits) {
    const hex = asmHex(value, digits);
    const said = typed.toUpperCase() === hex.toUpperCase() ? typed : `${typed} (${hex})`;
    return { why: `${said} is too big: type ${what} (nothing was changed).` };
  }
  return { value };
}
