import { describe, expect, it } from 'vitest';
import { assemble } from '../../../rom-core/asm/index.ts';
import { bytesOf, errorsOf, ok } from './helpers.ts';

// ASL 1.42's automatic bank select (issue 36): its code48.c (DecodeCALL_JMP) puts SEL MB0 (E5) or
// SEL MB1 (F5) before a JMP or CALL whose target is in the other 2 KB half from the instruction,
// unless an `ASSUME MB:n` is in force. The expected bytes are what ASL 1.42 Bld 282 (built from the
// source of github.com/Macroassembler-AS/asl-releases, branch upstream) and its p2bin made of the
// same sources; each test can fail (the bare instruction of before gave 2 bytes fewer).
/** Lines indented by a tab, but a line holding a tab already (`label\tjmp x`) starts in column 1. */
const src = (...lines: string[]): string => lines.map((l) => (l.includes('\t') ? l : `\t${l}`)).join('\n') + '\n';

describe('automatic SEL MB0 / SEL MB1 before JMP and CALL', () => {
  it('puts SEL MB1 before a jump up into 800h-FFFh, nothing before one in its own half', () => {
    // ASL: F5 24 00 54 00
    expect(bytesOf(src('org 700h', 'jmp 900h', 'call 200h'))).toEqual([0xf5, 0x24, 0x00, 0x54, 0x00]);
  });

  it('puts SEL MB0 before a jump down from the upper half', () => {
    // ASL: E5 24 00 (org 900h, jmp 100h)
    expect(bytesOf(src('org 900h', 'jmp 100h'))).toEqual([0xe5, 0x24, 0x00]);
  });

  it('every time: a SEL MB1 written just before does not count (ASL does not follow it)', () => {
    // ASL: F5 F5 24 10
    expect(bytesOf(src('org 700h', 'sel mb1', 'jmp 910h'))).toEqual([0xf5, 0xf5, 0x24, 0x10]);
  });

  it('the half is the one the statement starts in: a JMP at 7FDh is in the lower half', () => {
    // ASL: F5 E4 FF (SEL MB1; JMP 0FFFh at 7FBh) then 24 00 (JMP 100h at 7FDh)
    expect(bytesOf(src('org 7fah', 'jmp 0fffh', 'jmp 100h'))).toEqual([0xf5, 0xe4, 0xff, 0x24, 0x00]);
  });

  it('a forward target in the other half: labels after it move by the SEL byte', () => {
    // ASL: F5 E4 00 F5 F4 05 E6 F0 EA FA C4 F0 at 6F0h; at F00h E5 C4 F0 E6 00 E5 D4 F0 83
    const r = ok(
      src(
        'org 6f0h',
        'start\tjmp later',
        'call later2',
        'jnc start',
        'djnz r2,near',
        'near\tjmp start',
        'org 0f00h',
        'later\tjmp start',
        'jnc later',
        'later2\tcall start',
        'ret',
      ),
    );
    expect(Array.from(r.bytes.subarray(0, 12))).toEqual([
      0xf5, 0xe4, 0x00, 0xf5, 0xf4, 0x05, 0xe6, 0xf0, 0xea, 0xfa, 0xc4, 0xf0,
    ]);
    expect(r.symbols.get('near')).toBe(0x6fa);
    expect(r.symbols.get('later2')).toBe(0xf05);
    expect(Array.from(r.bytes.subarray(0xf00 - r.base))).toEqual([
      0xe5, 0xc4, 0xf0, 0xe6, 0x00, 0xe5, 0xd4, 0xf0, 0x83,
    ]);
  });

  it('the SEL and its JMP are one listing line with both bytes and 3 cycles, and the JMP has a line-map entry', () => {
    const r = ok(src('org 700h', 'jmp 900h'));
    expect(r.listing).toContain('0700  F5 24 00    3  \tjmp 900h');
    expect(r.lineMap.map((e) => e.address)).toEqual([0x700, 0x701]);
  });
});

describe('ASSUME MB turns it off, as in ASL', () => {
  it("ASSUME MB:1 in the upper half: a jump to the lower half is bare, with ASL's warning", () => {
    // ASL: 24 00 and "page might not be addressable"
    const r = assemble(src('org 900h', 'assume mb:1', 'jmp 100h'));
    expect(Array.from(r.bytes)).toEqual([0x24, 0x00]);
    expect(r.diagnostics).toMatchObject([{ severity: 'warning', code: 'bank-crossing', line: 3 }]);
  });

  it("ASSUME MB:0 in the upper half: a jump down is bare and quiet (the half assumed is the target's)", () => {
    // ASL: 24 00, no warning
    const r = assemble(src('org 900h', 'assume mb:0', 'jmp 100h'));
    expect(Array.from(r.bytes)).toEqual([0x24, 0x00]);
    expect(r.diagnostics).toEqual([]);
  });

  it('ASSUME MB:NOTHING turns the SEL byte on again', () => {
    // ASL: 24 00 E5 24 00
    expect(bytesOf(src('org 900h', 'assume mb:0', 'jmp 100h', 'assume mb:nothing', 'jmp 100h'))).toEqual([
      0x24, 0x00, 0xe5, 0x24, 0x00,
    ]);
  });

  it("each pass starts without an ASSUME, as ASL's InitCode_48 sets MB_NOTHING per pass", () => {
    // A forward reference makes a second pass; the ASSUME at the end must not reach the first JMP in it.
    const r = ok(src('org 900h', 'jmp fwd', 'jmp 100h', 'fwd\tnop', 'assume mb:0'));
    expect(Array.from(r.bytes)).toEqual([0x24, 0x05, 0xe5, 0x24, 0x00, 0x00]);
  });

  it('ASSUME refuses other registers and values outside 0..1', () => {
    expect(errorsOf(src('assume mb:2'))).toMatchObject([{ code: 'out-of-range', line: 1 }]);
    expect(errorsOf(src('assume ds:0'))).toMatchObject([{ code: 'syntax', line: 1 }]);
    expect(errorsOf(src('assume mb'))).toMatchObject([{ code: 'syntax', line: 1 }]);
  });
});

describe('JMP and CALL on the last two addresses of a half', () => {
  it('ASL refuses them; we make them bare (the disassembler writes them) with a warning saying so', () => {
    const r = assemble(src('org 7feh', 'jmp 900h'));
    expect(Array.from(r.bytes)).toEqual([0x24, 0x00]);
    expect(r.diagnostics).toMatchObject([{ severity: 'warning', code: 'not-on-this-address', line: 2 }]);
  });
});
