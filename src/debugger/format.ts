/** Text helpers for the debugger panel (kept DOM-free for tests). */
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

/** Parses "4A2", "4a2h" or "0x4A2" as a program address (0-FFFh); undefined otherwise. */
export function parseAddress(text: string): number | undefined {
  const m = /^\s*(?:0x)?([0-9a-f]{1,3})h?\s*$/i.exec(text);
  if (!m) return undefined;
  return parseInt(m[1], 16);
}

/** Parses "12", "12h" or "0x12" as a byte address or value up to `max`; undefined otherwise. */
export function parseByte(text: string, max = 0xff): number | undefined {
  const m = /^\s*(?:0x)?([0-9a-f]{1,2})h?\s*$/i.exec(text);
  if (!m) return undefined;
  const n = parseInt(m[1], 16);
  return n <= max ? n : undefined;
}

/**
 * Parses a value typed into the debugger ("5A", "5ah", "0x5A") of up to `digits` hex digits; the
 * sentence says why it was refused (nothing is changed then).
 */
export function parseHexValue(text: string, digits: 2 | 3): { value: number } | { why: string } {
  const m = /^\s*(?:0x)?([0-9a-f]+)h?\s*$/i.exec(text);
  const what = digits === 3 ? 'an address from 000 to FFF' : 'a byte from 00 to FF';
  if (!m) return { why: `"${text.trim()}" is not hex: type ${what} (nothing was changed).` };
  const value = parseInt(m[1], 16);
  if (value >= 16 ** digits) return { why: `${m[1].toUpperCase()}h is too big: type ${what} (nothing was changed).` };
  return { value };
}
