/**
 * The include file ASL writes for SHARED symbols (its `-a` option): one `name equ valueH` line per
 * shared name in the order declared, between ASL's own header and footer lines, so that another
 * program (another bank of a cartridge) can include it as it would ASL's.
 */
export interface SharedSymbol {
  /** As spelled in the SHARED statement. */
  name: string;
  value: number;
}

/** ASL's number form: upper-case hex, `H` after, a `0` before a letter; negatives as 64-bit two's complement. */
function aslHex(value: number): string {
  const digits = (BigInt(value) & 0xffff_ffff_ffff_ffffn).toString(16).toUpperCase();
  return `${/^[A-F]/.test(digits) ? '0' : ''}${digits}H`;
}

/** The file's text; ASL writes it in Latin-1 (the `ü` of its German header), see `sharedIncludeBytes`. */
export function sharedInclude(sourceName: string, shared: readonly SharedSymbol[]): string {
  const base = sourceName.replace(/^.*[\\/]/, '');
  const lines = [
    `; ${base}-Includefile f\u00fcr Assembler-Programm`,
    ...shared.map((s) => `${s.name} equ ${aslHex(s.value)}`),
    '; Ende Includefile f\u00fcr Assembler-Programm',
  ];
  return lines.join('\n') + '\n';
}

/** The same as bytes, Latin-1 as ASL writes them (every character here is below 256). */
export function sharedIncludeBytes(sourceName: string, shared: readonly SharedSymbol[]): Uint8Array {
  const text = sharedInclude(sourceName, shared);
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
}
