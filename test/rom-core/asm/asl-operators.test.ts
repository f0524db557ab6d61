/**
 * ASL's operators in a source of ASL's (one with a CPU statement): `!` is XOR, `^` power, `!!` logical
 * XOR, with ASL's ranks, where shifts and bit operators bind tighter than `*` and `+`, and `&&` `||`
 * tighter than the comparisons. ASL is not on this machine: the expected bytes are derived by hand from
 * the operator table of ASL's operator.c (each operator's function and rank, the smaller the tighter:
 * `<< >>` 3, `&` 5, `|` 6, `!` 7, `^` 8, `* / #` 11, `+ -` 13, `&&` 15, `||` 16, `!!` 17, comparisons
 * 23) and its PotOp (an integer power; 0 for a negative exponent), as ASL 1.42's manual lists them.
 * A source without CPU keeps C's reading (our own dialect): `^` is XOR there.
 * `a >< n` (rank 4, between the shifts and `&`) is ASL's BitMirrorOp: the lowest n bits of a reversed,
 * the bits above kept; a count outside 1..32 is ASL's range error.
 */
import { describe, expect, it } from 'vitest';
import { bytesOf, errorsOf } from './helpers.ts';

const asl = (line: string): number[] => bytesOf(`\tcpu\t8048\n\torg\t400h\n${line}\n`);
const ours = (line: string): number[] => bytesOf(`\torg\t400h\n${line}\n`);

describe("ASL's ! and ^", () => {
  it('reads ! as XOR and ^ as a power, ^ tighter than * and ! looser than |', () => {
    expect(asl('\tdb\t3!5, 0F0h!0FFh, 2^4, 3^0, 2^7, 2^-1')).toEqual([6, 0x0f, 16, 1, 128, 0]);
    expect(asl('\tdb\t2*3^2')).toEqual([18]); // ASL: 2*(3^2); C would read (2*3)^2
    expect(asl('\tdb\t4!1|4')).toEqual([1]); // 4 ! (1 | 4); C's order would give 5
    expect(asl('\tdb\t1!3&2')).toEqual([3]); // 1 ! (3 & 2)
    expect(asl('\tmov\ta,#7!2')).toEqual([0x23, 0x05]);
  });

  it('reads the other operators in ASL’s ranks: shifts before +, && before the comparisons, !! logical XOR', () => {
    expect(asl('\tdb\t1+2<<3, 10-1<<2')).toEqual([17, 6]); // 1+(2<<3), 10-(1<<2)
    expect(asl('\tdb\t2=2&&3, 1+1=2')).toEqual([0, 1]); // 2 = (2&&3) is 2 = 1
    expect(asl('\tdb\t5!!0, 5!!3, 0!!0')).toEqual([1, 0, 0]);
    expect(asl('\tdb\t3!=4, !!5, ~~5')).toEqual([1, 1, 0]); // != stays "not equal"; !!x two logical NOTs
  });

  it('keeps C’s reading in a source without CPU (our own dialect): ^ is XOR, shifts after +', () => {
    expect(ours('\tdb\t2^4, 1+2<<3, 2*3^2, !!5')).toEqual([6, 24, 6 ^ 2, 1]);
  });

  it('takes ASL’s reading from a CPU statement in an include on, and before it in the main source', () => {
    const files: Record<string, string> = { 'cpu.inc': '\tcpu\t8048\n' };
    const src = '\torg\t400h\n\tinclude\t"cpu.inc"\n\tdb\t2^4\n';
    expect(bytesOf(src, { readFile: (p) => files[p] })).toEqual([16]);
    expect(bytesOf('\torg\t400h\n\tdb\t2^4\n\tcpu\t8048\n')).toEqual([16]);
  });
});

/**
 * ASL's rule for `a >< n` written a second way, on the value's 32 binary digits as text: the last n
 * digits reversed, the others kept; its four bytes, lowest first.
 */
function mirrorByRule(a: number, n: number): number[] {
  const digits = (a >>> 0).toString(2).padStart(32, '0');
  const kept = digits.slice(0, 32 - n);
  const mirrored = [...digits.slice(32 - n)].reverse().join('');
  const v = parseInt(kept + mirrored, 2);
  return [0, 8, 16, 24].map((shift) => Math.floor(v / 2 ** shift) & 0xff);
}

describe("ASL's >< (bit mirror)", () => {
  it('reverses the lowest n bits and keeps the bits above them', () => {
    const cases: [number, number][] = [
      [0xf1, 4],
      [1, 8],
      [0xb4, 8],
      [3, 1],
      [0x5a, 3],
      [-2, 4],
      [0x12345678, 32],
      [0x12345678, 31],
      [-1, 32],
    ];
    // db takes one byte: the 32-bit value is checked byte by byte.
    const value = (a: number): string => (a < 0 ? `${a}` : `0${a.toString(16)}h`);
    const bytes = ([a, n]: [number, number]): string =>
      [0, 8, 16, 24].map((shift) => `((${value(a)} >< ${n}) >> ${shift}) & 0FFh`).join(', ');
    expect(asl(`\tdb\t${cases.map(bytes).join(', ')}`)).toEqual(cases.flatMap(([a, n]) => mirrorByRule(a, n)));
    // Worked by hand: 0F1h's low nibble 0001 becomes 1000; 0B4h (10110100) becomes 00101101.
    expect(asl('\tdb\t0F1h >< 4, 0B4h >< 8')).toEqual([0xf8, 0x2d]);
    expect(asl('\tdb\t(12345678h >< 32) >> 24')).toEqual([0x1e]); // 12345678h reversed is 1E6A2C48h
    expect(asl('\tmov\ta,#1 >< 8')).toEqual([0x23, 0x80]);
  });

  it('binds as ASL ranks it: looser than the shifts, tighter than &', () => {
    expect(asl('\tdb\t0F1h >< 2 << 1')).toEqual([0xf8]); // 0F1h >< (2 << 1); left to right gives 1E4h
    expect(asl('\tdb\t0F1h & 0Fh >< 4')).toEqual([0x01]); // 0F1h & (0Fh >< 4); (0F1h & 0Fh) >< 4 is 8
    expect(asl('\tdb\t1 + 1 >< 4')).toEqual([9]); // 1 + (1 >< 4)
  });

  it('refuses a count outside 1..32 with one sentence, and the line gives no byte', () => {
    for (const count of ['0', '33', '-1']) {
      const errors = errorsOf(`\tcpu\t8048\n\torg\t400h\n\tdb\t5 >< ${count}\n`);
      expect(errors).toEqual([
        {
          code: 'out-of-range',
          message: `the bit count of >< must be 1 to 32 (ASL mirrors that many low bits), not ${count}`,
          line: 3,
          column: 7,
          length: 2,
          severity: 'error',
        },
      ]);
    }
  });

  it('is no operator in a source without CPU (our own dialect)', () => {
    const [error] = errorsOf('\torg\t400h\n\tdb\t5 >< 2\n');
    expect(error.message).toBe("unexpected '><' after expression");
  });
});
