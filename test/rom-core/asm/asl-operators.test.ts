/**
 * ASL's operators in a source of ASL's (one with a CPU statement): `!` is XOR, `^` power, `!!` logical
 * XOR, with ASL's ranks, where shifts and bit operators bind tighter than `*` and `+`, and `&&` `||`
 * tighter than the comparisons. ASL is not on this machine: the expected bytes are derived by hand from
 * the operator table of ASL's operator.c (each operator's function and rank, the smaller the tighter:
 * `<< >>` 3, `&` 5, `|` 6, `!` 7, `^` 8, `* / #` 11, `+ -` 13, `&&` 15, `||` 16, `!!` 17, comparisons
 * 23) and its PotOp (an integer power; 0 for a negative exponent), as ASL 1.42's manual lists them.
 * A source without CPU keeps C's reading (our own dialect): `^` is XOR there.
 */
import { describe, expect, it } from 'vitest';
import { bytesOf } from './helpers.ts';

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
