/** The worker's build of a user's program: Soeren Gust's demos as a user drops them, and the ways a build fails. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/worker/build-program.ts';
import type { SourceFile } from '../../../src/worker/build-program.ts';

const gust = join(import.meta.dirname, '../../programs/third-party/gust');
const file = (name: string): SourceFile => ({ name, text: readFileSync(join(gust, name), 'utf8') });

describe('building a dropped program', () => {
  it('builds a Gust demo with its include, as ASL does, into a 2 KB cartridge image from 400h', () => {
    const files = [file('g7000.h'), file('hello.a48')];
    const r = buildProgram(files, 'hello.a48');
    expect(r.ok).toBe(true);
    const golden = readFileSync(join(import.meta.dirname, '../../golden/asl-gust/hello.bin'));
    expect(r.image).toHaveLength(2048);
    expect(Buffer.from(r.image!.subarray(0, golden.length)).equals(golden)).toBe(true);
    expect(r.image!.subarray(golden.length).every((b) => b === 0xff)).toBe(true);
    expect(r.summary).toBe(
      `hello.a48: ${golden.length} bytes at 400h-${(0x400 + golden.length - 1).toString(16).toUpperCase()}h, a 2 KB cartridge`,
    );
    // The line map names the files as the sources do, for source lines and breakpoints.
    expect(r.source.lineMap.some((e) => e.file === 'hello.a48' && e.address === 0x400)).toBe(true);
    expect(Object.keys(r.source.files).sort()).toEqual(['g7000.h', 'hello.a48']);
  });

  it('finds an include by name whatever folder it was dropped from, ignoring case', () => {
    const files = [{ name: 'src/G7000.H', text: file('g7000.h').text }, file('hello.a48')];
    expect(buildProgram(files, 'hello.a48').ok).toBe(true);
  });

  it('names a missing include and the line that asks for it, and builds nothing', () => {
    const r = buildProgram([file('hello.a48')], 'hello.a48');
    expect(r.ok).toBe(false);
    expect(r.image).toBeUndefined();
    const d = r.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.file).toBe('hello.a48');
    expect(d.line).toBeGreaterThan(0);
    expect(d.message).toMatch(/g7000\.h/i);
  });

  it("gives an error with file, line, column and the operand's span", () => {
    const text = '\tcpu 8048\n\torg 400h\nstart:\tmov a,#1\n\tjmp nowhere\n';
    const r = buildProgram([{ name: 'bad.a48', text }], 'bad.a48');
    expect(r.ok).toBe(false);
    const d = r.diagnostics[0];
    expect(d).toMatchObject({ file: 'bad.a48', line: 4, severity: 'error' });
    expect(d.sourceLine.slice(d.column - 1, d.column - 1 + d.length)).toBe('nowhere');
  });

  it('refuses a program below 400h or past the largest cartridge, saying where it is', () => {
    expect(buildProgram([{ name: 'low.a48', text: '\torg 100h\n\tnop\n' }], 'low.a48').summary).toMatch(
      /starts at 100h, but a cartridge's program starts at 400h/,
    );
    expect(buildProgram([{ name: 'big.a48', text: '\torg 400h\n\tds 16385\n\tnop\n' }], 'big.a48').summary).toMatch(
      /more than the largest cartridge \(16384 bytes\)/,
    );
  });
});

describe('the new program', () => {
  it('builds on its own (no include) into a 2 KB cartridge whose vectors jump into the BIOS and to its main', async () => {
    const { NEW_PROGRAM } = await import('../../../src/editor/template.ts');
    const r = buildProgram([{ name: 'new.a48', text: NEW_PROGRAM }], 'new.a48');
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.image).toHaveLength(2048);
    // The reset vector: JMP 2C3h (the BIOS's SELECT GAME), encoded A10-A8 in the opcode's top bits: 44h C3h.
    expect([r.image![0], r.image![1]]).toEqual([0x44, 0xc3]);
    expect(r.source.lineMap.some((e) => e.file === 'new.a48')).toBe(true);
  });
});
